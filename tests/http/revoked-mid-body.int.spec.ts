import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { Client, createScript, PASSWORD, signedInUser, startTestServer, uniqueName, type TestServer } from './client';
import { head, hostPort, openSocket } from '../fuzz/raw-http';

/**
 * Authentication runs when the headers are in; a body may follow for up to REQUEST_TIMEOUT_MS. A credential revoked
 * while the body trickles in (a password change, a deleted key, a deleted account) must not carry the write: 401, and
 * nothing recorded. Each test sends the headers and the body's first byte, revokes, then sends the rest.
 */

let server: TestServer;

beforeAll(async () => {
  // A short body idle timeout, well above the pause each test makes mid-body.
  server = await startTestServer({ env: { BODY_IDLE_TIMEOUT_MS: '5000' } });
});
afterAll(async () => {
  await server?.dispose();
});

interface SlowWrite {
  /** sends the rest of the body and reads the answer */
  finish(): Promise<{ status: number; text: string; body: any }>;
}

/** Opens `method path` with `body`, sending everything but its last bytes now. */
async function startSlowWrite(method: string, path: string, headers: Array<[string, string]>, body: Buffer | string): Promise<SlowWrite> {
  const bytes = Buffer.from(body);
  const socket: Socket = await openSocket(server.url);
  const { host, port } = hostPort(server.url);
  let received = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => (received = Buffer.concat([received, data])));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const all: Array<[string, string]> = [['Host', `${host}:${port}`], ['Connection', 'close'], ['Content-Length', String(bytes.length)], ...headers];
  socket.write(head(method, path, all));
  socket.write(bytes.subarray(0, bytes.length - 4));
  await new Promise((resolve) => setTimeout(resolve, 150)); // the server has authenticated and is reading the body
  return {
    async finish() {
      socket.write(bytes.subarray(bytes.length - 4));
      await closed;
      const text = received.toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const json = text.slice(text.indexOf('\r\n\r\n') + 4);
      return { status, text, body: json.startsWith('{') ? JSON.parse(json) : json };
    },
  };
}

const json = (value: unknown) => JSON.stringify(value);
const jsonType: [string, string] = ['Content-Type', 'application/json'];
const cookieOf = (client: Client): [string, string] => ['Cookie', client.cookieHeader()];

describe('a write whose credential is revoked while its body arrives', () => {
  it('a session ended by a password change creates no API key (401, cookie cleared)', async () => {
    const owner = await signedInUser(server.url, 'pwchange');
    const laptop = new Client(server.url);
    expect((await laptop.login(owner.user!.username)).status).toBe(200);
    const write = await startSlowWrite('POST', '/api/api-keys', [jsonType, cookieOf(laptop)], json({ name: 'sneaky' }));
    expect((await owner.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'brand-new-pw' })).status).toBe(204);
    const answer = await write.finish();
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/session ended while the request was being sent/);
    expect(answer.text).toMatch(/set-cookie: lv_session=;/i);
    expect((await owner.get('/api/api-keys')).body).toEqual([]);
  });

  it('a signed-out session saves nothing', async () => {
    const owner = await signedInUser(server.url, 'signout');
    const script = await createScript(owner, { content: 'print("mine")' });
    const write = await startSlowWrite('PUT', `/api/scripts/${script.id}`, [jsonType, cookieOf(owner)], json({ content: 'print("stale")' }));
    const other = new Client(server.url);
    for (const [name, value] of owner.cookies) other.cookies.set(name, value);
    expect((await other.post('/api/logout')).status).toBe(204);
    expect((await write.finish()).status).toBe(401);
    const again = new Client(server.url);
    await again.login(owner.user!.username);
    const after = await again.get(`/api/scripts/${script.id}`);
    expect(after.body).toMatchObject({ content: 'print("mine")', version: 1 });
  });

  it('a deleted API key replaces no content (JSON PATCH)', async () => {
    const owner = await signedInUser(server.url, 'keydel');
    const script = await createScript(owner, { content: 'print("mine")' });
    const created = (await owner.post('/api/api-keys', { name: 'ci' })).body;
    const write = await startSlowWrite('PATCH', `/api/v1/scripts/${script.id}`, [jsonType, ['X-API-Key', created.key]], json({ content: 'print("stale")' }));
    expect((await owner.delete(`/api/api-keys/${created.id}`)).status).toBe(204);
    const answer = await write.finish();
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/deleted while the request was being sent/);
    expect((await owner.get(`/api/scripts/${script.id}`)).body).toMatchObject({ content: 'print("mine")', version: 1 });
  });

  it('a deleted API key uploads nothing (multipart)', async () => {
    const owner = await signedInUser(server.url, 'keyup');
    const created = (await owner.post('/api/api-keys', { name: 'ci' })).body;
    const boundary = 'x-boundary-x';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="late.lua"', 'Content-Type: text/plain', '', 'print("late")', `--${boundary}--`, ''].join('\r\n');
    const write = await startSlowWrite('POST', '/api/v1/scripts/upload', [['Content-Type', `multipart/form-data; boundary=${boundary}`], ['X-API-Key', created.key]], body);
    expect((await owner.delete(`/api/api-keys/${created.id}`)).status).toBe(204);
    expect((await write.finish()).status).toBe(401);
    expect((await owner.get('/api/scripts')).body).toEqual([]);
  });

  it('a session of an account deleted meanwhile creates no key', async () => {
    const owner = await signedInUser(server.url, 'acctdel');
    const write = await startSlowWrite('POST', '/api/api-keys', [jsonType, cookieOf(owner)], json({ name: 'survivor' }));
    expect((await owner.post('/api/account/delete', { password: PASSWORD })).status).toBe(204);
    const answer = await write.finish();
    expect(answer.status).toBe(401);
    expect(answer.text).not.toMatch(/lv_[A-Za-z0-9_-]{20,}/); // no key handed out
    const admin = new Client(server.url, { apiKey: server.adminKey });
    expect((await admin.get(`/admin-api/users/${owner.user!.id}`)).status).toBe(404);
  });

  it('a credential still live when the body ends writes as before', async () => {
    const owner = await signedInUser(server.url, 'live');
    const write = await startSlowWrite('POST', '/api/api-keys', [jsonType, cookieOf(owner)], json({ name: uniqueName('fine') }));
    expect((await write.finish()).status).toBe(201);
  });
});
