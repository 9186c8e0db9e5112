/**
 * Built assets are sent pre-compressed (the build's .br/.gz copies), chosen by Accept-Encoding, with year-long
 * immutable caching; index.html is revalidated on every visit.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../services/server';
import { precompressDir } from '../../web/scripts/precompress';

const ENV = { LOG_LEVEL: 'silent', EVENTSTORE_URL: '', MONGODB_URL: '', ADMIN_KEY: '', SESSION_SECRET: '', PUBLIC_ORIGIN: '', RATE_LIMIT: 'off' };
const tmp = mkdtempSync(join(tmpdir(), 'luavault-assets-'));
const webDist = join(tmp, 'dist');
const assets = join(webDist, 'assets');
const CHUNK = 'monaco-lua-AbC123.js';
const TINY = 'tiny-AbC123.css';

/** A real Monaco build file (the biggest one under 1 MB keeps brotli's best quality quick in a test). */
function monacoSource(): string {
  const dir = join(process.cwd(), 'node_modules', 'monaco-editor', 'min', 'vs');
  const candidates = readdirSync(dir)
    .filter((n) => n.endsWith('.js'))
    .map((n) => ({ path: join(dir, n), size: statSync(join(dir, n)).size }))
    .filter((f) => f.size < 1_000_000)
    .sort((a, b) => b.size - a.size);
  return candidates[0]!.path;
}

type Running = Awaited<ReturnType<typeof startServer>>;
let server: Running;
let original: Buffer;
beforeAll(async () => {
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LuaVault</title>');
  copyFileSync(monacoSource(), join(assets, CHUNK));
  writeFileSync(join(assets, TINY), 'body{margin:0}');
  original = readFileSync(join(assets, CHUNK));
  await precompressDir(assets);
  server = await startServer({ port: 0, dataDir: join(tmp, 'data'), webDist, env: ENV });
});
afterAll(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** A raw HTTP GET (fetch would decode the body and hide the bytes on the wire). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pre-compressed static assets', () => {
  it('the build step writes smaller .br and .gz copies beside files over 1 KB, none for smaller ones', () => {
    expect(statSync(join(assets, `${CHUNK}.br`)).size).toBeLessThan(original.length / 2);
    expect(statSync(join(assets, `${CHUNK}.gz`)).size).toBeLessThan(original.length / 2);
    expect(readdirSync(assets).filter((n) => n.startsWith('tiny'))).toEqual([TINY]);
  });

  it('a Monaco chunk asked for with Accept-Encoding: br comes back brotli, decoding to the same bytes', async () => {
    const res = await get(`/assets/${CHUNK}`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true);
  });

  it('brotli is preferred to gzip; gzip when brotli is refused or not offered', async () => {
    expect((await get(`/assets/${CHUNK}`, { 'Accept-Encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    const gz = await get(`/assets/${CHUNK}`, { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
  });

  it('without Accept-Encoding the file is sent as is', async () => {
    const res = await get(`/assets/${CHUNK}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(original.length);
    expect(res.body.equals(original)).toBe(true);
    const tiny = await get(`/assets/${TINY}`, { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(tiny.body.toString()).toBe('body{margin:0}');
  });

  it('HEAD answers the headers only; unknown or traversing names answer 404', async () => {
    const head = await get(`/assets/${CHUNK}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(statSync(join(assets, `${CHUNK}.br`)).size);
    expect(head.body.length).toBe(0);
    const missing = await get('/assets/missing-123.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toEqual({ error: 'Not found' });
    expect((await get('/assets/..%2Findex.html')).status).toBe(404);
  });

  it('index.html is revalidated on every visit, under its own name too', async () => {
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });
});
