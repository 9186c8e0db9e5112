import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, file, signedInUser, startTestServer, type HttpResult, type TestServer } from './client';
import { RESPONSE_TOO_LARGE } from '../../services/gateway/middleware/response-cap';

/** Every list route answers one bounded page; the next page's URL is in `Link: <...>; rel="next"`. */
let server: TestServer;
let alice: Client;
let bob: Client;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  bob = await signedInUser(server.url, 'bob');
  admin = new Client(server.url, { apiKey: server.adminKey });
});
afterAll(async () => {
  await server?.dispose();
});

function nextLink(res: HttpResult): string | null {
  const link = res.headers.get('link');
  if (!link) return null;
  const match = /^<([^>]+)>;\s*rel="next"$/.exec(link);
  if (!match) throw new Error(`unexpected Link header: ${link}`);
  return match[1]!;
}

/** Follows `Link: rel="next"` from `first`, calling `between` before each further page. */
async function allPages(client: Client, first: string, between: (page: number) => Promise<void> = async () => {}) {
  /** test code reads many shapes; `any` keeps assertions short */
  const pages: any[][] = [];
  let path: string | null = first;
  while (path) {
    const res = await client.get(path);
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    pages.push(res.body);
    path = nextLink(res);
    if (path) await between(pages.length);
    if (pages.length > 100) throw new Error('pagination does not end');
  }
  return pages;
}

const idsOf = (pages: any[][], key: 'id' | 'position' = 'id') =>
  pages.flat().map((item) => (item as Record<string, unknown>)[key] as string);

function expectEachOnce(seen: string[], expected: string[]) {
  expect(new Set(seen).size).toBe(seen.length); // no duplicates
  for (const id of expected) expect(seen.filter((s) => s === id)).toHaveLength(1);
}

