import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage, nextPageUrl } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends cookies and a JSON body, and reads JSON', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'a' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiFetch('/api/scripts', { method: 'POST', json: { title: 't' } })).toEqual({ id: 'a' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"title":"t"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });
  it('returns undefined for 204', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    expect(await apiFetch('/api/logout', { method: 'POST' })).toBeUndefined();
  });
  it('throws "{status}: {body}" and exposes the server error field', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"Invalid username or password"}', { status: 401, statusText: 'Unauthorized' })));
    const err = await apiFetch('/api/login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"error":"Invalid username or password"}');
    expect(errorMessage(err)).toBe('Invalid username or password');
  });
  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500, statusText: 'Internal Server Error' })));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('500: Internal Server Error');
  });
});

describe('nextPageUrl', () => {
  it('reads the next page from a Link header, in linear time on a header of many "<"', () => {
    expect(nextPageUrl('</api/scripts?cursor=abc>; rel="next"')).toBe('/api/scripts?cursor=abc');
    expect(nextPageUrl('</a>; rel="prev", </b> ; rel="next"')).toBe('/b');
    expect(nextPageUrl(null)).toBeNull();
    const started = performance.now();
    expect(nextPageUrl('<'.repeat(50_000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
