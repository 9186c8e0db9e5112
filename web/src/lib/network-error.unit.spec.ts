import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiFetchPage, errorMessage, NetworkError, OFFLINE_MESSAGE, onNetworkFailure } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('a request that gets no answer', () => {
  it('fails with the plain offline message, never "Failed to fetch", and reports it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const reported = vi.fn();
    const stop = onNetworkFailure(reported);
    try {
      const err = await apiFetch('/api/scripts/a', { method: 'PUT', json: { content: 'x' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(errorMessage(err)).toBe(OFFLINE_MESSAGE);
      await expect(apiFetchPage('/api/scripts')).rejects.toThrow(OFFLINE_MESSAGE);
      expect(reported).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(OFFLINE_MESSAGE);
  });

  it('treats a proxy with no server behind it (502, 504, a non-JSON 503) as no answer, and the app\'s own errors as errors', async () => {
    for (const status of [502, 504, 503]) {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad Gateway</html>', { status, headers: { 'Content-Type': 'text/html' } })));
      await expect(apiFetch('/api/scripts')).rejects.toBeInstanceOf(NetworkError);
    }
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"busy"}', { status: 503, headers: { 'Content-Type': 'application/json' } })));
    expect(errorMessage(await apiFetch('/api/scripts').catch((e: unknown) => e))).toBe('busy');
  });

  it('keeps an abort an abort', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    await expect(apiFetch('/api/scripts')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