describe('cursor pagination of owner lists', () => {
  it('GET /api/scripts: every script exactly once across pages while scripts are added between requests; nobody else\'s', async () => {
    const user = await signedInUser(server.url, 'pager');
    const mine = [];
    for (let i = 0; i < 7; i++) mine.push((await createScript(user, { title: `s${i}` })).id);
    const theirs = (await createScript(bob, { title: 'bob-only' })).id;
    const added: string[] = [];
    const pages = await allPages(user, '/api/scripts?limit=3', async () => {
      added.push((await createScript(user, { title: 'added later' })).id);
    });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const seen = idsOf(pages);
    expectEachOnce(seen, mine);
    expect(seen).not.toContain(theirs);
    // newest first: a script added after the first page sorts before the cursor, so it never shifts a later page
    for (const id of added) expect(seen).not.toContain(id);
  });

  it('GET /api/root-scripts and /api/folders/{id}/scripts page only their own part of the library', async () => {
    const user = await signedInUser(server.url, 'parts');
    const folder = await createFolder(user, 'Box');
    const root: string[] = [];
    const inside: string[] = [];
    for (let i = 0; i < 5; i++) root.push((await createScript(user, { title: `r${i}` })).id);
    for (let i = 0; i < 5; i++) inside.push((await createScript(user, { title: `f${i}`, folderId: folder.id })).id);

    const rootSeen = idsOf(await allPages(user, '/api/root-scripts?limit=2', async () => void (await createScript(user, { title: 'more root' }))));
    expectEachOnce(rootSeen, root);
    for (const id of inside) expect(rootSeen).not.toContain(id);

    const folderPages = await allPages(user, `/api/folders/${folder.id}/scripts?limit=2`, async () => {
      await createScript(user, { title: 'more inside', folderId: folder.id });
    });
    expect(folderPages[0]).toHaveLength(2);
    const folderSeen = idsOf(folderPages);
    expectEachOnce(folderSeen, inside);
    for (const id of root) expect(folderSeen).not.toContain(id);
    expect((await bob.get(`/api/folders/${folder.id}/scripts?limit=2`)).status).toBe(404);
  });

  it('GET /api/folders (all, and by parent) orders by name and covers every folder once while folders are added', async () => {
    const user = await signedInUser(server.url, 'folders');
    const names = ['beta', 'Alpha', 'gamma', 'alpha', 'Beta', 'delta', 'delta'];
    const top: string[] = [];
    for (const name of names) top.push((await createFolder(user, name)).id);
    const child = (await createFolder(user, 'child', top[0]!)).id;
    await createFolder(bob, 'bob folder');

    let n = 0;
    const pages = await allPages(user, '/api/folders?parentId=null&limit=3', async () => {
      await createFolder(user, `added ${n++}`);
      await createFolder(user, 'Aardvark'); // sorts before every cursor: never seen, never shifts anything
    });
    const seen = idsOf(pages);
    expectEachOnce(seen, top);
    expect(seen).not.toContain(child);
    const order = pages.flat().map((f) => (f as { name: string }).name);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const everything = idsOf(await allPages(user, '/api/folders?limit=4'));
    expectEachOnce(everything, [...top, child]);
    const bobs = idsOf(await allPages(bob, '/api/folders?limit=4'));
    for (const id of everything) expect(bobs).not.toContain(id);
  });

  it('GET /api/scripts/{id}/versions and /history page newest first, each entry once while saves land between pages', async () => {
    const user = await signedInUser(server.url, 'versions');
    const script = await createScript(user, { title: 'v', content: 'print(1)' });
    for (let v = 2; v <= 6; v++) expect((await user.put(`/api/scripts/${script.id}`, { content: `print(${v})`, comment: `c${v}` })).status).toBe(200);
    await user.post(`/api/scripts/${script.id}/share`);

    let extra = 100;
    const versionPages = await allPages(user, `/api/scripts/${script.id}/versions?limit=2`, async () => {
      await user.put(`/api/scripts/${script.id}`, { content: `print(${extra++})` });
    });
    expect(versionPages[0]!.map((v) => (v as { version: number }).version)).toEqual([6, 5]);
    expectEachOnce(idsOf(versionPages).map(String), ['1', '2', '3', '4', '5', '6']);

    expect((await user.get(`/api/scripts/${script.id}/history?limit=201`)).status).toBe(400);
    const all = (await user.get(`/api/scripts/${script.id}/history?limit=200`)).body as { position: string }[];
    const historyPages = await allPages(user, `/api/scripts/${script.id}/history?limit=3`, async () => {
      await user.post(`/api/scripts/${script.id}/move`, { folderId: null });
    });
    const seen = idsOf(historyPages, 'position');
    expectEachOnce(seen, all.map((e) => e.position));
    const positions = seen.map(Number);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect((await bob.get(`/api/scripts/${script.id}/versions`)).status).toBe(404);
    expect((await bob.get(`/api/scripts/${script.id}/history`)).status).toBe(404);
  });

  it('GET /api/api-keys pages newest first and never lists another user\'s keys', async () => {
    const user = await signedInUser(server.url, 'keys');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await user.post('/api/api-keys', { name: `k${i}` })).body.id);
    const bobKey = (await bob.post('/api/api-keys', { name: 'bob key' })).body.id;
    const pages = await allPages(user, '/api/api-keys?limit=2', async () => void (await user.post('/api/api-keys', { name: 'later' })));
    const seen = idsOf(pages);
    expectEachOnce(seen, ids);
    expect(seen).not.toContain(bobKey);
    expect(JSON.stringify(pages)).not.toMatch(/"key"/);
  });
});

