import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, signedInUser, startTestServer, type TestServer } from './client';
import { startServer } from '../../services/server';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  await server?.dispose();
});

const titles = (items: { title: string }[]) => items.map((s) => s.title);

describe('workspace search (GET /api/search)', () => {
  it('finds a script two folders deep by part of its title, any case, with its folder path', async () => {
    const tools = await createFolder(alice, 'Tools');
    const net = await createFolder(alice, 'Net', tools.id);
    await createScript(alice, { title: 'Deep Fetcher', content: 'print(1)', folderId: net.id });
    await createScript(alice, { title: 'root fetch', content: 'print(2)' });
    await createScript(alice, { title: 'unrelated', content: 'fetcher inside content only' });

    const res = await alice.get('/api/search?q=FETCH');
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(['Deep Fetcher', 'root fetch']);
    expect(res.body[0].path).toEqual([
      { id: tools.id, name: 'Tools' },
      { id: net.id, name: 'Net' },
    ]);
    expect(res.body[1].path).toEqual([]);
    expect(res.body[0].content).toBeUndefined(); // lists never carry contents

    const folders = await alice.get('/api/search?q=ne&type=folders');
    expect(folders.body.map((f: { name: string }) => f.name)).toEqual(['Net']);
    expect(folders.body[0].path).toEqual([{ id: tools.id, name: 'Tools' }]);
  });

  it('treats the query as text, not a pattern, and only searches the caller\'s own library', async () => {
    await createScript(alice, { title: 'a.b (v2)', content: 'x' });
    await createScript(alice, { title: 'axb v2', content: 'x' });
    expect(titles((await alice.get(`/api/search?q=${encodeURIComponent('a.b (')}`)).body)).toEqual(['a.b (v2)']);
    expect((await alice.get(`/api/search?q=${encodeURIComponent('.*')}`)).body).toEqual([]);

    const bob = await signedInUser(server.url, 'bob');
    expect((await bob.get('/api/search?q=fetch')).body).toEqual([]);
  });

  it('pages with a Link header and refuses a missing query or another list\'s cursor with 400', async () => {
    for (let i = 0; i < 3; i++) await createScript(alice, { title: `paged ${i}`, content: 'x' });
    const first = await alice.get('/api/search?q=paged&limit=2');
    expect(titles(first.body)).toEqual(['paged 0', 'paged 1']);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    expect(titles((await alice.get(next!)).body)).toEqual(['paged 2']);

    expect((await alice.get('/api/search')).status).toBe(400);
    expect((await alice.get('/api/search?q=%20%20')).status).toBe(400);
    const cursor = new URL(next!, server.url).searchParams.get('cursor');
    expect((await alice.get(`/api/search?q=paged&type=folders&cursor=${cursor}`)).status).toBe(400);
    expect((await new Client(server.url).get('/api/search?q=x')).status).toBe(401);
  });
});

describe('library lists', () => {
  it('folder lists say how many scripts and subfolders each folder holds', async () => {
    const user = await signedInUser(server.url, 'counts');
    const top = await createFolder(user, 'Top');
    await createFolder(user, 'Inner', top.id);
    await createScript(user, { title: 'one', content: 'x', folderId: top.id });
    await createScript(user, { title: 'two', content: 'x', folderId: top.id });
    const [folder] = (await user.get('/api/folders?parentId=null')).body;
    expect(folder).toMatchObject({ id: top.id, scriptCount: 2, folderCount: 1 });
  });

  it('All Scripts sorts by title or size on request, newest update first by default', async () => {
    const user = await signedInUser(server.url, 'sorts');
    await createScript(user, { title: 'b-small', content: 'x' });
    await createScript(user, { title: 'a-large', content: 'x'.repeat(500) });
    await createScript(user, { title: 'c-medium', content: 'x'.repeat(50) });
    expect(titles((await user.get('/api/scripts')).body)).toEqual(['c-medium', 'a-large', 'b-small']);
    expect(titles((await user.get('/api/scripts?sort=title')).body)).toEqual(['a-large', 'b-small', 'c-medium']);
    expect(titles((await user.get('/api/scripts?sort=size')).body)).toEqual(['a-large', 'c-medium', 'b-small']);
    expect((await user.get('/api/scripts?sort=views')).status).toBe(400);
  });
});

describe('web app addresses', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'luavault-spa-'));
  const webDist = join(tmp, 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LuaVault</title><div id="root"></div>');
  let app: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    app = await startServer({ port: 0, dataDir: join(tmp, 'data'), webDist, env: { LOG_LEVEL: 'silent', RATE_LIMIT: 'off', EVENTSTORE_URL: '', MONGODB_URL: '' } });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers the app with 200 on its screens and with 404 elsewhere', async () => {
    for (const path of ['/', '/auth', '/script/abc', '/folder', '/folder/x1', '/share/folder/s1', '/docs', '/admin/scripts']) {
      const res = await fetch(app.url + path);
      expect(res.status, path).toBe(200);
    }
    for (const path of ['/nope', '/script/a/b', '/folder/x/y/z', '/share', '/docsx']) {
      const res = await fetch(app.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<div id="root">'); // the app still renders its own 404 page
    }
  });
});
