import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, eventually, field, file, ISO_DATE, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  await server?.dispose();
});

async function newKey(owner: Client, name = 'automation') {
  const res = await owner.post('/api/api-keys', { name });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; key: string; keyPreview: string; lastUsed: string | null; createdAt: string };
}

describe('API key management', () => {
  it('creates a key shown once (lv_ prefix, at most 64 characters); the list shows only a preview', async () => {
    const res = await alice.post('/api/api-keys', { name: '  CI deploy  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'CI deploy',
      createdAt: expect.stringMatching(ISO_DATE),
      keyPreview: expect.any(String),
      lastUsed: null,
      key: expect.stringMatching(/^lv_[A-Za-z0-9_-]+$/),
    });
    const key = res.body.key as string;
    expect(key.length).toBeLessThanOrEqual(64);
    expect(key.length - 3).toBeGreaterThanOrEqual(22); // at least 128 random bits in base64url
    expect(res.body.keyPreview).not.toBe(key);
    expect(res.body.keyPreview.length).toBeLessThan(key.length);

    const list = await alice.get('/api/api-keys');
    expect(list.status).toBe(200);
    const listed = list.body.find((k: { id: string }) => k.id === res.body.id);
    expect(listed).toEqual({ id: res.body.id, name: 'CI deploy', createdAt: res.body.createdAt, keyPreview: res.body.keyPreview, lastUsed: null });
    expect(list.text).not.toContain(key);

    const second = await newKey(alice, 'second');
    expect(second.key).not.toBe(key);
  });

  it('rejects a blank name with the spec message', async () => {
    for (const json of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await alice.post('/api/api-keys', json);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please provide a name for your API key.');
    }
  });

  it('no key or a wrong key answers 401 on /api/v1; a session cookie is not enough', async () => {
    for (const client of [new Client(server.url), new Client(server.url, { apiKey: 'lv_not-a-real-key' }), new Client(server.url, { apiKey: 'x'.repeat(500) }), alice]) {
      const res = await client.get('/api/v1/scripts');
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
      expect((await client.get('/api/v1/health')).status).toBe(401);
    }
    // The machine-readable description is public.
    const openapi = await new Client(server.url).get('/api/v1/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toMatch(/^3\.1/);
  });

  it('records lastUsed after use', async () => {
    const created = await newKey(alice, 'tracked');
    const bot = new Client(server.url, { apiKey: created.key });
    expect((await bot.get('/api/v1/health')).status).toBe(200);
    const listed = await eventually(
      async () => ((await alice.get('/api/api-keys')).body as { id: string; lastUsed: string | null }[]).find((k) => k.id === created.id)!,
      (k) => k.lastUsed !== null,
      5000,
    );
    expect(listed.lastUsed).toMatch(ISO_DATE);
    expect(Date.parse(listed.lastUsed!)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
  });

  it('a deleted key stops working at once', async () => {
    const created = await newKey(alice, 'short-lived');
    const bot = new Client(server.url, { apiKey: created.key });
    expect((await bot.get('/api/v1/scripts')).status).toBe(200);
    const del = await alice.delete(`/api/api-keys/${created.id}`);
    expect(del.status).toBe(204);
    expect((await bot.get('/api/v1/scripts')).status).toBe(401);
    expect((await bot.get('/api/v1/health')).status).toBe(401);
    expect((await alice.get('/api/api-keys')).body.map((k: { id: string }) => k.id)).not.toContain(created.id);
    expect((await alice.delete(`/api/api-keys/${created.id}`)).status).toBe(404);
  });
});

describe('public API /api/v1 with X-API-Key', () => {
  it('health, scripts, folders, content and raw', async () => {
    const bot = new Client(server.url, { apiKey: (await newKey(alice)).key });
    const folder = await createFolder(alice, 'v1 folder');
    const script = await createScript(alice, { title: 'v1 script', content: 'print("v1 ✓")', folderId: folder.id });

    expect((await bot.get('/api/v1/health')).body).toEqual({ status: 'ok' });

    const scripts = await bot.get('/api/v1/scripts');
    expect(scripts.status).toBe(200);
    expect(scripts.body.find((s: { id: string }) => s.id === script.id)).toMatchObject({ title: 'v1 script', folderId: folder.id, version: 1 });

    const folders = await bot.get('/api/v1/folders');
    expect(folders.status).toBe(200);
    expect(folders.body.find((f: { id: string }) => f.id === folder.id)).toMatchObject({ name: 'v1 folder', parentId: null });

    const content = await bot.get(`/api/v1/scripts/${script.id}/content`);
    expect(content.status).toBe(200);
    // created without an extension: named as before extensions were stored
    expect(content.body).toEqual({
      id: script.id,
      title: 'v1 script',
      extension: null,
      fileName: 'v1 script.lua',
      language: 'lua',
      content: 'print("v1 ✓")',
      version: 1,
      updatedAt: expect.stringMatching(ISO_DATE),
    });

    const raw = await bot.get(`/api/v1/scripts/${script.id}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(raw.text).toBe('print("v1 ✓")');

    expect((await bot.get('/api/v1/scripts/nosuchscript/content')).status).toBe(404);
    expect((await bot.get('/api/v1/scripts/bad%20id/content')).status).toBe(400);
  });

  it('refuses (400) to paste a Host header that is not a host name into a loadstring', async () => {
    const owner = await signedInUser(server.url, 'hosts');
    const key = (await owner.post('/api/api-keys', { name: 'host' })).body.key as string;
    const script = await createScript(owner, { title: 'Hosted', content: 'return 1' });
    expect((await owner.post(`/api/scripts/${script.id}/share`)).status).toBe(200);
    const { port } = new URL(server.url);
    const withHost = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ port, path: `/api/v1/scripts/${script.id}/loadstring`, headers: { Host: host, 'X-API-Key': key } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const forged = await withHost('h"+(function()end)()+"');
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ error: 'Invalid Host header' });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'scripts.example.com']) {
      const ok = await withHost(host);
      expect(ok.status, host).toBe(200);
      expect(ok.body).toContain(`("http://${host}/api/share/`);
    }
  });

  it('loadstring answers 409 before sharing and the exact snippet after', async () => {
    const bot = new Client(server.url, { apiKey: (await newKey(alice)).key });
    const script = await createScript(alice, { title: 'loader', content: 'print("loaded")' });

    const before = await bot.get(`/api/v1/scripts/${script.id}/loadstring`);
    expect(before.status).toBe(409);
    expect(before.body.error).toEqual(expect.any(String));

    const shared = await bot.post(`/api/v1/scripts/${script.id}/share`);
    expect(shared.status).toBe(200);
    const shareId = shared.body.shareId as string;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
    expect((await bot.post(`/api/v1/scripts/${script.id}/share`)).body.shareId).toBe(shareId);

    const after = await bot.get(`/api/v1/scripts/${script.id}/loadstring`);
    expect(after.status).toBe(200);
    expect(after.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(after.text).toBe(`loadstring(game:HttpGet("${server.url}/api/share/${shareId}/raw"))()`);
    // The URL in the snippet really serves the script.
    const url = /HttpGet\("([^"]+)"\)/.exec(after.text)![1]!;
    expect(await (await fetch(url)).text()).toBe('print("loaded")');
  });

  it('creates, uploads and updates scripts', async () => {
    const key = await newKey(alice, 'writer');
    const bot = new Client(server.url, { apiKey: key.key });
    const folder = await createFolder(alice, 'bot folder');

    const created = await bot.post('/api/v1/scripts', { title: 'From bot', content: 'print(1)' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'From bot', content: 'print(1)', folderId: null, version: 1 });
    const inFolder = await bot.post('/api/v1/scripts', { title: 'Bot in folder', content: 'print(2)', folderId: folder.id });
    expect(inFolder.status).toBe(201);
    expect(inFolder.body.folderId).toBe(folder.id);
    const blank = await bot.post('/api/v1/scripts', { title: ' ', content: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Please enter a title for your script');
    // The owner sees what the bot made at once.
    expect((await alice.get(`/api/scripts/${created.body.id}`)).status).toBe(200);

    const uploaded = await bot.upload('/api/v1/scripts/upload', [file('tool.lua', 'print("tool")'), field('title', 'Uploaded tool'), field('comment', 'first upload')]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ title: 'Uploaded tool', content: 'print("tool")', version: 1 });
    expect((await alice.get(`/api/scripts/${uploaded.body.id}/versions/1`)).body.comment).toBe('first upload');
    const untitled = await bot.upload('/api/v1/scripts/upload', [file('named-by-file.txt', 'print(3)')]);
    expect(untitled.status).toBe(201);
    expect(untitled.body.title).toBe('named-by-file');
    const badType = await bot.upload('/api/v1/scripts/upload', [file('tool.exe', 'MZ')]);
    expect(badType.status).toBe(400);
    expect(badType.body.error).toBe("Invalid file type - Only .lua, .luau, .txt and Rojo's .project.json, .meta.json and .model.json files are allowed");

    const patched = await bot.patch(`/api/v1/scripts/${created.body.id}`, { content: 'print(1.1)', comment: 'bot fix' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: created.body.id, content: 'print(1.1)', version: 2, title: 'From bot' });
    const retitled = await bot.patch(`/api/v1/scripts/${created.body.id}`, { title: 'Bot script' });
    expect(retitled.body).toMatchObject({ title: 'Bot script', version: 3 });

    const patchedUpload = await bot.upload(`/api/v1/scripts/${created.body.id}/upload`, [file('new.lua', 'print("from file")'), field('comment', 'file update')], 'PATCH');
    expect(patchedUpload.status).toBe(200);
    expect(patchedUpload.body).toMatchObject({ content: 'print("from file")', version: 4, title: 'Bot script' });

    const versions = (await alice.get(`/api/scripts/${created.body.id}/versions`)).body;
    expect(versions.map((v: { version: number; comment: string }) => [v.version, v.comment])).toEqual([
      [4, 'file update'],
      [3, expect.any(String)],
      [2, 'bot fix'],
      [1, expect.any(String)],
    ]);
    expect((await bot.get(`/api/v1/scripts/${created.body.id}/content`)).body.content).toBe('print("from file")');

    // History names the API key as the actor of its writes.
    const history = (await alice.get(`/api/scripts/${created.body.id}/history`)).body as { actorId: string; actorName: string }[];
    expect(history.length).toBe(4);
    for (const entry of history) {
      expect(entry.actorId).toBe(`apikey:${key.id}`);
      expect(entry.actorName).toEqual(expect.any(String));
    }

    expect((await bot.patch('/api/v1/scripts/nosuchscript', { content: 'x' })).status).toBe(404);
    expect((await bot.patch(`/api/v1/scripts/${created.body.id}`, { content: '' })).status).toBe(400);
  });
});
