/** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>` when set, and stays open when unset. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './client';

const TOKEN = 'metrics-token-0123456789abcdef';
let guarded: TestServer;
let open: TestServer;
beforeAll(async () => {
  guarded = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  open = await startTestServer();
});
afterAll(async () => {
  await guarded.dispose();
  await open.dispose();
});

const scrape = (server: TestServer, authorization?: string) =>
  fetch(`${server.url}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });

describe('METRICS_TOKEN', () => {
  it('refuses a scrape without the right bearer token (401 JSON), serves it with the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(guarded, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.json()).toEqual({ error: 'Missing or invalid metrics token' });
    }
    const ok = await scrape(guarded, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_request_duration_seconds');
    // Health checks never need it.
    expect((await fetch(`${guarded.url}/healthz`)).status).toBe(200);
  });

  it('keeps /metrics open when no token is configured', async () => {
    expect((await scrape(open)).status).toBe(200);
  });
});
