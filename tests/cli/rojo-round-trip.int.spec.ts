import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, file, signedInUser, startTestServer, type Client, type TestServer } from '../http/client';
import { CLI, type CliResult } from './harness';

/**
 * The Rojo developer's round trip: a project tree uploaded in the browser (the folder pick's multipart repository or
 * structure upload, paths as `webkitRelativePath` gives them), then `luavault pull`: the same files, names and bytes,
 * Rojo's own JSON files included, so Rojo builds the same game from the pulled tree.
 */

/** Names Rojo reads (`init.server.luau` is the Script named after its directory) and bytes that must survive: CRLF, UTF-8, no final newline. */
const ROJO_TREE: Record<string, string> = {
  'default.project.json': '{\n\t"name": "Game",\n\t"tree": {\n\t\t"$className": "DataModel",\n\t\t"ReplicatedStorage": { "Shared": { "$path": "src/shared" } }\n\t}\n}\n',
  'src/server/init.server.luau': 'local Util = require(game.ReplicatedStorage.Shared.Util)\nprint(Util.greet("server"))\n',
  'src/client/init.client.lua': 'print("client ✓")\n',
  'src/shared/Util.luau': '--!strict\r\nlocal Util = {}\r\nfunction Util.greet(name: string): string\r\n\treturn `héllo {name}`\r\nend\r\nreturn Util',
  'src/shared/init.meta.json': '{ "className": "Folder" }',
  'src/shared/Door.model.json': '{ "className": "Part", "properties": { "Anchored": true } }\n',
  'src/shared/Modules/init.luau': 'return { version = 1 }\n',
};

let server: TestServer;
let alice: Client;
let apiKey: string;
const temps: string[] = [];

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `luavault-rojo-${prefix}-`));
  temps.push(dir);
  return dir;
}

/** `luavault ...args` in `cwd`, as alice with her API key (its own HOME, no stored login). */
function luavault(args: string[], cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? '', HOME: cwd, XDG_CONFIG_HOME: join(cwd, '.config'), LUAVAULT_SERVER: server.url, LUAVAULT_API_KEY: apiKey };
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file under `root` but the CLI's state, path → bytes. */
async function readTree(root: string): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name).slice(root.length + 1);
    if (!path.startsWith('.luavault')) out[path] = await readFile(join(root, path));
  }
  return out;
}

/** The multipart parts a browser's folder pick of `top` sends: each file with its path inside the pick. */
const pickedFolder = (top: string, tree: Record<string, string>) =>
  Object.entries(tree).flatMap(([path, content]) => [file(path.split('/').pop()!, content, 'files'), field('paths', `${top}/${path}`)]);

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'rojo');
  apiKey = ((await alice.post('/api/api-keys', { name: 'luavault' })).body as { key: string }).key;
});

afterAll(async () => {
  await server?.dispose();
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a Rojo tree uploaded in the browser, pulled with luavault', () => {
  it('repository upload, then pull: every file back under its own name, byte for byte; push then has nothing to send', async () => {
    const upload = await alice.upload('/api/upload/repository', [field('repositoryName', 'RojoGame'), ...pickedFolder('game', ROJO_TREE)]);
    expect(upload.status).toBe(201);
    expect(upload.body.scriptsCreated).toBe(Object.keys(ROJO_TREE).length);

    const work = await tempDir('pull');
    const pulled = await luavault(['pull', 'RojoGame', 'game', '--json'], work);
    expect(pulled.stderr).toBe('');
    expect(pulled.code).toBe(0);
    const tree = await readTree(join(work, 'game'));
    expect(Object.keys(tree).sort()).toEqual(Object.keys(ROJO_TREE).sort());
    for (const [path, content] of Object.entries(ROJO_TREE)) expect(tree[path]!.equals(Buffer.from(content, 'utf8')), path).toBe(true);

    // in step: nothing to push, nothing to pull
    const push = await luavault(['push', '--json'], join(work, 'game'));
    expect(push.code).toBe(0);
    expect(JSON.parse(push.stdout)).toMatchObject({ changes: [], unchanged: Object.keys(ROJO_TREE).length });

    // an edit in VS Code goes back to the same script, which keeps its name and extension
    await writeFile(join(work, 'game/src/shared/Util.luau'), ROJO_TREE['src/shared/Util.luau']!.replace('héllo', 'hello'));
    const edited = await luavault(['push', '--json'], join(work, 'game'));
    expect(JSON.parse(edited.stdout)).toMatchObject({ changes: [{ path: 'src/shared/Util.luau', action: 'updated', version: 2 }] });
    const state = JSON.parse(await readFile(join(work, 'game/.luavault/state.json'), 'utf8'));
    const util = (await alice.get(`/api/scripts/${state.files['src/shared/Util.luau'].id}`)).body;
    expect(util).toMatchObject({ title: 'Util', extension: '.luau', fileName: 'Util.luau', version: 2 });
  });

  it('structure upload into a folder pulls back the same; a script without an extension still pulls as <title>.lua', async () => {
    const parent = (await alice.post('/api/folders', { name: 'Imports' })).body as { id: string };
    const upload = await alice.upload('/api/upload/structure', [...pickedFolder('Game', ROJO_TREE), field('parentFolderId', parent.id)]);
    expect(upload.status).toBe(201);
    const game = ((await alice.get(`/api/folders?parentId=${parent.id}`)).body as { id: string; name: string }[]).find((f) => f.name === 'Game')!;
    // made before extensions were stored, or without one: the CLI's old rule names it; a .txt upload is Lua without one
    await alice.post('/api/scripts', { title: 'Legacy', content: 'return "old"\n', folderId: game.id });
    await alice.upload(`/api/upload/folder/${game.id}`, [file('notes.txt', '-- notes\n', 'files')]);

    const work = await tempDir('structure');
    const pulled = await luavault(['pull', 'Imports/Game', 'copy'], work);
    expect(pulled.code).toBe(0);
    const tree = await readTree(join(work, 'copy'));
    const expected = { ...ROJO_TREE, 'Legacy.lua': 'return "old"\n', 'notes.lua': '-- notes\n' };
    expect(Object.keys(tree).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, content] of Object.entries(expected)) expect(tree[path]!.toString('utf8'), path).toBe(content);
  });

  it('a plain .json script (made with the API) is reported as skipped, never written: a push could not read it back', async () => {
    const folder = (await alice.post('/api/folders', { name: 'Configs' })).body as { id: string };
    await alice.post('/api/scripts', { title: 'settings', extension: '.json', content: '{}', folderId: folder.id });
    await alice.post('/api/scripts', { title: 'run', extension: '.luau', content: 'print(1)', folderId: folder.id });
    const work = await tempDir('skipped');
    const pulled = await luavault(['pull', 'Configs', 'configs', '--json'], work);
    expect(pulled.code).toBe(0);
    const report = JSON.parse(pulled.stdout);
    expect(report.changes).toContainEqual(expect.objectContaining({ path: 'settings.json', action: 'skipped', reason: expect.stringContaining('not a file the CLI syncs') }));
    expect(Object.keys(await readTree(join(work, 'configs')))).toEqual(['run.luau']);
  });
});
