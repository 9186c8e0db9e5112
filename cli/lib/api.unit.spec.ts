import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.mjs';
import { normalizeServer } from './config.mjs';

const KEY = 'lv_test-key';
const CLI = resolve(import.meta.dirname, '../luavault.mjs');

/** A local server that records every request and answers with `answer`. */
async function recordingServer(answer: (path: string, res: import('node:http').ServerResponse) => void) {
  const seen: { method: string; path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      answer(req.url!, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { seen, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('the CLI and redirects', () => {
  let other: Awaited<ReturnType<typeof recordingServer>>;
  let configured: Awaited<ReturnType<typeof recordingServer>>;

  beforeAll(async () => {
    other = await recordingServer((_path, res) => json(res, 200, { status: 'ok' }));
    configured = await recordingServer((path, res) => {
      if (path === '/api/v1/health') return json(res, 302, {}, { Location: `${other.url}/api/v1/health` });
      if (path === '/api/v1/scripts') return json(res, 308, {}, { Location: '/api/v1/moved/scripts' });
      if (path === '/api/v1/moved/scripts') return json(res, 201, { id: 's1', title: 't', content: 'print(1)', version: 1 });
      if (path.startsWith('/api/v1/search')) return json(res, 307, {}, { Location: `${other.url.replace('127.0.0.1', 'localhost')}${path}` });
      return json(res, 404, { error: 'Not found' });
    });
  });
  afterAll(async () => {
    await new Promise((done) => other.server.close(done));
    await new Promise((done) => configured.server.close(done));
  });

  it('refuses a redirect to another origin, with a clear message, and never sends the key there', async () => {
    const api = new Api({ server: configured.url, apiKey: KEY });
    const refused = await api.health().then(
      () => null,
      (error: { message: string; exitCode: number }) => error,
    );
    expect(refused?.exitCode).toBe(1);
    expect(refused?.message).toBe(
      `Refused a redirect from ${configured.url} to ${other.url}: the API key is sent only to the configured server. ` +
        'If the server moved, log in again with its new address (luavault login --server <url>).',
    );
    expect(other.seen).toEqual([]);
  });

  it('follows a redirect within the configured origin, keeping the method, body and key (308)', async () => {
    const api = new Api({ server: configured.url, apiKey: KEY });
    const created = await api.createScript({ title: 't', content: 'print(1)', folderId: 'f' });
    expect(created.id).toBe('s1');
    const moved = configured.seen.find((r) => r.path === '/api/v1/moved/scripts')!;
    expect(moved).toMatchObject({ method: 'POST', body: JSON.stringify({ title: 't', content: 'print(1)', folderId: 'f' }) });
    expect(moved.headers['x-api-key']).toBe(KEY);
  });

  it('exits 1 with the reason when a command meets such a redirect (localhost is another origin than 127.0.0.1)', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((done, fail) => {
      const child = spawn(process.execPath, [CLI, 'search', 'players'], {
        env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', LUAVAULT_SERVER: configured.url, LUAVAULT_API_KEY: KEY },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', fail);
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Refused a redirect from ${configured.url} to ${other.url.replace('127.0.0.1', 'localhost')}`);
    expect(other.seen).toEqual([]);
  });
});

describe('server addresses and pages, in linear time', () => {
  it('drops the trailing slashes of a server address', () => {
    expect(normalizeServer('https://vault.example.com///')).toBe('https://vault.example.com');
    const started = performance.now();
    expect(normalizeServer(`https://vault.example.com/${'/'.repeat(50_000)}x`)).toBe(`https://vault.example.com/${'/'.repeat(50_000)}x`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
