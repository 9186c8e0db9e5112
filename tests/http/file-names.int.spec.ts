/**
 * A script keeps the extension it came with (`.lua`, `.luau`, or `.json` for Rojo's own files): every upload route and
 * the editor's create keep it, every answer carries `extension`, `fileName` (title + extension) and `language`, and a
 * script created without one (as every script before the field existed) is named as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, field, file, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let bot: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'names');
  bot = alice.withApiKey(((await alice.post('/api/api-keys', { name: 'names bot' })).body as { key: string }).key);
});
afterAll(async () => {
  await server?.dispose();
});

type Named = { id: string; title: string; extension: string | null; fileName: string; language: string };
const PROJECT = '{\n\t"name": "Game",\n\t"tree": { "$path": "src" }\n}\n';
const named = (s: Named) => ({ title: s.title, extension: s.extension, fileName: s.fileName, language: s.language });
const scriptsIn = async (folderId: string) => ((await alice.get(`/api/folders/${folderId}/scripts`)).body as Named[]).map(named);
const folderNamed = async (parentId: string, name: string) =>
  ((await alice.get(`/api/folders?parentId=${parentId}`)).body as { id: string; name: string }[]).find((f) => f.name === name)!;

describe('uploads keep the extension', () => {
  it('single upload: .luau, .lua in any case, .txt (no extension kept) and a Rojo project file', async () => {
    const cases: [string, Omit<Named, 'id'>][] = [
      ['init.server.luau', { title: 'init.server', extension: '.luau', fileName: 'init.server.luau', language: 'luau' }],
      ['Util.LUA', { title: 'Util', extension: '.LUA', fileName: 'Util.LUA', language: 'lua' }],
      ['notes.txt', { title: 'notes', extension: null, fileName: 'notes.lua', language: 'lua' }],
      ['default.project.json', { title: 'default.project', extension: '.json', fileName: 'default.project.json', language: 'json' }],
    ];
    for (const [name, expected] of cases) {
      const res = await alice.upload('/api/upload/script', [file(name, name.endsWith('.json') ? PROJECT : 'return 1')]);
      expect(res.status, name).toBe(201);
      expect(named(res.body), name).toEqual(expected);
      // the script's own answer says the same
      expect(named((await alice.get(`/api/scripts/${res.body.id}`)).body), name).toEqual(expected);
    }
  });

  it('refuses JSON files that are not Rojo\'s own, with the message naming what is accepted', async () => {
    for (const name of ['package.json', 'project.json', 'a.json.lua.exe']) {
      const res = await alice.upload('/api/upload/script', [file(name, '{}')]);
      expect(res.status, name).toBe(400);
      expect(res.body.error).toBe("Invalid file type - Only .lua, .luau, .txt and Rojo's .project.json, .meta.json and .model.json files are allowed");
    }
  });

  it('multiple files into a folder: each keeps its own', async () => {
    const folder = await createFolder(alice, 'Batch of names');
    const res = await alice.upload(`/api/upload/folder/${folder.id}`, [file('a.luau', 'A', 'files'), file('b.lua', 'B', 'files'), file('init.meta.json', '{}', 'files')]);
    expect(res.status).toBe(201);
    expect(res.body.scripts.map((s: Named) => s.fileName).sort()).toEqual(['a.luau', 'b.lua', 'init.meta.json']);
    expect((await scriptsIn(folder.id)).map((s) => s.fileName).sort()).toEqual(['a.luau', 'b.lua', 'init.meta.json']);
  });

  it('structure and repository uploads of a Rojo tree: every name as it was, listed with its extension', async () => {
    const parent = await createFolder(alice, 'Structure of names');
    const structure = await alice.upload('/api/upload/structure', [
      file('init.server.luau', 'print("server")', 'files'),
      field('paths', 'Game/src/server/init.server.luau'),
      file('Util.luau', 'return {}', 'files'),
      field('paths', 'Game/src/shared/Util.luau'),
      field('parentFolderId', parent.id),
    ]);
    expect(structure.status).toBe(201);
    const src = await folderNamed((await folderNamed(parent.id, 'Game')).id, 'src');
    expect(await scriptsIn((await folderNamed(src.id, 'server')).id)).toEqual([{ title: 'init.server', extension: '.luau', fileName: 'init.server.luau', language: 'luau' }]);

    const repository = await alice.upload('/api/upload/repository', [
      field('repositoryName', 'Named repo'),
      file('default.project.json', PROJECT, 'files'),
      field('paths', 'game/default.project.json'),
      file('init.client.lua', 'print("client")', 'files'),
      field('paths', 'game/src/client/init.client.lua'),
    ]);
    expect(repository.status).toBe(201);
    expect(await scriptsIn(repository.body.folderId)).toEqual([{ title: 'default.project', extension: '.json', fileName: 'default.project.json', language: 'json' }]);
    const client = await folderNamed((await folderNamed(repository.body.folderId, 'src')).id, 'client');
    expect((await scriptsIn(client.id)).map((s) => s.fileName)).toEqual(['init.client.lua']);
    // All Scripts and title search list the file name too
    const all = (await alice.get('/api/scripts?sort=title')).body as Named[];
    expect(all.map((s) => s.fileName)).toContain('default.project.json');
    const found = (await alice.get('/api/search?q=init.client&type=scripts')).body as Named[];
    expect(found.map((s) => s.fileName)).toEqual(['init.client.lua']);
  });

  it('public API upload keeps the file\'s extension, also under a title given in the form', async () => {
    const plain = await bot.upload('/api/v1/scripts/upload', [file('Module.luau', 'return {}')]);
    expect(plain.status).toBe(201);
    expect(named(plain.body)).toEqual({ title: 'Module', extension: '.luau', fileName: 'Module.luau', language: 'luau' });
    const titled = await bot.upload('/api/v1/scripts/upload', [file('x.luau', 'return 2'), field('title', 'Renamed')]);
    expect(named(titled.body)).toEqual({ title: 'Renamed', extension: '.luau', fileName: 'Renamed.luau', language: 'luau' });
    // a new version from a file changes the content, not the name
    const next = await bot.upload(`/api/v1/scripts/${titled.body.id}/upload`, [file('other.lua', 'return 3')], 'PATCH');
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ fileName: 'Renamed.luau', version: 2 });
    const content = await bot.get(`/api/v1/scripts/${titled.body.id}/content`);
    expect(content.body).toMatchObject({ title: 'Renamed', extension: '.luau', fileName: 'Renamed.luau', language: 'luau', content: 'return 3' });
    const listed = (await bot.get('/api/v1/scripts')).body as Named[];
    expect(listed.find((s) => s.id === titled.body.id)?.fileName).toBe('Renamed.luau');
  });
});

describe('creating and renaming', () => {
  it('the editor\'s pick: a script created with an extension keeps it through renames and saves', async () => {
    const created = await alice.post('/api/scripts', { title: 'Shop', extension: '.luau', content: 'return "shop"' });
    expect(created.status).toBe(201);
    expect(named(created.body)).toEqual({ title: 'Shop', extension: '.luau', fileName: 'Shop.luau', language: 'luau' });
    const renamed = await alice.put(`/api/scripts/${created.body.id}`, { title: 'Store', content: 'return "store"' });
    expect(named(renamed.body)).toEqual({ title: 'Store', extension: '.luau', fileName: 'Store.luau', language: 'luau' });
    const restored = await alice.post(`/api/scripts/${created.body.id}/restore/1`);
    expect(restored.body.fileName).toBe('Store.luau');
    const viaApi = await bot.post('/api/v1/scripts', { title: 'Api', extension: '.lua', content: 'return 1' });
    expect(viaApi.body.fileName).toBe('Api.lua');
  });

  it('refuses an extension that is not .lua, .luau or .json, recording nothing', async () => {
    const before = ((await alice.get('/api/scripts')).body as unknown[]).length;
    for (const extension of ['.exe', 'lua', '.lua ', '', '.luau.exe', 7]) {
      const res = await alice.post('/api/scripts', { title: 'Bad', extension, content: 'return 1' });
      expect(res.status, String(extension)).toBe(400);
      expect(res.body.error).toBe('Extension must be .lua, .luau or .json');
    }
    expect(((await alice.get('/api/scripts')).body as unknown[]).length).toBe(before);
  });

  it('a script without an extension (every script from before) is named from its title, as the CLI always did', async () => {
    const bare = await alice.post('/api/scripts', { title: 'Legacy', content: 'return 1' });
    expect(named(bare.body)).toEqual({ title: 'Legacy', extension: null, fileName: 'Legacy.lua', language: 'lua' });
    const cliNamed = await bot.post('/api/v1/scripts', { title: 'init.client.luau', content: 'return 1' });
    expect(named(cliNamed.body)).toEqual({ title: 'init.client.luau', extension: null, fileName: 'init.client.luau', language: 'luau' });
    const project = await bot.post('/api/v1/scripts', { title: 'default.project.json', content: PROJECT });
    expect(named(project.body)).toMatchObject({ fileName: 'default.project.json', language: 'json' });
  });
});

describe('sharing a JSON file', () => {
  it('share answers say json, and no loadstring is offered for it', async () => {
    const json = await alice.upload('/api/upload/script', [file('init.meta.json', '{"className": "Folder"}')]);
    const lua = await alice.upload('/api/upload/script', [file('Run.luau', 'print("run")')]);
    const jsonShare = await bot.post(`/api/v1/scripts/${json.body.id}/share`);
    expect(jsonShare.status).toBe(200);
    expect(jsonShare.body.loadstring).toBeNull();
    expect(jsonShare.body.rawUrl).toContain(`/api/share/${jsonShare.body.shareId}/raw`);
    const refused = await bot.get(`/api/v1/scripts/${json.body.id}/loadstring`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('A JSON file is not a Lua script: it has no loadstring snippet (its raw URL serves the text)');

    const luaShare = await bot.post(`/api/v1/scripts/${lua.body.id}/share`);
    expect(luaShare.body.loadstring).toContain('loadstring(game:HttpGet(');
    expect((await bot.get(`/api/v1/scripts/${lua.body.id}/loadstring`)).status).toBe(200);

    // the public page's answer names the file and its language; the raw URL serves the text as it is
    const page = await new Client(server.url).get(`/api/share/${jsonShare.body.shareId}`);
    expect(page.body).toMatchObject({ title: 'init.meta', fileName: 'init.meta.json', language: 'json', content: '{"className": "Folder"}' });
    expect((await new Client(server.url).get(`/api/share/${jsonShare.body.shareId}/raw`)).text).toBe('{"className": "Folder"}');

    // a shared folder lists its scripts by file name
    const folder = await createFolder(alice, 'Shared names');
    await alice.post(`/api/scripts/${lua.body.id}/move`, { folderId: folder.id });
    const folderShare = await alice.post(`/api/folders/${folder.id}/share`);
    const tree = await new Client(server.url).get(`/api/share/folder/${folderShare.body.shareId}`);
    expect(tree.body.contents.scripts.map((s: { fileName: string }) => s.fileName)).toEqual(['Run.luau']);
    const opened = await new Client(server.url).get(`/api/share/folder/${folderShare.body.shareId}/scripts/${lua.body.id}`);
    expect(opened.body).toMatchObject({ fileName: 'Run.luau', language: 'luau' });
  });
});
