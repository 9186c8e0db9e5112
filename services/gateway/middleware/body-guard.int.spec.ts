import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import express from 'express';
import { bodyGuard } from './body-guard';

/** The body guard on a bare Express app: short timeouts so the behaviour shows in well under a second. */
const IDLE_MS = 400;
const LINGER_MS = 300;

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(bodyGuard(IDLE_MS, LINGER_MS));
  app.post('/refuse', (_req, res) => void res.status(401).json({ error: 'Not authenticated' }));
  app.post('/read', (req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => void res.json({ ok: true }));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function open(): Promise<{ socket: Socket; text: () => string; closedAt: Promise<number> }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      let text = '';
      const started = Date.now();
      socket.on('data', (data: Buffer) => (text += data.toString()));
      socket.on('error', () => undefined);
      const closedAt = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
      resolve({ socket, text: () => text, closedAt });
    });
  });
}

const post = (path: string, length: number) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;

describe('body guard', () => {
  it('a body that stops arriving while read is answered 408 and the connection closed', async () => {
    const { socket, text, closedAt } = await open();
    socket.write(post('/read', 1000) + 'partial');
    const closed = await closedAt;
    expect(text()).toMatch(/^HTTP\/1\.1 408 /);
    expect(text()).toContain('Request body timed out');
    expect(closed).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(closed).toBeLessThan(IDLE_MS + 1500);
  });

  it('a body that keeps arriving is not cut off by the idle timeout', async () => {
    const { socket, text } = await open();
    socket.write(post('/read', 6));
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
      socket.write('x');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(text()).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });

  it('after an early answer the rest of the body is drained for the linger time, then the connection is closed', async () => {
    const { socket, text, closedAt } = await open();
    socket.write(post('/refuse', 100 * 1024 * 1024));
    let closed = false;
    void closedAt.then(() => (closed = true));
    const sending = (async () => {
      while (!closed) {
        socket.write('x'.repeat(1024));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const after = await closedAt;
    await sending;
    expect(text()).toMatch(/^HTTP\/1\.1 401 /);
    expect(after).toBeGreaterThanOrEqual(LINGER_MS - 50);
    expect(after).toBeLessThan(LINGER_MS + 1000);
  });

  it('a body that ends after an early answer keeps the connection alive for the next request', async () => {
    const { socket, text } = await open();
    socket.write(post('/refuse', 5) + 'hello' + 'GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, LINGER_MS + 200));
    expect(text().match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 401', 'HTTP/1.1 404']);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});
