/**
 * `.luau` files (Roblox's Lua dialect; most Rojo projects) are accepted wherever `.lua` is: every session upload route
 * and both public API upload routes. The title drops `.luau` the way it drops `.lua`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, field, file, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'luau');
});
afterAll(async () => {
  await server?.dispose();
});

const LUAU = 'local function add(a: number, b: number): number\n\treturn a + b\nend\nreturn add\n';
const INVALID_TYPE = "Invalid file type - Only .lua, .luau, .txt and Rojo's .project.json, .meta.json and .model.json files are allowed";

type FolderRow = { id: string; name: string; parentId: string | null };
type ScriptRow = { id: string; title: string; folderId: string | null };

const scriptsIn = async (folderId: string) => (await alice.get(`/api/folders/${folderId}/scripts`)).body as ScriptRow[];
const childFolders = async (parentId: string) => (await alice.get(`/api/folders?parentId=${parentId}`)).body as FolderRow[];

describe('.luau uploads', () => {
  it('single upload: a .luau file (any case) becomes a script titled without the extension', async () => {
    const res = await alice.upload('/api/upload/script', [file('Maths.luau', LUAU)]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Maths', content: LUAU, version: 1 });
    const upper = await alice.upload('/api/upload/script', [file('SHOUT.LUAU', 'print(1)')]);
    expect(upper.status).toBe(201);
    expect(upper.body.title).toBe('SHOUT');
    // Only the extension goes: a name that merely contains "luau" keeps it.
    const dotted = await alice.upload('/api/upload/script', [file('init.server.luau', 'print(2)')]);
    expect(dotted.body.title).toBe('init.server');
  });

  it('still refuses look-alikes, naming .luau in the message', async () => {
    for (const name of ['a.luaux', 'a.lua.u', 'a.luau.exe', 'luau']) {
      const res = await alice.upload('/api/upload/script', [file(name, 'x')]);
      expect(res.status, name).toBe(400);
      expect(res.body.error).toBe(INVALID_TYPE);
    }
  });

  it('multiple files into a folder take .luau beside .lua and .txt', async () => {
    const folder = await createFolder(alice, 'Mixed batch');
    const res = await alice.upload(`/api/upload/folder/${folder.id}`, [
      file('a.luau', 'A', 'files'),
      file('b.lua', 'B', 'files'),
      file('c.txt', 'C', 'files'),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.scriptsCreated).toBe(3);
    expect((await scriptsIn(folder.id)).map((s) => s.title).sort()).toEqual(['a', 'b', 'c']);
  });

  it('folder structure upload keeps a .luau tree', async () => {
    const parent = await createFolder(alice, 'Structure parent');
    const res = await alice.upload('/api/upload/structure', [
      file('init.luau', 'return {}', 'files'),
      field('paths', 'Game/init.luau'),
      file('Shop.luau', 'return "shop"', 'files'),
      field('paths', 'Game/Server/Shop.luau'),
      field('parentFolderId', parent.id),
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scriptsCreated: 2 });
    const [game] = await childFolders(parent.id);
    expect(game?.name).toBe('Game');
    expect((await scriptsIn(game!.id)).map((s) => s.title)).toEqual(['init']);
    const [serverFolder] = await childFolders(game!.id);
    expect(serverFolder?.name).toBe('Server');
    expect((await scriptsIn(serverFolder!.id)).map((s) => s.title)).toEqual(['Shop']);
  });

  it('repository upload of a Rojo-style project made of .luau files', async () => {
    const res = await alice.upload('/api/upload/repository', [
      field('repositoryName', 'RojoGame'),
      file('init.client.luau', 'print("client")', 'files'),
      field('paths', 'rojo/src/client/init.client.luau'),
      file('Remote.luau', 'return {}', 'files'),
      field('paths', 'rojo/src/shared/Remote.luau'),
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scriptsCreated: 2 });
    const [src] = await childFolders(res.body.folderId);
    expect(src?.name).toBe('src');
    const names = (await childFolders(src!.id)).map((f) => f.name).sort();
    expect(names).toEqual(['client', 'shared']);
  });

  it('public API: POST /api/v1/scripts/upload and PATCH /api/v1/scripts/{id}/upload take .luau', async () => {
    const key = (await alice.post('/api/api-keys', { name: 'luau bot' })).body as { key: string };
    const bot = new Client(server.url, { apiKey: key.key });
    const created = await bot.upload('/api/v1/scripts/upload', [file('Module.luau', LUAU)]);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Module', content: LUAU, version: 1 });

    const target = await createScript(alice, { title: 'patched by file', content: 'print(0)' });
    const patched = await bot.upload(`/api/v1/scripts/${target.id}/upload`, [file('next.luau', 'print("luau")')], 'PATCH');
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ content: 'print("luau")', version: 2, title: 'patched by file' });

    const refused = await bot.upload('/api/v1/scripts/upload', [file('Module.luaux', LUAU)]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(INVALID_TYPE);
  });

  it('the OpenAPI document names .luau', async () => {
    const doc = await new Client(server.url).get('/api/v1/openapi.json');
    expect(doc.text).toContain('.luau');
    expect(doc.text).toContain(INVALID_TYPE);
  });
});
