import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './client';

/** `GET /cli/luavault.mjs`: the one-file CLI the server offers, and the version it tells the CLI on `/api/v1`. */

const BUILT = '#!/usr/bin/env node\n// luavault 9.8.7+abcdef012345: LuaVault\'s command-line sync, one file.\nconsole.log("hi");\n';

let cliDist: string;
let server: TestServer;
let unbuilt: TestServer;

beforeAll(async () => {
  cliDist = await mkdtemp(join(tmpdir(), 'luavault-cli-dist-'));
  await writeFile(join(cliDist, 'luavault.mjs'), BUILT);
  server = await startTestServer({ cliDist });
  unbuilt = await startTestServer({ cliDist: join(cliDist, 'missing') });
});

afterAll(async () => {
  await Promise.all([server?.dispose(), unbuilt?.dispose()]);
  await rm(cliDist, { recursive: true, force: true });
});

describe('GET /cli/luavault.mjs', () => {
  it('serves the built file as JavaScript to download, with its version and an ETag that answers 304', async () => {
    const res = await fetch(`${server.url}/cli/luavault.mjs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="luavault.mjs"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-luavault-cli-version')).toBe('9.8.7+abcdef012345');
    expect(await res.text()).toBe(BUILT);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);

    const again = await fetch(`${server.url}/cli/luavault.mjs`, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(`${server.url}/cli/luavault.mjs`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('answers 503 JSON with what to do when the server has no build of it', async () => {
    const res = await fetch(`${unbuilt.url}/cli/luavault.mjs`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'The command-line tool is not built on this server: run `npm run build`' });
  });

  it('tells a CLI naming its version which version is served, on every /api/v1 answer (errors included)', async () => {
    const user = await signedInUser(server.url, 'cli');
    const key = (await user.request('POST', '/api/api-keys', { json: { name: 'cli' } })).body.key as string;
    const asCli = await fetch(`${server.url}/api/v1/health`, { headers: { 'X-API-Key': key, 'X-LuaVault-CLI': '1.0.0+old' } });
    expect(asCli.headers.get('x-luavault-cli-served')).toBe('9.8.7+abcdef012345');
    const refused = await fetch(`${server.url}/api/v1/health`, { headers: { 'X-API-Key': 'lv_wrong', 'X-LuaVault-CLI': '1.0.0+old' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-luavault-cli-served')).toBe('9.8.7+abcdef012345');
    // other API clients are not sent it
    expect((await fetch(`${server.url}/api/v1/health`, { headers: { 'X-API-Key': key } })).headers.get('x-luavault-cli-served')).toBeNull();
    expect((await fetch(`${unbuilt.url}/api/v1/health`, { headers: { 'X-LuaVault-CLI': '1' } })).headers.get('x-luavault-cli-served')).toBeNull();
  });
});