describe('limits and cursors', () => {
  it('answers the default page size without a limit and a Link to the rest', async () => {
    const user = await signedInUser(server.url, 'defaults');
    const script = await createScript(user, { content: 'x' });
    for (let v = 2; v <= 51; v++) await user.put(`/api/scripts/${script.id}`, { content: `x${v}` });
    const first = await user.get(`/api/scripts/${script.id}/versions`);
    expect(first.body).toHaveLength(50);
    const next = nextLink(first);
    expect(next).toMatch(new RegExp(`^/api/scripts/${script.id}/versions\\?cursor=`));
    const rest = await user.get(next!);
    expect(rest.body.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(nextLink(rest)).toBeNull();
    expect((await user.get(`/api/scripts/${script.id}/versions?limit=200`)).body).toHaveLength(51);
  });

  it.each([
    ['/api/scripts', 200],
    ['/api/root-scripts', 200],
    ['/api/folders', 500],
    ['/api/api-keys', 100],
  ])('%s refuses a limit outside 1..%i, a malformed limit and a bad cursor with 400 JSON', async (route, max) => {
    expect((await alice.get(`${route}?limit=${max}`)).status).toBe(200);
    for (const bad of ['0', String(max + 1), '-1', 'abc', '1.5', '', '99999999999']) {
      const res = await alice.get(`${route}?limit=${encodeURIComponent(bad)}`);
      expect(res.status, `limit=${bad}`).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining('limit'), field: 'limit' });
    }
    for (const bad of ['nope', 'eyJ4IjoxfQ', Buffer.from('["scripts"]').toString('base64url'), '%%%', 'a'.repeat(2000)]) {
      const res = await alice.get(`${route}?cursor=${encodeURIComponent(bad)}`);
      expect(res.status, `cursor=${bad}`).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid cursor', field: 'cursor' });
    }
    expect((await alice.get(`${route}?limit=1&limit=2`)).status).toBe(400);
  });

  it('refuses one list\'s cursor on another list', async () => {
    const user = await signedInUser(server.url, 'cross');
    await createScript(user);
    await createScript(user);
    const scriptsCursor = new URL(nextLink(await user.get('/api/scripts?limit=1'))!, server.url).searchParams.get('cursor')!;
    expect((await user.get(`/api/folders?cursor=${scriptsCursor}`)).status).toBe(400);
    expect((await user.get(`/api/api-keys?cursor=${scriptsCursor}`)).status).toBe(400);
  });
});

describe('list items carry summaries, not contents', () => {
  it('script lists carry the 300-character preview and the size in bytes; the script route has the content', async () => {
    const user = await signedInUser(server.url, 'previews');
    const content = `-- é\n${'x'.repeat(1000)}`;
    const script = await createScript(user, { title: 'long', content });
    const folder = await createFolder(user, 'F');
    await createScript(user, { title: 'inside', content: 'print("in")', folderId: folder.id });
    for (const path of ['/api/scripts', '/api/root-scripts']) {
      const item = (await user.get(path)).body.find((s: { id: string }) => s.id === script.id);
      expect(item).toMatchObject({ id: script.id, title: 'long', preview: content.slice(0, 300), size: Buffer.byteLength(content), version: 1 });
      expect(item).not.toHaveProperty('content');
    }
    const inFolder = (await user.get(`/api/folders/${folder.id}/scripts`)).body;
    expect(inFolder).toEqual([expect.objectContaining({ title: 'inside', preview: 'print("in")', size: 11 })]);
    expect(inFolder[0]).not.toHaveProperty('content');
    expect((await user.get(`/api/scripts/${script.id}`)).body.content).toBe(content);
  });

  it('version lists carry number, comment, author, time and size but no content; one version carries its content', async () => {
    const user = await signedInUser(server.url, 'history');
    const script = await createScript(user, { content: 'print(1)' });
    await user.put(`/api/scripts/${script.id}`, { content: 'print("ünïcode")', comment: 'second' });
    const list = (await user.get(`/api/scripts/${script.id}/versions`)).body;
    expect(list).toEqual([
      {
        id: 2,
        version: 2,
        comment: 'second',
        createdAt: expect.any(String),
        authorId: `user:${user.user!.id}`,
        authorName: user.user!.username,
        size: Buffer.byteLength('print("ünïcode")'),
        linesAdded: 1,
        linesRemoved: 1,
        automaticComment: false,
      },
      expect.objectContaining({ version: 1, size: 8, authorName: user.user!.username }),
    ]);
    const one = await user.get(`/api/scripts/${script.id}/versions/1`);
    expect(one.body).toMatchObject({ version: 1, content: 'print(1)' });
  });

  it('a multi-file upload answers script summaries, not the uploaded contents', async () => {
    const user = await signedInUser(server.url, 'uploads');
    const res = await user.upload('/api/upload/folder/null', [file('a.lua', 'print("a")', 'files'), file('b.lua', 'print("b")', 'files')]);
    expect(res.status).toBe(201);
    expect(res.body.scripts).toEqual([
      expect.objectContaining({ title: 'a', preview: 'print("a")', size: 10 }),
      expect.objectContaining({ title: 'b', preview: 'print("b")', size: 10 }),
    ]);
    expect(res.body.scripts[0]).not.toHaveProperty('content');
  });
});

