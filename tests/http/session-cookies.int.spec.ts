import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, signedInUser, startTestServer, type TestServer } from './client';

/**
 * Cookie tossing: cookies are not isolated by port, so a page on another port of our host can give the browser a
 * second `lv_session` (its own account's) with a narrower path, which the browser sends first. A request with more
 * than one session cookie is acted on with none of them. Over HTTPS the cookie is `__Host-lv_session`.
 */

let server: TestServer; // TRUST_PROXY=loopback: X-Forwarded-Proto: https makes a request secure

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await server?.dispose();
});

const tokenOf = (client: Client, name = 'lv_session') => client.cookies.get(name)!;
/** A request with this exact Cookie header (what a browser holding both cookies sends). */
const withCookies = (cookie: string, method: string, path: string, json?: unknown, extra: Record<string, string> = {}) =>
  new Client(server.url).request(method, path, { json, headers: { Cookie: cookie, ...extra } });
const expiredCookies = (lines: string[]) => lines.filter((line) => /expires=Thu, 01 Jan 1970/i.test(line));

describe('more than one session cookie', () => {
  it('a save goes into neither account: 401, and every copy the browser may hold is cleared', async () => {
    const victim = await signedInUser(server.url, 'victim');
    const attacker = await signedInUser(server.url, 'tosser');
    // the attacker's cookie, set for /api/scripts from another port, comes first
    const cookie = `lv_session=${tokenOf(attacker)}; lv_session=${tokenOf(victim)}`;
    const res = await withCookies(cookie, 'POST', '/api/scripts', { title: 'private', content: 'print("victim secret")' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/more than one session cookie/);
    const paths = expiredCookies(res.setCookies).map((line) => /Path=([^;]*)/i.exec(line)?.[1]);
    expect(paths).toEqual(expect.arrayContaining(['/', '/api', '/api/', '/api/scripts']));
    expect(res.setCookies.every((line) => line.startsWith('lv_session=;'))).toBe(true);
    expect((await attacker.get('/api/root-scripts')).body).toEqual([]);
    expect((await victim.get('/api/root-scripts')).body).toEqual([]);
  });

  it('holds for reads, saves, the account and the live-updates stream', async () => {
    const victim = await signedInUser(server.url, 'victim');
    const attacker = await signedInUser(server.url, 'tosser');
    const script = await createScript(victim, { content: 'print("mine")' });
    const cookie = `lv_session=${tokenOf(attacker)}; lv_session=${tokenOf(victim)}`;
    expect((await withCookies(cookie, 'GET', '/api/user')).status).toBe(401);
    expect((await withCookies(cookie, 'GET', `/api/scripts/${script.id}`)).status).toBe(401);
    expect((await withCookies(cookie, 'PUT', `/api/scripts/${script.id}`, { content: 'x' })).status).toBe(401);
    expect((await withCookies(cookie, 'GET', '/api/events', undefined, { Accept: 'text/event-stream' })).status).toBe(401);
    expect((await withCookies(cookie, 'POST', '/api/account/password', { currentPassword: 'x', newPassword: 'y'.repeat(12) })).status).toBe(401);
    // each alone still works: nothing was revoked
    expect((await victim.get(`/api/scripts/${script.id}`)).body.content).toBe('print("mine")');
    expect((await attacker.get('/api/user')).status).toBe(200);
  });

  it('sign-out ends every session it carries and clears them all', async () => {
    const victim = await signedInUser(server.url, 'victim');
    const attacker = await signedInUser(server.url, 'tosser');
    const res = await withCookies(`lv_session=${tokenOf(attacker)}; lv_session=${tokenOf(victim)}`, 'POST', '/api/logout');
    expect(res.status).toBe(204);
    expect(expiredCookies(res.setCookies).length).toBeGreaterThan(1);
    expect((await victim.get('/api/user')).status).toBe(401);
    expect((await attacker.get('/api/user')).status).toBe(401);
  });
});

describe('over HTTPS: the __Host- prefix', () => {
  const https = { 'X-Forwarded-Proto': 'https' };

  it('signs in with __Host-lv_session: Secure, Path=/, no Domain, and it authenticates', async () => {
    const client = new Client(server.url, { headers: https });
    expect((await client.register()).status).toBe(201);
    const [line] = (await client.login(client.user!.username)).setCookies;
    expect(line).toMatch(/^__Host-lv_session=[^;]+;/);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/domain=/i);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).setCookies[0]).toMatch(/^__Host-lv_session=;.*Secure/i);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('still accepts a session cookie from before HTTPS, alone; with a __Host- one it is a second cookie', async () => {
    const legacy = await signedInUser(server.url, 'legacy'); // plain http: lv_session
    const upgraded = new Client(server.url, { headers: https });
    for (const [name, value] of legacy.cookies) upgraded.cookies.set(name, value);
    expect((await upgraded.get('/api/user')).status).toBe(200);
    const tossed = await withCookies(`__Host-lv_session=${tokenOf(legacy)}; lv_session=${tokenOf(legacy)}`, 'GET', '/api/user', undefined, https);
    expect(tossed.status).toBe(401);
    // signing in over HTTPS replaces the old name
    const signedIn = await upgraded.login(legacy.user!.username);
    expect(signedIn.setCookies.some((line) => line.startsWith('__Host-lv_session=') && !line.includes('1970'))).toBe(true);
    expect(signedIn.setCookies.some((line) => line.startsWith('lv_session=;'))).toBe(true);
    expect([...upgraded.cookies.keys()]).toEqual(['__Host-lv_session']);
    expect((await upgraded.get('/api/user')).status).toBe(200);
  });
});
