/** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>` when set, and stays open when unset. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScript, signedInUser, startTestServer, type TestServer } from './client';

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

/** The open server's request-count lines, and the count of one method, route pattern and status (0 when absent). */
const requestCountLines = async () =>
  (await (await scrape(open)).text()).split('\n').filter((l) => l.startsWith('luavault_http_request_duration_seconds_count{'));
const requestCount = async (method: string, route: string, status: number) => {
  const line = (await requestCountLines()).find((l) => l.startsWith(`luavault_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

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

  it('counts raw fetches answered by the fast path in the latency histogram, by status', async () => {
    const alice = await signedInUser(open.url, 'metrics');
    const script = await createScript(alice, { title: 'Counted', content: 'print("raw")' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body as { shareId: string };
    const raw = `${open.url}/api/share/${shareId}/raw`;
    const first = await fetch(raw);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    for (let n = 0; n < 4; n++) expect((await fetch(raw)).status).toBe(200);
    for (let n = 0; n < 2; n++) expect((await fetch(raw, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const text = await (await scrape(open)).text();
    const series = (status: number, suffix: string) =>
      new RegExp(`luavault_http_request_duration_seconds_${suffix}\\{[^}]*route="/api/share/:shareId/raw \\(fast path\\)",status="${status}"\\} ([0-9.e-]+)`).exec(text)?.[1];
    expect(Number(series(200, 'count'))).toBe(5);
    expect(Number(series(304, 'count'))).toBe(2);
    expect(Number(series(200, 'sum'))).toBeGreaterThan(0);
    expect(text).toMatch(/luavault_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/share\/:shareId\/raw \(fast path\)",status="200"\} 5/);
  });

  it('counts requests the Express routes answer by method, route pattern and status, each in its own series', async () => {
    const bob = await signedInUser(open.url, 'routes');
    const script = await createScript(bob, { title: 'Routed', content: 'print(1)' });
    const [saved, read] = [await requestCount('PUT', '/api/scripts/:id', 200), await requestCount('GET', '/api/scripts/:id', 200)];
    for (let n = 1; n <= 3; n++) expect((await bob.put(`/api/scripts/${script.id}`, { content: `print(${n})` })).status).toBe(200);
    expect((await bob.get(`/api/scripts/${script.id}`)).status).toBe(200);
    expect(await requestCount('PUT', '/api/scripts/:id', 200)).toBe(saved + 3);
    expect(await requestCount('GET', '/api/scripts/:id', 200)).toBe(read + 1);
  });

  it("records a route's error answers under the same route pattern as its successes", async () => {
    const carol = await signedInUser(open.url, 'errors');
    const script = await createScript(carol, { title: 'Errs', content: 'print(1)' });
    const [missing, invalid] = [await requestCount('PUT', '/api/scripts/:id', 404), await requestCount('PUT', '/api/scripts/:id', 400)];
    expect((await carol.put('/api/scripts/no-such-script', { content: 'x' })).status).toBe(404);
    expect((await carol.put(`/api/scripts/${script.id}`, { content: 42 })).status).toBe(400);
    expect(await requestCount('PUT', '/api/scripts/:id', 404)).toBe(missing + 1);
    expect(await requestCount('PUT', '/api/scripts/:id', 400)).toBe(invalid + 1);
    // no series without the mount path
    expect((await requestCountLines()).filter((l) => l.includes('route="/scripts/:id"'))).toEqual([]);
  });

  it('records a route typed in any letter case under its one pattern: the URL cannot mint new series', async () => {
    const dave = await signedInUser(open.url, 'cases');
    const before = await requestCount('GET', '/api/account/sessions', 200);
    for (const path of ['/api/account/sessions', '/api/AcCoUnT/sessions', '/API/ACCOUNT/sessions']) expect((await dave.get(path)).status).toBe(200);
    expect(await requestCount('GET', '/api/account/sessions', 200)).toBe(before + 3);
    expect((await requestCountLines()).filter((l) => /route="[^"]*[A-Z]/.test(l) && !l.includes('fast path'))).toEqual([]);
  });
});
