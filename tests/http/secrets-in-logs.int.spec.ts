/**
 * No secret reaches a log line at any level: a server at LOG_LEVEL=trace, with every line captured, sees the admin
 * key (in the /admin/<key> path and as X-API-Key), a session cookie, an API key, passwords at registration and
 * sign-in, and an Authorization header; none of them appears in what was written.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../services/server';
import { Client, uniqueName } from './client';

const lines: string[] = [];
const ADMIN_KEY = `adm${randomBytes(16).toString('hex')}`;
const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
const WRONG_PASSWORD = `wrong-${randomBytes(8).toString('hex')}`;
const BEARER = `bearer${randomBytes(12).toString('hex')}`;
let server: Awaited<ReturnType<typeof startServer>>;
let dataDir = '';
const stdoutWrite = process.stdout.write.bind(process.stdout);
const stderrWrite = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'luavault-logs-'));
  // Anything written to the process's own output while the server runs is captured too.
  const capture = (write: typeof stdoutWrite) => ((chunk: unknown, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stdoutWrite;
  process.stdout.write = capture(stdoutWrite);
  process.stderr.write = capture(stderrWrite);
  server = await startServer({
    port: 0,
    dataDir,
    env: { LOG_LEVEL: 'trace', EVENTSTORE_URL: '', MONGODB_URL: '', SESSION_SECRET: '', PUBLIC_ORIGIN: '', ADMIN_KEY },
    logDestination: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await server?.stop();
  process.stdout.write = stdoutWrite;
  process.stderr.write = stderrWrite;
  await rm(dataDir, { recursive: true, force: true });
});

describe('secrets stay out of the logs', () => {
  it('logs requests without the admin key, cookies, API keys, passwords or Authorization', async () => {
    const secrets: Record<string, string> = { 'admin key': ADMIN_KEY, password: PASSWORD, 'wrong password': WRONG_PASSWORD, bearer: BEARER };
    const username = uniqueName('logged');
    const alice = new Client(server.url);
    expect((await alice.register(username, PASSWORD)).status).toBe(201);
    const session = alice.cookies.get('lv_session')!;
    secrets['session cookie'] = session;
    secrets['session signature'] = session.split('.').pop()!;
    expect((await alice.login(username, PASSWORD)).status).toBe(200);
    expect((await new Client(server.url).login(username, WRONG_PASSWORD)).status).toBe(401);
    // A body the parser refuses still carries the password.
    await alice.request('POST', '/api/login', { body: `{"username":"${username}","password":"${PASSWORD}"`, headers: { 'Content-Type': 'application/json' } });

    const key = (await alice.post('/api/api-keys', { name: 'ci' })).body.key as string;
    secrets['API key'] = key;
    const bot = alice.withApiKey(key);
    expect((await bot.post('/api/v1/scripts', { title: 'By key', content: 'print(1)' })).status).toBe(201);
    expect((await bot.get('/api/v1/scripts')).status).toBe(200);
    expect((await new Client(server.url, { apiKey: `${key}x` }).get('/api/v1/scripts')).status).toBe(401);

    const guest = new Client(server.url);
    for (const path of [`/admin/${ADMIN_KEY}`, `/ADMIN/${ADMIN_KEY}/`, `//admin/${ADMIN_KEY}?tab=users`, `/%61dmin/${ADMIN_KEY}`]) await guest.get(path);
    expect((await guest.get('/admin-api/stats', { 'X-API-Key': ADMIN_KEY })).status).toBe(200);
    expect((await guest.get('/admin-api/users', { 'X-API-Key': ADMIN_KEY })).status).toBe(200);
    await guest.get('/admin-api/stats', { 'X-API-Key': `${ADMIN_KEY}0` });
    await alice.get('/api/scripts', { Authorization: `Bearer ${BEARER}` });
    await guest.get('/metrics', { Authorization: `Bearer ${BEARER}` });
    await guest.get('/api/user', { Cookie: `lv_session=${session}x` });
    expect((await alice.post('/api/logout')).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const logged = lines.join('');
    // The capture works: requests were logged, the admin path masked.
    expect(logged).toContain('"msg":"request"');
    expect(logged).toContain('/admin/[redacted]');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(logged.includes(secret), `${name} appears in the logs`).toBe(false);
      expect(logged.includes(encodeURIComponent(secret)), `${name} (URL-encoded) appears in the logs`).toBe(false);
    }
  });
});