describe('no response body exceeds 8 MB', () => {
  const MB = 1024 * 1024;
  it('a 5 MB script: lists stay small, the script itself is served, and an answer escaped past 8 MB is refused with 413', async () => {
    const user = await signedInUser(server.url, 'big');
    const big = `${'-- a line of a large script\n'.repeat(Math.floor((5 * MB) / 28))}`;
    expect(Buffer.byteLength(big)).toBeLessThanOrEqual(5 * MB);
    const script = await createScript(user, { title: 'big', content: big });
    for (let v = 0; v < 3; v++) expect((await user.put(`/api/scripts/${script.id}`, { content: `${big.slice(0, -10)}${v}` })).status).toBe(200);

    const list = await user.get('/api/scripts');
    expect(list.text.length).toBeLessThan(10_000);
    const versions = await user.get(`/api/scripts/${script.id}/versions`);
    expect(versions.body).toHaveLength(4);
    expect(versions.text.length).toBeLessThan(10_000);
    const admins = await admin.get(`/admin-api/scripts?userId=${user.user!.id}`);
    expect(admins.text.length).toBeLessThan(10_000);

    const one = await user.get(`/api/scripts/${script.id}`);
    expect(one.status).toBe(200);
    expect(Buffer.byteLength(one.text)).toBeLessThanOrEqual(8 * MB);

    // 5 MB of quotes doubles when JSON escapes them: the guard answers 413 rather than a 10 MB body.
    const quotes = '"'.repeat(5 * MB - 16);
    const uploaded = await user.upload('/api/upload/script', [file('quotes.lua', quotes)]);
    expect(uploaded.status).toBe(413);
    expect(uploaded.body).toEqual({ error: expect.stringContaining('the change itself was applied') });
    const stored = (await user.get('/api/scripts')).body.find((s: { title: string }) => s.title === 'quotes');
    expect(stored).toMatchObject({ size: 5 * MB - 16 });
    // every answer that carries the text as JSON is refused alike: the script, its version, its share page
    const shareId = (await user.post(`/api/scripts/${stored.id}/share`)).body.shareId as string;
    for (const path of [`/api/scripts/${stored.id}`, `/api/scripts/${stored.id}/versions/1`, `/api/share/${shareId}`]) {
      const tooLarge = await user.get(path);
      expect([path, tooLarge.status, tooLarge.body]).toEqual([path, 413, { error: RESPONSE_TOO_LARGE }]);
    }
    // the raw text is not escaped: served whole
    expect((await user.get(`/api/share/${shareId}/raw`)).text).toBe(quotes);
  }, 60_000);
});

