import { describe, expect, it } from 'vitest';
import { isCrossOriginAllowed, type OriginFacts } from './cross-origin';

const facts = (overrides: Partial<OriginFacts>): OriginFacts => ({
  method: 'POST',
  secFetchSite: undefined,
  origin: undefined,
  ownOrigin: 'http://localhost:3000',
  publicOrigin: undefined,
  apiKey: false,
  ...overrides,
});

describe('isCrossOriginAllowed (Go 1.25 CrossOriginProtection rules)', () => {
  it('lets safe methods through whatever their origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(isCrossOriginAllowed(facts({ method, secFetchSite: 'cross-site', origin: 'https://evil.example' }))).toBe(true);
    }
  });

  it('trusts Sec-Fetch-Site first: same-origin and none pass, same-site and cross-site are refused', () => {
    expect(isCrossOriginAllowed(facts({ secFetchSite: 'same-origin' }))).toBe(true);
    expect(isCrossOriginAllowed(facts({ secFetchSite: 'none' }))).toBe(true);
    expect(isCrossOriginAllowed(facts({ secFetchSite: 'same-site' }))).toBe(false);
    expect(isCrossOriginAllowed(facts({ secFetchSite: 'cross-site' }))).toBe(false);
    // A same-site Sec-Fetch-Site wins over an Origin that looks like ours (another port is another origin).
    expect(isCrossOriginAllowed(facts({ secFetchSite: 'same-site', origin: 'http://localhost:3000' }))).toBe(false);
  });

  it('without Sec-Fetch-Site, compares Origin with our own origin or PUBLIC_ORIGIN', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossOriginAllowed(facts({ method, origin: 'http://localhost:3000' }))).toBe(true);
      expect(isCrossOriginAllowed(facts({ method, origin: 'http://localhost:3001' }))).toBe(false);
    }
    expect(isCrossOriginAllowed(facts({ origin: 'HTTP://LOCALHOST:3000' }))).toBe(true);
    expect(isCrossOriginAllowed(facts({ origin: 'https://localhost:3000' }))).toBe(false);
    expect(isCrossOriginAllowed(facts({ origin: 'null' }))).toBe(false);
    expect(isCrossOriginAllowed(facts({ origin: 'https://vault.example', ownOrigin: 'http://gateway:3000', publicOrigin: 'https://vault.example' }))).toBe(true);
    expect(isCrossOriginAllowed(facts({ origin: 'https://evil.example', publicOrigin: 'https://vault.example' }))).toBe(false);
  });

  it('lets a request with neither header through: not a browser (curl, game servers)', () => {
    expect(isCrossOriginAllowed(facts({}))).toBe(true);
    expect(isCrossOriginAllowed(facts({ origin: '' }))).toBe(true);
  });

  it('lets API-key requests through: a browser cannot add X-API-Key to a cross-origin request without our consent', () => {
    expect(isCrossOriginAllowed(facts({ apiKey: true, secFetchSite: 'cross-site', origin: 'https://evil.example' }))).toBe(true);
  });
});
