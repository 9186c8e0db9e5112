import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ISO_DATE, PASSWORD, startTestServer, uniqueName, type TestServer } from './client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

const sessionCookie = (lines: string[]) => lines.find((line) => line.startsWith('lv_session='));

describe('register', () => {
  it('answers 201 with the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const client = new Client(server.url);
    const username = uniqueName('reg');
    const res = await client.register(username);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), username, email: null, createdAt: expect.stringMatching(ISO_DATE) });
    expect(res.body).not.toHaveProperty('passwordHash');
    const cookie = sessionCookie(res.setCookies);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i); // plain http here

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...res.body, storage: { usedBytes: 0, quotaBytes: 100 * 1024 * 1024 } });
  });

  it('keeps an optional email', async () => {
    const client = new Client(server.url);
    const res = await client.register(uniqueName('mail'), PASSWORD, 'someone@example.com');
    expect(res.status).toBe(201);
    expect(res.body.email).toBe('someone@example.com');
  });

  it('rejects a short username or password with the spec messages and no cookie', async () => {
    const client = new Client(server.url);
    const shortName = await client.post('/api/register', { username: 'ab', password: PASSWORD });
    expect(shortName.status).toBe(400);
    expect(shortName.body.error).toBe('Username must be at least 3 characters');
    expect(sessionCookie(shortName.setCookies)).toBeUndefined();

    const paddedShort = await client.post('/api/register', { username: '  ab  ', password: PASSWORD });
    expect(paddedShort.status).toBe(400);
    expect(paddedShort.body.error).toBe('Username must be at least 3 characters');

    const shortPassword = await client.post('/api/register', { username: uniqueName(), password: '12345' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.error).toBe('Password must be at least 6 characters');
    expect(client.cookies.size).toBe(0);
  });

  it('answers 409 for a taken username, also when only the case differs', async () => {
    const username = uniqueName('Dup');
    expect((await new Client(server.url).register(username)).status).toBe(201);

    const same = await new Client(server.url).register(username);
    expect(same.status).toBe(409);
    expect(same.body.error).toBe('Username already taken');

    const otherCase = await new Client(server.url).register(username.toUpperCase());
    expect(otherCase.status).toBe(409);
    expect(otherCase.body.error).toBe('Username already taken');

    const lower = await new Client(server.url).register(username.toLowerCase());
    expect(lower.status).toBe(409);
  });

  it('lets exactly one of two simultaneous registrations of one name win', async () => {
    const username = uniqueName('race');
    const results = await Promise.all([new Client(server.url).register(username), new Client(server.url).register(username)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('login and current user', () => {
  it('signs in with the right password and answers 401 otherwise', async () => {
    const username = uniqueName('login');
    const registered = await new Client(server.url).register(username);

    const client = new Client(server.url);
    const good = await client.login(username);
    expect(good.status).toBe(200);
    expect(good.body).toEqual(registered.body);
    expect(sessionCookie(good.setCookies)).toMatch(/HttpOnly/i);
    expect((await client.get('/api/user')).body.username).toBe(username);

    const wrongPassword = await new Client(server.url).login(username, 'wrong-password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error).toBe('Invalid username or password');
    expect(sessionCookie(wrongPassword.setCookies)).toBeUndefined();

    const unknown = await new Client(server.url).login(uniqueName('nobody'));
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('Invalid username or password');
  });

  it('GET /api/user answers 401 JSON when signed out or with a forged cookie', async () => {
    const anonymous = await new Client(server.url).get('/api/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: expect.any(String) });

    const forged = new Client(server.url);
    forged.cookies.set('lv_session', 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.bm90LWEtc2lnbmF0dXJl');
    expect((await forged.get('/api/user')).status).toBe(401);

    const tampered = new Client(server.url);
    await tampered.register(uniqueName('tamper'));
    const token = tampered.cookies.get('lv_session')!;
    tampered.cookies.set('lv_session', token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
    expect((await tampered.get('/api/user')).status).toBe(401);
  });

  it('logout answers 204 and revokes the token on the server: the old cookie replayed answers 401', async () => {
    const client = new Client(server.url);
    const username = uniqueName('logout');
    await client.register(username);
    const oldCookie = client.cookieHeader();
    expect((await client.get('/api/scripts')).status).toBe(200);

    // A second session of the same user must survive the first one's logout.
    const otherSession = new Client(server.url);
    await otherSession.login(username);

    const out = await client.post('/api/logout');
    expect(out.status).toBe(204);
    expect(client.cookies.has('lv_session')).toBe(false); // the cookie is cleared

    const replay = (path: string) => fetch(server.url + path, { headers: { Cookie: oldCookie } });
    expect((await replay('/api/user')).status).toBe(401);
    expect((await replay('/api/scripts')).status).toBe(401);
    expect((await replay('/api/folders')).status).toBe(401);

    expect((await otherSession.get('/api/user')).status).toBe(200);
    // Signing out again (or without a session) still succeeds for the caller.
    expect((await new Client(server.url).post('/api/logout')).status).toBe(204);
  });

  it('every session-only route answers 401 without a session', async () => {
    const anonymous = new Client(server.url);
    for (const [method, path] of [
      ['GET', '/api/scripts'],
      ['GET', '/api/root-scripts'],
      ['POST', '/api/scripts'],
      ['GET', '/api/scripts/abc'],
      ['GET', '/api/folders'],
      ['POST', '/api/folders'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['POST', '/api/upload/script'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'GET' ? {} : { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error, `${method} ${path}`).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/config', () => {
  it('reports no quota and the 5 MB upload limit by default', async () => {
    const res = await new Client(server.url).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scriptQuota: null, maxUploadBytes: 5 * 1024 * 1024, trashDays: 30 });
  });
});