describe('a shared folder is bounded', () => {
  it('lists at most 1,000 folders and scripts, nearest levels first, and says when it cut the tree', async () => {
    const owner = await signedInUser(server.url, 'bigshare');
    const top = await createFolder(owner, 'Top');
    const sub = await createFolder(owner, 'Sub', top.id);
    const files = (from: number, count: number) => Array.from({ length: count }, (_, i) => file(`s${from + i}.lua`, `print(${from + i})`, 'files'));
    expect((await owner.upload(`/api/upload/folder/${top.id}`, files(0, 500))).status).toBe(201);
    expect((await owner.upload(`/api/upload/folder/${top.id}`, files(500, 498))).status).toBe(201);
    const shareId = (await owner.post(`/api/folders/${top.id}/share`)).body.shareId as string;
    const anonymous = new Client(server.url);

    // 998 scripts + 1 folder + 1 script below it: exactly 1,000 entries, nothing cut
    await createScript(owner, { title: 'deep', folderId: sub.id });
    const whole = await anonymous.get(`/api/share/folder/${shareId}`);
    expect(whole.body.truncated).toBe(false);
    expect(whole.body.contents.scripts).toHaveLength(998);
    expect(whole.body.contents.subfolders[0].contents.scripts).toEqual([expect.objectContaining({ title: 'deep' })]);

    await createScript(owner, { title: 'deeper still', folderId: sub.id });
    const cut = await anonymous.get(`/api/share/folder/${shareId}`);
    expect(cut.status).toBe(200);
    expect(cut.body.truncated).toBe(true);
    expect(cut.body.contents.scripts).toHaveLength(998);
    expect(cut.body.contents.subfolders[0].contents.scripts).toHaveLength(1);
    expect(cut.text).not.toContain('print(');
  }, 60_000);
});

describe('admin and public API lists', () => {
  it('GET /admin-api/users and /admin-api/scripts page every item once; shared scripts carry previews (private ones none) and the content is one call away', async () => {
    const owner = await signedInUser(server.url, 'adminseen');
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await createScript(owner, { title: `a${i}`, content: `print(${i})` })).id);
    const users = idsOf(await allPages(admin, '/admin-api/users?limit=2', async () => void (await signedInUser(server.url, 'later'))));
    expectEachOnce(users, [alice.user!.id, bob.user!.id, owner.user!.id]);

    const pages = await allPages(admin, `/admin-api/scripts?userId=${owner.user!.id}&limit=2`, async () => void (await createScript(bob)));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expectEachOnce(idsOf(pages), created);
    expect(pages.flat()[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      userId: owner.user!.id,
      username: owner.user!.username,
      views: 0,
      updatedAt: expect.any(String),
      preview: null, // a private script's text is seen only by opening it, which its owner's activity records
      size: 8,
    });
    await owner.post(`/api/scripts/${created[1]}/share`);
    const shared = (await admin.get(`/admin-api/scripts?userId=${owner.user!.id}&limit=10`)).body.find((s: { id: string }) => s.id === created[1]);
    expect(shared.preview).toBe('print(1)');
    const full = await admin.get(`/admin-api/scripts/${created[0]}`);
    expect(full.body).toMatchObject({ id: created[0], title: 'a0', content: 'print(0)', userId: owner.user!.id });
    expect((await admin.get('/admin-api/scripts/nope')).status).toBe(404);
    expect((await admin.get('/admin-api/scripts?limit=201')).status).toBe(400);
    expect((await admin.get('/admin-api/users?cursor=zz')).status).toBe(400);
    expect((await owner.get(`/admin-api/scripts/${created[0]}`)).status).toBe(401);
  });

  it('GET /api/v1/scripts and /api/v1/folders page with the API key\'s owner only', async () => {
    const owner = await signedInUser(server.url, 'v1');
    const key = (await owner.post('/api/api-keys', { name: 'ci' })).body.key as string;
    const api = owner.withApiKey(key);
    const scripts: string[] = [];
    const folders: string[] = [];
    for (let i = 0; i < 3; i++) scripts.push((await createScript(owner, { title: `v${i}` })).id);
    for (let i = 0; i < 3; i++) folders.push((await createFolder(owner, `d${i}`)).id);
    const s = await allPages(api, '/api/v1/scripts?limit=2', async () => void (await createScript(owner)));
    expectEachOnce(idsOf(s), scripts);
    expect(s.flat()[0]).toHaveProperty('preview');
    expect(s.flat()[0]).not.toHaveProperty('content');
    const f = await allPages(api, '/api/v1/folders?limit=2');
    expect(idsOf(f).sort()).toEqual([...folders].sort());
    expect((await api.get('/api/v1/scripts?limit=0')).status).toBe(400);
    expect((await api.get('/api/v1/folders?cursor=bad!')).status).toBe(400);
  });
});
