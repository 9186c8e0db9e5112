import { join } from 'node:path';
import { SqliteDatabase } from '../../services/sqlite/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { PAGE_SCAN_CHARS } from '../../projections/content-search/queries';
import { GROUPED_LISTING, LAST_GROUP_LINE, LAST_GROUP_TEXT } from '../fixtures/luau-grouped-listing';
import { Client, PASSWORD, createFolder, createScript, signedInUser, startTestServer, type TestServer } from './client';

/** Full-text search of one's own scripts: `GET /api/search?type=content` (session) and `GET /api/v1/search` (API key). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

const search = (client: Client, query: string) => client.get(`/api/search?type=content&q=${encodeURIComponent(query)}`);
const nextLink = (res: { headers: Headers }) => /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];

describe('content search (GET /api/search?type=content)', () => {
  it('finds a script by a line of its content, with the line number, highlights and the folder path', async () => {
    const alice = await signedInUser(server.url, 'finder');
    const tools = await createFolder(alice, 'Tools');
    const content = ['-- shop module', 'local Players = game:GetService("Players")', 'print(Players.LocalPlayer)'].join('\n');
    const script = await createScript(alice, { title: 'Shop', content, folderId: tools.id });
    await createScript(alice, { title: 'Other', content: 'print("unrelated")' });

    const res = await search(alice, 'local players = game:GetService("Players")');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        scriptId: script.id,
        title: 'Shop',
        folderId: tools.id,
        path: [{ id: tools.id, name: 'Tools' }],
        version: 1,
        current: true,
        titleMatch: false,
        lines: [
          { line: 2, text: 'local Players = game:GetService("Players")', highlights: [[0, 5], [6, 13], [16, 20], [21, 31], [33, 40]] },
          { line: 3, text: 'print(Players.LocalPlayer)', highlights: [[6, 13]] },
        ],
      },
    ]);
  });

  it('shows the line that says the query first, indentation kept, in a Luau file where earlier lines hold some of its words', async () => {
    const alice = await signedInUser(server.url, 'ranker');
    const script = await createScript(alice, { title: 'Listing.luau', content: GROUPED_LISTING });
    for (const query of ['if lastGroup ~= group then', 'lastGroup ~= group']) {
      const [item] = (await search(alice, query)).body as { scriptId: string; lines: { line: number; text: string }[] }[];
      expect(item!.scriptId).toBe(script.id);
      expect(item!.lines[0]).toMatchObject({ line: LAST_GROUP_LINE, text: LAST_GROUP_TEXT });
    }
    // the public API ranks the same way
    const key = (await alice.post('/api/api-keys', { name: 'cli' })).body.key as string;
    const v1 = await new Client(server.url, { apiKey: key }).get(`/api/v1/search?q=${encodeURIComponent('if lastGroup ~= group then')}`);
    expect(v1.body[0].lines[0]).toMatchObject({ line: LAST_GROUP_LINE, text: LAST_GROUP_TEXT });
  });

  it('needs every word, as whole words, in any case; the title counts', async () => {
    const alice = await signedInUser(server.url, 'words');
    await createScript(alice, { title: 'Inventory', content: 'local slots = 10\nreturn slots' });
    await createScript(alice, { title: 'Slots machine', content: 'print("spin")' });
    const titles = async (q: string) => ((await search(alice, q)).body as { title: string }[]).map((item) => item.title).sort();

    expect(await titles('SLOTS')).toEqual(['Inventory', 'Slots machine']);
    expect(await titles('slots spin')).toEqual(['Slots machine']);
    expect(await titles('slot')).toEqual([]); // a whole word, not a part of one
    expect(await titles('slots missing')).toEqual([]);
    const [machine] = (await search(alice, 'machine')).body;
    expect(machine).toMatchObject({ title: 'Slots machine', titleMatch: true, lines: [] });
  });

  it("never finds another user's script", async () => {
    const alice = await signedInUser(server.url, 'owner');
    const bob = await signedInUser(server.url, 'stranger');
    await createScript(alice, { title: 'Secret', content: 'local zebraquokka = 1' });
    expect((await search(alice, 'zebraquokka')).body).toHaveLength(1);
    expect((await search(bob, 'zebraquokka')).body).toEqual([]);
    expect((await new Client(server.url).get('/api/search?type=content&q=zebraquokka')).status).toBe(401);
  });

  it('finds the current version by default, and with versions=all a word that is only in an old version', async () => {
    const alice = await signedInUser(server.url, 'history');
    const script = await createScript(alice, { title: 'Evolving', content: 'local oldword = 1' });
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'local newword = 2' })).status).toBe(200);

    expect((await search(alice, 'oldword')).body).toEqual([]);
    expect((await search(alice, 'newword')).body).toMatchObject([{ scriptId: script.id, version: 2, current: true }]);
    const all = await alice.get('/api/search?type=content&q=oldword&versions=all');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject([{ scriptId: script.id, title: 'Evolving', version: 1, current: false, lines: [{ line: 1, text: 'local oldword = 1', highlights: [[6, 13]] }] }]);
    // one item per matching version
    const both = await alice.get('/api/search?type=content&q=local&versions=all');
    expect((both.body as { version: number }[]).map((item) => item.version).sort()).toEqual([1, 2]);
  });

  it('leaves out scripts in the trash, and finds them again once restored', async () => {
    const alice = await signedInUser(server.url, 'trash');
    const script = await createScript(alice, { title: 'Binned', content: 'local wombatique = true' });
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    expect((await search(alice, 'wombatique')).body).toEqual([]);
    expect((await alice.get('/api/search?type=content&q=wombatique&versions=all')).body).toEqual([]);

    expect((await alice.post(`/api/trash/scripts/${script.id}/restore`)).status).toBe(204);
    expect((await search(alice, 'wombatique')).body).toMatchObject([{ scriptId: script.id }]);
    expect((await alice.get('/api/search?type=content&q=wombatique&versions=all')).body).toMatchObject([{ scriptId: script.id, version: 1 }]);
  });

  it('reflects saves and deletions at once (the search index is written with the read models)', async () => {
    const alice = await signedInUser(server.url, 'changes');
    const script = await createScript(alice, { title: 'Mutable', content: 'alpha' });
    expect((await search(alice, 'alpha')).body).toHaveLength(1);
    await alice.put(`/api/scripts/${script.id}`, { content: 'beta' });
    expect((await search(alice, 'alpha')).body).toEqual([]);
    expect((await search(alice, 'beta')).body).toHaveLength(1);
    await alice.delete(`/api/scripts/${script.id}`);
    await alice.delete(`/api/trash/scripts/${script.id}`);
    expect((await search(alice, 'beta')).body).toEqual([]);
    expect((await alice.get('/api/search?type=content&q=beta&versions=all')).body).toEqual([]);
  });

  it('pages with a Link header, best match first', async () => {
    const alice = await signedInUser(server.url, 'pages');
    await createScript(alice, { title: 'once', content: 'local x = "marker"\n' + 'print(1)\n'.repeat(40) });
    await createScript(alice, { title: 'marker in the title', content: 'print(2)' });
    await createScript(alice, { title: 'many', content: 'marker marker marker\nmarker' });

    const first = await alice.get('/api/search?type=content&q=marker&limit=2');
    expect(first.status).toBe(200);
    expect((first.body as { title: string }[]).map((item) => item.title)).toEqual(['marker in the title', 'many']);
    const next = nextLink(first);
    expect(next).toBeDefined();
    const second = await alice.get(next!);
    expect((second.body as { title: string }[]).map((item) => item.title)).toEqual(['once']);
    expect(nextLink(second)).toBeUndefined();
  });

  it('reads at most PAGE_SCAN_CHARS of texts for the lines of one page, best results first; the rest are listed without lines', async () => {
    const reader = await signedInUser(server.url, 'long-texts');
    // 200 KB before the matching line: five texts fit in the page's 1 MB of reading, the sixth does not
    const content = `${'-- filler\n'.repeat(20_000)}local needle = 1\n`;
    for (let i = 0; i < 6; i++) await createScript(reader, { title: `Long ${i}`, content });
    const res = await search(reader, 'needle');
    expect(res.status).toBe(200);
    const lines = (res.body as { lines: { line: number }[] }[]).map((hit) => hit.lines.map((l) => l.line));
    expect(lines).toHaveLength(6);
    expect(lines.filter((shown) => shown.length > 0)).toEqual(Array(Math.floor(PAGE_SCAN_CHARS / content.length)).fill([20_001]));
    expect(lines.at(-1)).toEqual([]);
  });

  it('refuses a bad query with 400 JSON', async () => {
    const alice = await signedInUser(server.url, 'bad');
    for (const path of [
      '/api/search?type=content',
      '/api/search?type=content&q=%20%20',
      `/api/search?type=content&q=${'a'.repeat(201)}`,
      '/api/search?type=content&q=%21%21%21', // no word at all
      '/api/search?type=content&q=x&versions=some',
      '/api/search?type=content&q=x&limit=101',
      '/api/search?type=content&q=x&cursor=nope',
      '/api/search?type=everything&q=x',
    ]) {
      const res = await alice.get(path);
      expect(res.status, path).toBe(400);
      expect(typeof res.body.error, path).toBe('string');
    }
    // a title search's cursor is not a content search's
    for (let i = 0; i < 2; i++) await createScript(alice, { title: `paged ${i}`, content: 'x' });
    const titleCursor = new URL(nextLink(await alice.get('/api/search?q=paged&limit=1'))!, server.url).searchParams.get('cursor');
    expect((await alice.get(`/api/search?type=content&q=paged&cursor=${titleCursor}`)).status).toBe(400);
  });

  it('treats FTS and MongoDB query syntax as plain words', async () => {
    const alice = await signedInUser(server.url, 'syntax');
    await createScript(alice, { title: 'Ops', content: 'if a AND b OR NOT c then NEAR(x) end -- t0: "quoted" ü' });
    for (const q of ['AND', 'a AND b', 'NOT c', 'NEAR(x)', 't0:quoted', '"quoted"', '-c', 'Ü', `${'x'.repeat(200)}`, 'a* b^']) {
      const res = await search(alice, q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body), q).toBe(true);
    }
    expect((await search(alice, 'a AND b OR NOT c')).body).toHaveLength(1);
    expect((await search(alice, 'NEAR(x) -c')).body).toHaveLength(1);
    expect((await search(alice, 'a* b^')).body).toHaveLength(1); // `*` is not a prefix search: the words are a and b
    expect((await search(alice, 'OR zzz')).body).toEqual([]); // OR is a word to find, not an operator
    expect((await search(alice, '😀 🎮')).status).toBe(400); // no letter or digit
  });

  it('drops a deleted account from search: its documents and their index rows are gone from the read models', async () => {
    const own = await startTestServer();
    try {
      const alice = await signedInUser(own.url, 'leaving');
      const userId = alice.user!.id;
      const script = await createScript(alice, { title: 'Farewell', content: 'local okapifish = 1' });
      await alice.put(`/api/scripts/${script.id}`, { content: 'local okapifish = 2' });
      await createScript(alice, { title: 'Binned', content: 'local okapifish = 3' }).then((s) => alice.delete(`/api/scripts/${s.id}`));
      const apiKey = (await alice.post('/api/api-keys', { name: 'ci' })).body.key as string;
      expect((await alice.withApiKey(apiKey).get('/api/v1/search?q=okapifish&versions=all')).body).toHaveLength(2);
      expect((await alice.post('/api/account/delete', { password: PASSWORD })).status).toBe(204);
      await own.stop();

      const reads = await openEmbeddedReadStore(join(own.dataDir, 'read-models.sqlite'));
      try {
        for (const name of ['scripts', 'versions']) {
          expect(await reads.collection(name).countDocuments({ ownerId: userId }), name).toBe(0);
          expect(await reads.collection(name).searchText(['okapifish'], { filter: { ownerId: userId }, limit: 10 }), name).toEqual([]);
        }
      } finally {
        await reads.close();
      }
      const db = new SqliteDatabase(join(own.dataDir, 'read-models.sqlite'), { readOnly: true });
      try {
        const tables = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'docs\\_%\\_fts' ESCAPE '\\'").all() as { name: string }[];
        expect(tables).toHaveLength(2);
        for (const { name } of tables) {
          const orphans = db.prepare(`SELECT count(*) AS n FROM ${name} WHERE rowid NOT IN (SELECT rowid FROM ${name.slice(0, -'_fts'.length)})`).get() as { n: number };
          expect(orphans.n, name).toBe(0);
        }
      } finally {
        db.close();
      }
    } finally {
      await own.dispose();
    }
  });
});

describe('GET /api/v1/search (API key)', () => {
  it('answers the same items, paginated, for the key owner only', async () => {
    const alice = await signedInUser(server.url, 'apiuser');
    const script = await createScript(alice, { title: 'Deploy', content: 'local region = "eu"\nlocal region2 = region' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'local region = "us"' });
    const apiKey = (await alice.post('/api/api-keys', { name: 'ci' })).body.key as string;
    const api = alice.withApiKey(apiKey);

    const res = await api.get('/api/v1/search?q=region');
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await search(alice, 'region')).body);
    expect(res.body).toMatchObject([{ scriptId: script.id, version: 2, current: true, lines: [{ line: 1, text: 'local region = "us"' }] }]);

    const all = await api.get('/api/v1/search?q=region&versions=all&limit=1');
    expect(all.body).toHaveLength(1);
    const next = nextLink(all);
    expect(next).toMatch(/^\/api\/v1\/search\?/);
    const rest = await api.get(next!);
    const pages = [...all.body, ...rest.body] as { version: number; current: boolean }[];
    expect(pages.map((item) => [item.version, item.current]).sort()).toEqual([[1, false], [2, true]]);
    expect(nextLink(rest)).toBeUndefined();

    expect((await api.get('/api/v1/search')).status).toBe(400);
    expect((await new Client(server.url).get('/api/v1/search?q=region')).status).toBe(401);
    const bob = await signedInUser(server.url, 'apibob');
    const bobKey = (await bob.post('/api/api-keys', { name: 'ci' })).body.key as string;
    expect((await bob.withApiKey(bobKey).get('/api/v1/search?q=region')).body).toEqual([]);
  });
});
