import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { securityHeaders, STRICT_TRANSPORT_SECURITY } from './security-headers';

function headersFor(secure: boolean, publicOrigin?: string): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    set(name: string | Record<string, string>, value?: string) {
      if (typeof name === 'string') set[name] = value!;
      else Object.assign(set, name);
      return res;
    },
  };
  securityHeaders(publicOrigin)({ secure } as Request, res as unknown as Response, () => undefined);
  return set;
}

describe('securityHeaders', () => {
  it('adds HSTS on a secure request (TLS, or X-Forwarded-Proto https from a trusted proxy)', () => {
    expect(headersFor(true)['Strict-Transport-Security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(headersFor(false)['Strict-Transport-Security']).toBeUndefined();
    expect(headersFor(false, 'https://vault.example')['Strict-Transport-Security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(headersFor(false, 'http://vault.example')['Strict-Transport-Security']).toBeUndefined();
  });
});
