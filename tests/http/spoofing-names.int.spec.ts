/**
 * Names that could pass for other names in a listing (a right-to-left override turning `gol.exe` around, a zero-width
 * space, a blank filler, a NUL) are refused with 400 and a message naming the kind of character, on every route that
 * names a script or folder, and nothing is recorded. A tab is still a character of a name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, field, file, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let key: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'spoof');
  key = alice.withApiKey((await alice.post('/api/api-keys', { name: 'names' })).body.key);
});
afterAll(async () => {
  await server?.dispose();
});

const INVISIBLE = [
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'],
  ...['\u3164', '\u2800', '\u115f', '\u1160', '\uffa0', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'],
];
const CONTROL = ['\u0000', '\u0001', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b'];
const cases = [
  ...INVISIBLE.map((c) => [c, 'invisible or text-direction characters'] as const),
  ...CONTROL.map((c) => [c, 'control characters'] as const),
];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const scriptCount = async () => ((await alice.get('/api/scripts?limit=100')).body as unknown[]).length;
const folderCount = async () => ((await alice.get('/api/folders')).body as unknown[]).length;

describe('titles', () => {
  it.each(cases.map(([c, kind]) => [hex(c), c, kind]))('refuses %s in a title on create and rename, web and /api/v1', async (_name, c, kind) => {
    const message = `Title must not contain ${kind}`;
    const before = await scriptCount();
    for (const res of [await alice.post('/api/scripts', { title: `gol${c}exe.lua`, content: 'print(1)' }), await key.post('/api/v1/scripts', { title: `a${c}b`, content: 'print(1)' })]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await scriptCount()).toBe(before);

    const script = await createScript(alice, { title: 'Plain', content: 'print(1)' });
    const renamed = await alice.put(`/api/scripts/${script.id}`, { title: `Pla${c}in`, content: 'print(2)' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error).toBe(message);
    const viaApi = await key.patch(`/api/v1/scripts/${script.id}`, { title: `P${c}lain` });
    expect(viaApi.status).toBe(400);
    expect(viaApi.body.error).toBe(message);
    // nothing recorded: still version 1, same title
    expect((await alice.get(`/api/scripts/${script.id}`)).body).toMatchObject({ title: 'Plain', version: 1 });
  });

  it('keeps a tab inside a title, and refuses a file name that would become such a title (/api/v1 upload)', async () => {
    expect((await alice.post('/api/scripts', { title: 'a\tb', content: 'print(1)' })).body.title).toBe('a\tb');
    const upload = await key.upload('/api/v1/scripts/upload', [file('\u202egol.lua', 'print(1)')]);
    expect(upload.status).toBe(400);
    expect(upload.body.error).toBe('Title must not contain invisible or text-direction characters');
  });
});

describe('folder names', () => {
  it.each(cases.map(([c, kind]) => [hex(c), c, kind]))('refuses %s in a folder name on create and rename, web and /api/v1', async (_name, c, kind) => {
    const message = `Folder name must not contain ${kind}`;
    const before = await folderCount();
    for (const res of [await alice.post('/api/folders', { name: `Fol${c}der` }), await key.post('/api/v1/folders', { name: `Fol${c}der` })]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await folderCount()).toBe(before);
    const folder = (await alice.post('/api/folders', { name: 'Plain folder' })).body as { id: string };
    const renamed = await alice.put(`/api/folders/${folder.id}`, { name: `Plain${c}folder` });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error).toBe(message);
    expect(((await alice.get('/api/folders')).body as { id: string; name: string }[]).find((f) => f.id === folder.id)!.name).toBe('Plain folder');
  });
});

describe('uploads', () => {
  it('refuses a file name with such characters on the web upload routes, writing nothing', async () => {
    const before = await scriptCount();
    const single = await alice.upload('/api/upload/script', [file('ok\u200b.lua', 'print(1)')]);
    expect(single.status).toBe(400);
    expect(single.body.error).toBe('File names must not contain invisible or text-direction characters');
    const many = await alice.upload('/api/upload/folder/null', [file('a.lua', 'print(1)', 'files'), file('b\u0085.lua', 'print(2)', 'files')]);
    expect(many.status).toBe(400);
    expect(many.body.error).toBe('File names must not contain control characters');
    expect(await scriptCount()).toBe(before);
  });

  it('refuses such characters in the paths of a structure or repository upload, and in the repository name, writing nothing', async () => {
    const scripts = await scriptCount();
    const folders = await folderCount();
    const structure = await alice.upload('/api/upload/structure', [
      file('a.lua', 'print(1)', 'files'),
      field('paths', 'src/a.lua'),
      file('b.lua', 'print(2)', 'files'),
      field('paths', 'src/li\u0000b/b.lua'),
    ]);
    expect(structure.status).toBe(400);
    expect(structure.body.error).toBe('Upload paths must not contain control characters');
    const repository = await alice.upload('/api/upload/repository', [field('repositoryName', 'game'), file('a.lua', 'print(1)', 'files'), field('paths', 'game/s\u2067rc/a.lua')]);
    expect(repository.status).toBe(400);
    expect(repository.body.error).toBe('Upload paths must not contain invisible or text-direction characters');
    const named = await alice.upload('/api/upload/repository', [field('repositoryName', '\u3164game'), file('a.lua', 'print(1)', 'files'), field('paths', 'p/a.lua')]);
    expect(named.status).toBe(400);
    expect(named.body.error).toBe('Repository name must not contain invisible or text-direction characters');
    expect(await scriptCount()).toBe(scripts);
    expect(await folderCount()).toBe(folders);
    // a tab in a path is dropped, as before; the upload goes through
    const tabbed = await alice.upload('/api/upload/structure', [file('a.lua', 'print(1)', 'files'), field('paths', 'ta\tbs/a.lua')]);
    expect(tabbed.status).toBe(201);
    expect(((await alice.get('/api/folders')).body as { name: string }[]).map((f) => f.name)).toContain('tabs');
  });
});
