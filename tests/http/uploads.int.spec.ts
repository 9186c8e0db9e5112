import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, field, file, signedInUser, startTestServer, type Part, type TestServer } from './client';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  await server?.dispose();
});

const INVALID_TYPE = "Invalid file type - Only .lua, .luau, .txt and Rojo's .project.json, .meta.json and .model.json files are allowed";
const TOO_LARGE = 'File too large - Maximum file size is 5MB';
const NO_FILES = 'No files selected - Please select a folder to upload.';
const NO_NAME = 'Repository name required - Please enter a name for the repository.';
const FIVE_MB = 5 * 1024 * 1024;

type FolderRow = { id: string; name: string; parentId: string | null };
type ScriptRow = { id: string; title: string; content: string; folderId: string | null };

/** Files and paths, paired in order, as the browser sends a picked directory. */
function tree(entries: [path: string, content: string][]): Part[] {
  return entries.flatMap(([path, content]) => [file(path.split(/[\\/]/).pop()!, content, 'files'), field('paths', path)]);
}

async function snapshot(client: Client) {
  const folders = (await client.get('/api/folders')).body as FolderRow[];
  const scripts = (await client.get('/api/scripts')).body as ScriptRow[];
  return { folders, scripts };
}

/** The folder tree below `rootId` as `path -> [script titles]`, e.g. `{ '': ['init'], 'src': ['a'] }`. */
async function layout(client: Client, rootId: string | null) {
  const { folders, scripts } = await snapshot(client);
  const result: Record<string, string[]> = {};
  const walk = (folderId: string | null, prefix: string) => {
    result[prefix] = scripts.filter((s) => s.folderId === folderId).map((s) => s.title).sort();
    for (const child of folders.filter((f) => f.parentId === folderId)) walk(child.id, prefix ? `${prefix}/${child.name}` : child.name);
  };
  walk(rootId, '');
  return result;
}

