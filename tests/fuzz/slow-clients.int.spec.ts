import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { uniqueName, PASSWORD } from '../http/client';
import { startFuzzServer, type FuzzServer } from './harness';
import { MULTIPART_TYPE, multipartBody } from './cases';
import { head, hostPort, openSocket, rawExchange } from './raw-http';

/**
 * Slow and greedy clients (issue 8): headers and bodies that never finish, bodies that trickle, bodies still arriving
 * after the answer, and one address opening more connections than its share. Short settings keep this quick; the
 * defaults are in services/config.ts. Everything here goes over bare sockets (fetch would keep pooled connections
 * open and blur the connection count).
 */

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 3000;
const BODY_IDLE_TIMEOUT_MS = 800;
const MAX_CONNECTIONS = 8;
/** Node checks header and request deadlines once a second (services/server.ts), so allow that much on top. */
const CHECK_INTERVAL_MS = 1000;

let server: FuzzServer;
let cookie: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hostHeader(): [string, string] {
  const { host, port } = hostPort(server.url);
  return ['Host', `${host}:${port}`];
}

async function healthy(): Promise<boolean> {
  const answer = await rawExchange(server.url, [head('GET', '/healthz', [hostHeader(), ['Connection', 'close']])]);
  return answer.status === 200;
}

/** Resolves once the server has closed `socket` (true), or false after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed || socket.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('close', done).once('end', done);
  });
}

beforeAll(async () => {
  server = await startFuzzServer({
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_TIMEOUT_MS),
    MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS),
  });
  const body = JSON.stringify({ username: uniqueName('slow'), password: PASSWORD });
  const answer = await rawExchange(server.url, [
    head('POST', '/api/register', [hostHeader(), ['Connection', 'close'], ['Content-Type', 'application/json'], ['Content-Length', String(body.length)]]),
    body,
  ]);
  expect(answer.status).toBe(201);
  cookie = /set-cookie: (lv_session=[^;]+)/i.exec(answer.text)![1]!;
});

afterAll(async () => {
  await server?.dispose();
});

describe('slow clients', () => {
  it('headers that never finish are cut off after the headers timeout', async () => {
    const started = Date.now();
    const answer = await rawExchange(server.url, [`GET /healthz HTTP/1.1\r\n${hostHeader().join(': ')}\r\nX-Slow: a`], { waitMs: 6000 });
    const elapsed = Date.now() - started;
    expect(answer.closed || answer.status === 408).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + 1000);
    expect(await healthy()).toBe(true);
  });

  it('a body that stops arriving is answered 408 JSON after the idle timeout, on JSON and upload routes', async () => {
    const cases = [
      { path: '/api/scripts', type: 'application/json', body: Buffer.from('{"title":"slow","content":"') },
      { path: '/api/upload/script', type: MULTIPART_TYPE, body: multipartBody('file', 'slow.lua', 'x'.repeat(4000)).subarray(0, 300) },
      { path: '/api/register', type: 'application/json', body: Buffer.from('{"username":') },
    ];
    await Promise.all(
      cases.map(async ({ path, type, body }) => {
        const headers: Array<[string, string]> = [hostHeader(), ['Cookie', cookie], ['Content-Type', type], ['Content-Length', '4000']];
        const answer = await rawExchange(server.url, [head('POST', path, headers), body], { waitMs: 5000 });
        expect(answer.status, path).toBe(408);
        expect(answer.text, path).toMatch(/"error":"Request body timed out/);
        expect(answer.elapsedMs, path).toBeGreaterThanOrEqual(BODY_IDLE_TIMEOUT_MS - 100);
        expect(answer.elapsedMs, path).toBeLessThan(BODY_IDLE_TIMEOUT_MS + 1500);
      }),
    );
    expect(await healthy()).toBe(true);
  });

  it('a body that trickles (never idle long enough) is cut off by the request timeout', async () => {
    const headers: Array<[string, string]> = [hostHeader(), ['Cookie', cookie], ['Content-Type', MULTIPART_TYPE], ['Content-Length', '100000']];
    const drip = Array.from({ length: 40 }, () => 'x');
    const started = Date.now();
    const answer = await rawExchange(server.url, [head('POST', '/api/upload/script', headers), ...drip], { gapMs: BODY_IDLE_TIMEOUT_MS / 3, waitMs: 3000 });
    const elapsed = Date.now() - started;
    expect(answer.closed || answer.status === 408).toBe(true);
    if (answer.status !== null) expect(answer.status).toBe(408);
    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + 1500);
    expect(await healthy()).toBe(true);
  });

  it('after an early answer, a body still arriving does not hold the connection', async () => {
    // No session: 401 at once, the 100 MB announced are never read into memory. The connection then closes after the
    // linger time (middleware/body-guard.int.spec.ts) or, here sooner, the request timeout.
    const socket = await openSocket(server.url);
    let received = '';
    let answeredAfter = Infinity;
    const started = Date.now();
    socket.on('data', (data: Buffer) => {
      received += data.toString();
      answeredAfter = Math.min(answeredAfter, Date.now() - started);
    });
    socket.on('error', () => undefined);
    socket.write(head('POST', '/api/scripts', [hostHeader(), ['Content-Type', 'application/json'], ['Content-Length', String(100 * 1024 * 1024)]]));
    let closed = false;
    socket.once('close', () => (closed = true));
    while (!closed && Date.now() - started < REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + 2000) {
      socket.write('x'.repeat(1024));
      await sleep(100);
    }
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(answeredAfter).toBeLessThan(1000);
    expect(closed).toBe(true);
    socket.destroy();
    expect(await healthy()).toBe(true);
  });

  it('one address gets at most MAX_CONNECTIONS_PER_ADDRESS open connections; the next is closed at once, and freed slots are reusable', async () => {
    // Earlier tests' sockets close asynchronously on the server: let them settle, then fill the quota.
    await sleep(200);
    const open: Socket[] = [];
    const deadline = Date.now() + 3000;
    while (open.length < MAX_CONNECTIONS && Date.now() < deadline) {
      const socket = await openSocket(server.url);
      socket.on('error', () => undefined);
      if (await closedWithin(socket, 100)) continue;
      open.push(socket);
    }
    expect(open.length).toBe(MAX_CONNECTIONS);

    const extra = await openSocket(server.url);
    extra.on('error', () => undefined);
    expect(await closedWithin(extra, 2000)).toBe(true);

    // The connections already open still work.
    const answer = new Promise<string>((resolve) => {
      let text = '';
      open[0]!.on('data', (data: Buffer) => {
        text += data.toString();
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    open[0]!.write(head('GET', '/healthz', [hostHeader()]));
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);

    for (const socket of open) socket.destroy();
    await sleep(100);
    expect(await healthy()).toBe(true);
  });
});