describe('single script upload', () => {
  it('creates a script from a .lua file (title = name without extension)', async () => {
    const content = '-- uploaded ✓\nprint("up")\n';
    const res = await alice.upload('/api/upload/script', [file('my-tool.lua', content)]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'my-tool', content, folderId: null, version: 1, shareId: null, views: 0 });
    expect((await alice.get(`/api/scripts/${res.body.id}`)).body.content).toBe(content);
  });

  it('accepts .txt in any case', async () => {
    const upper = await alice.upload('/api/upload/script', [file('NOTES.TXT', 'print(1)')]);
    expect(upper.status).toBe(201);
    expect(upper.body.title).toBe('NOTES');
    const mixed = await alice.upload('/api/upload/script', [file('Mixed.Lua', 'print(2)')]);
    expect(mixed.status).toBe(201);
    expect(mixed.body.title).toBe('Mixed');
  });

  it('rejects other file types with the spec message', async () => {
    const before = (await alice.get('/api/scripts')).body.length;
    for (const name of ['virus.exe', 'script.lua.exe', 'noextension', 'archive.zip', '.lua.png']) {
      const res = await alice.upload('/api/upload/script', [file(name, 'MZ')]);
      expect(res.status, name).toBe(400);
      expect(res.body.error).toBe(INVALID_TYPE);
    }
    expect((await alice.get('/api/scripts')).body.length).toBe(before);
  });

  it('rejects a file over 5MB with 413 and the spec message; exactly 5MB is fine', async () => {
    const before = (await alice.get('/api/scripts')).body.length;
    const tooBig = await alice.upload('/api/upload/script', [file('big.lua', new Uint8Array(FIVE_MB + 1).fill(0x61))]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe(TOO_LARGE);
    expect((await alice.get('/api/scripts')).body.length).toBe(before);

    const atLimit = await alice.upload('/api/upload/script', [file('limit.lua', new Uint8Array(FIVE_MB).fill(0x62))]);
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.content.length).toBe(FIVE_MB);
  });

  it('uploads into a folder with ?folderId, and to the root with ?folderId=null', async () => {
    const folder = await createFolder(alice, 'Upload target');
    const res = await alice.upload(`/api/upload/script?folderId=${folder.id}`, [file('inside.lua', 'print("in")')]);
    expect(res.status).toBe(201);
    expect(res.body.folderId).toBe(folder.id);
    expect((await alice.get(`/api/folders/${folder.id}/scripts`)).body.map((s: ScriptRow) => s.id)).toEqual([res.body.id]);

    const root = await alice.upload('/api/upload/script?folderId=null', [file('outside.lua', 'print("out")')]);
    expect(root.body.folderId).toBeNull();
    expect((await alice.upload('/api/upload/script?folderId=nosuchfolder', [file('x.lua', 'x')])).status).toBe(404);
  });

  it('rejects an empty file, a missing file, and a non-multipart body', async () => {
    const empty = await alice.upload('/api/upload/script', [file('empty.lua', '')]);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('Script content cannot be empty');
    const none = await alice.upload('/api/upload/script', [field('other', 'x')]);
    expect(none.status).toBe(400);
    const json = await alice.post('/api/upload/script', { file: 'print(1)' });
    expect(json.status).toBe(400);
    const garbage = await alice.request('POST', '/api/upload/script', { body: 'not multipart', headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' } });
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(garbage.status).toBeLessThan(500);
  });

  it('needs a session', async () => {
    const res = await new Client(server.url).upload('/api/upload/script', [file('a.lua', 'x')]);
    expect(res.status).toBe(401);
  });
});

describe('multiple files into a folder', () => {
  it('creates every file in the folder (or the root with null)', async () => {
    const folder = await createFolder(alice, 'Batch');
    const res = await alice.upload(`/api/upload/folder/${folder.id}`, [file('a.lua', 'A', 'files'), file('b.txt', 'B', 'files'), file('c.LUA', 'C', 'files')]);
    expect(res.status).toBe(201);
    expect(res.body.scriptsCreated).toBe(3);
    expect(res.body.scripts.map((s: ScriptRow & { preview: string }) => [s.title, s.preview, s.folderId])).toEqual([
      ['a', 'A', folder.id],
      ['b', 'B', folder.id],
      ['c', 'C', folder.id],
    ]);
    const inFolder = (await alice.get(`/api/folders/${folder.id}/scripts`)).body.map((s: ScriptRow) => s.title).sort();
    expect(inFolder).toEqual(['a', 'b', 'c']);

    const root = await alice.upload('/api/upload/folder/null', [file('r1.lua', 'R1', 'files'), file('r2.lua', 'R2', 'files')]);
    expect(root.status).toBe(201);
    expect(root.body.scriptsCreated).toBe(2);
    expect(root.body.scripts.every((s: ScriptRow) => s.folderId === null)).toBe(true);
  });

  it('refuses more than 500 files, or more than 50MB in one request, with 413 and creates nothing', async () => {
    const folder = await createFolder(alice, 'Batch limits');
    const tooMany = await alice.upload(
      `/api/upload/folder/${folder.id}`,
      Array.from({ length: 501 }, (_, i) => file(`f${i}.lua`, `print(${i})`, 'files')),
    );
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error).toEqual(expect.any(String));

    const chunk = new Uint8Array(5 * 1024 * 1024 - 1024).fill(0x63);
    const tooHeavy = await alice.upload(
      `/api/upload/folder/${folder.id}`,
      Array.from({ length: 11 }, (_, i) => file(`big${i}.lua`, chunk, 'files')),
    );
    expect(tooHeavy.status).toBe(413);
    expect(tooHeavy.body.error).toEqual(expect.any(String));
    expect((await alice.get(`/api/folders/${folder.id}/scripts`)).body).toEqual([]);
  });

  it('refuses an upload whose paths would make more than 500 folders, with 413 and nothing created', async () => {
    const uploader = await signedInUser(server.url, 'manyfolders'); // its 494 folders stay out of alice's lists
    const parent = await createFolder(uploader, 'Folder count');
    // 20 files on 26-deep paths of their own: 520 folders; 19 of them would make 494
    const paths = (n: number) => Array.from({ length: n }, (_, i) => [`${Array.from({ length: 26 }, (_, d) => `f${i}_${d}`).join('/')}/s${i}.lua`, 'x'] as [string, string]);
    const refused = await uploader.upload('/api/upload/structure', [field('parentFolderId', parent.id), ...tree(paths(20))]);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe('Too many folders - at most 500 per upload');
    expect((await uploader.get(`/api/folders?parentId=${parent.id}`)).body).toEqual([]);
    const fits = await uploader.upload('/api/upload/structure', [field('parentFolderId', parent.id), ...tree(paths(19))]);
    expect(fits.status).toBe(201);
    expect(fits.body.foldersCreated).toBe(494);
  }, 60_000);

  it('refuses text fields over 16 KB each or 1 MB in all with 413 (never cut silently) and creates nothing', async () => {
    const parent = await createFolder(alice, 'Field limits');
    const longPath = `${'d/'.repeat(9000)}x.lua`; // 18 KB
    const one = await alice.upload('/api/upload/structure', [field('parentFolderId', parent.id), file('x.lua', 'x', 'files'), field('paths', longPath)]);
    expect(one.status).toBe(413);
    expect(one.body.error).toBe('Upload fields too large - at most 16KB each and 1MB in all');
    const many = Array.from({ length: 70 }, () => field('paths', `${'p'.repeat(15_000)}/x.lua`)); // 70 x 15 KB
    const all = await alice.upload('/api/upload/structure', [field('parentFolderId', parent.id), file('x.lua', 'x', 'files'), ...many]);
    expect(all.status).toBe(413);
    expect(all.body.error).toBe('Upload fields too large - at most 16KB each and 1MB in all');
    expect((await alice.get(`/api/folders?parentId=${parent.id}`)).body).toEqual([]);
  });

  it('refuses the whole batch when one file is invalid', async () => {
    const folder = await createFolder(alice, 'Batch refused');
    const res = await alice.upload(`/api/upload/folder/${folder.id}`, [file('ok.lua', 'ok', 'files'), file('bad.exe', 'MZ', 'files')]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(INVALID_TYPE);
    expect((await alice.get(`/api/folders/${folder.id}/scripts`)).body).toEqual([]);
  });
});

describe('structure upload', () => {
  it('recreates nested paths below the parent folder', async () => {
    const parent = await createFolder(alice, 'Structure parent');
    const res = await alice.upload('/api/upload/structure', [
      field('parentFolderId', parent.id),
      ...tree([
        ['game/main.lua', 'main'],
        ['game/src/util.lua', 'util'],
        ['game/src/net/http.lua', 'http'],
        ['game/assets/readme.txt', 'readme'],
      ]),
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ folderId: parent.id, foldersCreated: 4, scriptsCreated: 4 });
    expect(await layout(alice, parent.id)).toEqual({
      '': [],
      game: ['main'],
      'game/assets': ['readme'],
      'game/src': ['util'],
      'game/src/net': ['http'],
    });
  });

  it('with no files answers the spec message', async () => {
    const res = await alice.upload('/api/upload/structure', [field('parentFolderId', 'null')]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('No files found - The selected folder appears to be empty.');
  });

  it('keeps hostile paths inside the target folder', async () => {
    const parent = await createFolder(alice, 'Structure jail');
    const before = await snapshot(alice);
    const res = await alice.upload('/api/upload/structure', [
      field('parentFolderId', parent.id),
      ...tree([
        ['../../etc/passwd.lua', 'p'],
        ['..\\..\\x.lua', 'x'],
        ['/abs/y.lua', 'y'],
      ]),
    ]);
    expect(res.status).toBe(201);
    const after = await snapshot(alice);
    // Nothing new outside the parent: same root folders, same root scripts.
    const roots = (s: typeof before) => s.folders.filter((f) => f.parentId === null).map((f) => f.id).sort();
    expect(roots(after)).toEqual(roots(before));
    expect(after.scripts.filter((s) => s.folderId === null).length).toBe(before.scripts.filter((s) => s.folderId === null).length);
    const subtree = await layout(alice, parent.id);
    expect(Object.values(subtree).flat().sort()).toEqual(['passwd', 'x', 'y']);
    expect(Object.keys(subtree).some((path) => path.split('/').includes('..'))).toBe(false);
  });
});

describe('repository upload', () => {
  it('creates a repository folder with the tree and answers {folderId, foldersCreated, scriptsCreated}', async () => {
    const res = await alice.upload('/api/upload/repository', [
      field('repositoryName', 'my-repo'),
      ...tree([
        ['my-repo/init.lua', 'init'],
        ['my-repo/src/a.lua', 'a'],
        ['my-repo/src/lib/b.lua', 'b'],
        ['my-repo/docs/guide.txt', 'guide'],
      ]),
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ folderId: expect.any(String), foldersCreated: expect.any(Number), scriptsCreated: 4 });

    const repo = await alice.get(`/api/folders/${res.body.folderId}`);
    expect(repo.body).toMatchObject({ name: 'my-repo', parentId: null });
    expect(await layout(alice, res.body.folderId)).toEqual({
      '': ['init'],
      docs: ['guide'],
      src: ['a'],
      'src/lib': ['b'],
    });
    // foldersCreated counts exactly the folders this upload made (the repository folder and below).
    const { folders } = await snapshot(alice);
    const below = (id: string): number => 1 + folders.filter((f) => f.parentId === id).reduce((n, f) => n + below(f.id), 0);
    expect(res.body.foldersCreated).toBe(below(res.body.folderId));
    expect(res.body.foldersCreated).toBeGreaterThanOrEqual(3);
  });

  it('keeps path traversal (../, ..\\, absolute, drive letters) inside the repository folder', async () => {
    const user = await signedInUser(server.url, 'traveller');
    const res = await user.upload('/api/upload/repository', [
      field('repositoryName', 'jail'),
      ...tree([
        ['../../etc/passwd.lua', 'p'],
        ['..\\x.lua', 'x'],
        ['/etc/shadow.lua', 's'],
        ['C:\\Windows\\system.lua', 'w'],
        ['ok/./../fine.lua', 'f'],
      ]),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.scriptsCreated).toBe(5);
    const { folders, scripts } = await snapshot(user);
    expect(folders.filter((f) => f.parentId === null).map((f) => f.id)).toEqual([res.body.folderId]);
    expect(scripts.filter((s) => s.folderId === null)).toEqual([]);
    expect(scripts.length).toBe(5);
    const subtree = await layout(user, res.body.folderId);
    expect(Object.values(subtree).flat().sort()).toEqual(['fine', 'passwd', 'shadow', 'system', 'x']);
    for (const path of Object.keys(subtree)) {
      expect(path.split('/').every((segment) => segment !== '..' && segment !== '.' && !segment.includes('\\') && !/^[A-Za-z]:$/.test(segment))).toBe(true);
    }
  });

  it('is all or nothing: one invalid file creates nothing', async () => {
    const user = await signedInUser(server.url, 'atomic');
    const invalidType = await user.upload('/api/upload/repository', [
      field('repositoryName', 'broken'),
      ...tree([
        ['broken/a.lua', 'a'],
        ['broken/sub/b.lua', 'b'],
      ]),
      file('evil.exe', 'MZ', 'files'),
      field('paths', 'broken/evil.exe'),
    ]);
    expect(invalidType.status).toBe(400);
    expect(invalidType.body.error).toBe(INVALID_TYPE);

    const emptyFile = await user.upload('/api/upload/repository', [
      field('repositoryName', 'broken'),
      ...tree([
        ['broken/a.lua', 'a'],
        ['broken/sub/empty.lua', ''],
      ]),
    ]);
    expect(emptyFile.status).toBe(400);

    const tooBig = await user.upload('/api/upload/repository', [
      field('repositoryName', 'broken'),
      ...tree([['broken/a.lua', 'a']]),
      file('huge.lua', new Uint8Array(FIVE_MB + 10).fill(0x61), 'files'),
      field('paths', 'broken/huge.lua'),
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe(TOO_LARGE);

    expect(await snapshot(user)).toEqual({ folders: [], scripts: [] });
  });

  it('requires a repository name and at least one file (spec messages)', async () => {
    const user = await signedInUser(server.url, 'nameless');
    const noName = await user.upload('/api/upload/repository', tree([['x/a.lua', 'a']]));
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe(NO_NAME);
    const blankName = await user.upload('/api/upload/repository', [field('repositoryName', '   '), ...tree([['x/a.lua', 'a']])]);
    expect(blankName.status).toBe(400);
    expect(blankName.body.error).toBe(NO_NAME);
    const noFiles = await user.upload('/api/upload/repository', [field('repositoryName', 'empty')]);
    expect(noFiles.status).toBe(400);
    expect(noFiles.body.error).toBe(NO_FILES);
    expect(await snapshot(user)).toEqual({ folders: [], scripts: [] });
  });
});
