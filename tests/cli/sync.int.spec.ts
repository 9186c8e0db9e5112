import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/client';
import { CLI, startCliUser } from './harness';

/**
 * The `luavault` CLI end to end: a real server, the CLI as a child process (`node cli/luavault.mjs`) with its own HOME,
 * on temporary directories.
 */

/** A Rojo project's src/ layout, with bytes that must survive a round trip (BOM, CRLF, no final newline, UTF-8). */
const ROJO_TREE: Record<string, string> = {
  'src/server/init.server.lua': 'local Util = require(game.ReplicatedStorage.Shared.Util)\nprint(Util.greet("server"))\n',
  'src/shared/Util.luau': '\uFEFF--!strict\r\nlocal Util = {}\r\nfunction Util.greet(name: string): string\r\n\treturn "héllo " .. name\r\nend\r\nreturn Util',
  'src/client/init.client.lua': 'print("client ✓")\n',
  'src/shared/Modules/init.lua': 'return { version = 1 }\n',
};

const PROJECT_FILE = '{"name":"Game","tree":{"$className":"DataModel"}}';

let server: TestServer;
const temps: string[] = [];

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `luavault-cli-${prefix}-`));
  temps.push(dir);
  return dir;
}

async function writeTree(root: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/** Every file under `root` except the state directory, path → bytes. */
async function readTree(root: string): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = full.slice(root.length + 1);
    if (!path.startsWith('.luavault')) out[path] = await readFile(full);
  }
  return out;
}

/** A project pushed to `folder`: the user, the project directory and the JSON report of the first push. */
async function pushedProject(folder: string) {
  const user = await startCliUser(server);
  const project = await tempDir('project');
  await writeTree(project, ROJO_TREE);
  await writeFile(join(project, 'default.project.json'), PROJECT_FILE);
  const first = await user.run(['push', '--to', folder, '--json'], { cwd: project });
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  return { user, project, report: JSON.parse(first.stdout) };
}

/** Script id of a local path, from the directory's state. */
async function idOf(root: string, path: string): Promise<string> {
  const state = JSON.parse(await readFile(join(root, '.luavault/state.json'), 'utf8'));
  return state.files[path].id;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.dispose();
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('luavault push and pull', () => {
  it('pushes a Rojo tree into a folder tree, then versions only the edited file, and pulls it back byte for byte', async () => {
    const { user, project, report } = await pushedProject('Games/Obby');
    // Rojo's project file is synced too, as a plain text script
    expect(report.changes.map((c: { path: string; action: string; version: number }) => [c.path, c.action, c.version]).sort()).toEqual(
      [...Object.keys(ROJO_TREE), 'default.project.json'].map((path) => [path, 'created', 1]).sort(),
    );

    // the server holds folders named like the directories and scripts titled like the files
    const games = (await user.api('GET', '/folders?parentId=null')).body.find((f: { name: string }) => f.name === 'Games');
    const obby = (await user.api('GET', `/folders?parentId=${games.id}`)).body[0];
    expect(obby.name).toBe('Obby');
    const src = (await user.api('GET', `/folders?parentId=${obby.id}`)).body;
    expect(src.map((f: { name: string }) => f.name)).toEqual(['src']);
    const srcChildren = (await user.api('GET', `/folders?parentId=${src[0].id}`)).body.map((f: { name: string }) => f.name);
    expect(srcChildren).toEqual(['client', 'server', 'shared']);
    const serverId = await idOf(project, 'src/server/init.server.lua');
    const serverScript = (await user.api('GET', `/scripts/${serverId}/content`)).body;
    expect(serverScript).toMatchObject({ title: 'init.server.lua', content: ROJO_TREE['src/server/init.server.lua'], version: 1 });

    // nothing changed: nothing sent
    const again = await user.run(['push', '--json'], { cwd: project });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ changes: [], unchanged: 5 });

    // one edit: one new version, of that file only
    const edited = ROJO_TREE['src/shared/Util.luau']!.replace('héllo', 'hello');
    await writeFile(join(project, 'src/shared/Util.luau'), edited);
    // from a subdirectory: the enclosing synced directory is pushed
    const second = await user.run(['push', '-m', 'greeting in ASCII', '--json'], { cwd: join(project, 'src/shared') });
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ changes: [{ path: 'src/shared/Util.luau', action: 'updated', version: 2 }], unchanged: 4 });
    for (const path of Object.keys(ROJO_TREE)) {
      const script = (await user.api('GET', `/scripts/${await idOf(project, path)}/content`)).body;
      expect(script.version).toBe(path === 'src/shared/Util.luau' ? 2 : 1);
    }

    // pull into an empty directory: the same bytes, the Rojo project file included
    const copy = join(await tempDir('copy'), 'game');
    const pulled = await user.run(['pull', 'Games/Obby', copy], { cwd: project });
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain('downloaded src/shared/Util.luau (v2)');
    const expected = { ...ROJO_TREE, 'src/shared/Util.luau': edited, 'default.project.json': PROJECT_FILE };
    const tree = await readTree(copy);
    expect(Object.keys(tree).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, content] of Object.entries(expected)) expect(tree[path]!.equals(Buffer.from(content, 'utf8')), path).toBe(true);

    // the default directory of a pull is the folder's name
    const parent = await tempDir('default-dir');
    expect((await user.run(['pull', 'Games/Obby'], { cwd: parent })).code).toBe(0);
    expect((await stat(join(parent, 'Obby/src/server/init.server.lua'))).isFile()).toBe(true);
    await user.dispose();
  });

  it('never overwrites a remote version it has not seen: a conflict, exit code 3, both sides kept', async () => {
    const { user, project } = await pushedProject('Conflicts');
    const path = 'src/server/init.server.lua';
    const id = await idOf(project, path);
    // someone saves on the server (the web editor, another machine)
    expect((await user.api('PATCH', `/scripts/${id}`, { content: 'print("edited on the web")\n' })).status).toBe(200);

    const status = await user.run(['status', '--json'], { cwd: project });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).changes).toEqual([{ path, action: 'pending', reason: 'changed on the server', version: 2 }]);

    await writeFile(join(project, path), 'print("edited locally")\n');
    const conflicted = await user.run(['status'], { cwd: project });
    expect(conflicted.code).toBe(3);
    expect(conflicted.stdout).toMatch(/conflict\s+src\/server\/init\.server\.lua: changed here and on the server \(v2, last seen v1\)/);

    const pushed = await user.run(['push', '--json'], { cwd: project });
    expect(pushed.code).toBe(3);
    expect(JSON.parse(pushed.stdout).changes).toEqual([expect.objectContaining({ path, action: 'conflict' })]);
    expect((await user.api('GET', `/scripts/${id}/content`)).body).toMatchObject({ content: 'print("edited on the web")\n', version: 2 });

    // diff shows the server's version against the local file
    const diff = await user.run(['diff', path], { cwd: project });
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain(`--- server/${path} (v2)`);
    expect(diff.stdout).toContain(`+++ local/${path}`);
    expect(diff.stdout).toContain('-print("edited on the web")');
    expect(diff.stdout).toContain('+print("edited locally")');

    // pull merges; the same line changed on both sides: both kept between markers, still a conflict (conflicts.int.spec.ts)
    const pulled = await user.run(['pull'], { cwd: join(project, 'src') });
    expect(pulled.code).toBe(3);
    expect(await readFile(join(project, path), 'utf8')).toBe('<<<<<<< local\nprint("edited locally")\n=======\nprint("edited on the web")\n>>>>>>> server v2\n');
    expect((await user.api('GET', `/scripts/${id}/content`)).body).toMatchObject({ version: 2 });

    // resolving: take the server's version, then an unchanged local file is updated by pull
    await writeFile(join(project, path), 'print("edited on the web")\n');
    const resolved = await user.run(['pull', '--json'], { cwd: project });
    expect(resolved.code).toBe(0);
    expect(JSON.parse(resolved.stdout).changes).toEqual([{ path, action: 'linked', version: 2 }]);
    expect((await user.run(['status'], { cwd: project })).stdout).toContain('status: 5 unchanged');
    await user.dispose();
  });

  it('pulls a server change into an unchanged file, and does not overwrite an unknown local file', async () => {
    const { user, project } = await pushedProject('Pulls');
    const id = await idOf(project, 'src/client/init.client.lua');
    await user.api('PATCH', `/scripts/${id}`, { content: 'print("v2")\n' });
    const folder = JSON.parse(await readFile(join(project, '.luavault/state.json'), 'utf8')).folderId;
    await user.api('POST', '/scripts', { title: 'New.luau', content: 'return 1\n', folderId: folder });
    await user.api('POST', '/scripts', { title: 'Clash.lua', content: 'print("server")\n', folderId: folder });
    await writeFile(join(project, 'Clash.lua'), 'print("mine")\n');

    const pulled = await user.run(['pull', '--json'], { cwd: project });
    expect(pulled.code).toBe(3);
    expect(JSON.parse(pulled.stdout).changes).toEqual([
      expect.objectContaining({ path: 'Clash.lua', action: 'conflict' }),
      { path: 'New.luau', action: 'downloaded', version: 1 },
      { path: 'src/client/init.client.lua', action: 'downloaded', version: 2 },
    ]);
    expect(await readFile(join(project, 'Clash.lua'), 'utf8')).toBe('print("mine")\n');
    expect(await readFile(join(project, 'src/client/init.client.lua'), 'utf8')).toBe('print("v2")\n');
    await user.dispose();
  });

  it('skips titles and folder names Windows cannot hold (device names, alternate data streams), on every system', async () => {
    const user = await startCliUser(server);
    const folder = (await user.api('POST', '/folders', { name: 'Devices', parentId: null })).body.id as string;
    for (const title of ['CON', 'nul.server.lua', 'Com1.lua', 'lpt9 .luau', 'a:b.lua', 'console.lua', 'COM10.lua']) {
      expect((await user.api('POST', '/scripts', { title, content: 'print(1)\n', folderId: folder })).status).toBe(201);
    }
    for (const name of ['AUX', 'x:y']) expect((await user.api('POST', '/folders', { name, parentId: folder })).status).toBe(201);
    const copy = join(await tempDir('devices'), 'copy');
    const pulled = await user.run(['pull', 'Devices', copy, '--json']);
    const changes = JSON.parse(pulled.stdout).changes as { path: string; action: string; reason?: string }[];
    const device = 'title cannot be a file name (a device name Windows reserves)';
    expect(changes).toEqual(
      expect.arrayContaining([
        { path: 'CON', action: 'skipped', reason: device },
        { path: 'nul.server.lua', action: 'skipped', reason: device },
        { path: 'Com1.lua', action: 'skipped', reason: device },
        { path: 'lpt9 .luau', action: 'skipped', reason: device },
        { path: 'a:b.lua', action: 'skipped', reason: 'title cannot be a file name (a ":" names an alternate data stream on Windows)' },
        { path: 'AUX', action: 'skipped', reason: 'folder name cannot be a directory name (a device name Windows reserves)' },
        { path: 'x:y', action: 'skipped', reason: 'folder name cannot be a directory name (a ":" names an alternate data stream on Windows)' },
        { path: 'console.lua', action: 'downloaded', version: 1 },
        { path: 'COM10.lua', action: 'downloaded', version: 1 },
      ]),
    );
    expect(changes).toHaveLength(9);
    expect((await readdir(copy)).filter((name) => !name.startsWith('.')).sort()).toEqual(['COM10.lua', 'console.lua']);
    await user.dispose();
  });

  it('reports deletions on both sides and performs them only with --delete', async () => {
    const { user, project } = await pushedProject('Deletes');
    const gone = 'src/shared/Modules/init.lua';
    const id = await idOf(project, gone);
    await unlink(join(project, gone));

    const reported = await user.run(['push', '--json'], { cwd: project });
    expect(reported.code).toBe(0);
    expect(JSON.parse(reported.stdout).changes).toEqual([{ path: gone, action: 'pending', reason: expect.stringContaining('--delete') }]);
    expect((await user.api('GET', `/scripts/${id}/content`)).status).toBe(200);

    const deleted = await user.run(['push', '--delete', '--json'], { cwd: project });
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout).changes).toEqual([{ path: gone, action: 'deleted', reason: 'on the server' }]);
    expect((await user.api('GET', `/scripts/${id}/content`)).status).toBe(404);

    // deleted on the server: the local file stays until pull --delete
    const clientId = await idOf(project, 'src/client/init.client.lua');
    expect((await user.api('DELETE', `/scripts/${clientId}`)).status).toBe(204);
    const kept = await user.run(['pull'], { cwd: project });
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain('pending    src/client/init.client.lua: deleted on the server');
    expect((await stat(join(project, 'src/client/init.client.lua'))).isFile()).toBe(true);
    const removed = await user.run(['pull', '--delete'], { cwd: project });
    expect(removed.code).toBe(0);
    await expect(stat(join(project, 'src/client/init.client.lua'))).rejects.toThrow();
    await user.dispose();
  });
});

describe('luavault share, login, watch, errors', () => {
  it('share prints the raw URL and the loadstring snippet, and the URL serves the script', async () => {
    const { user, project } = await pushedProject('Shared');
    const shared = await user.run(['share', 'src/server/init.server.lua'], { cwd: project });
    expect(shared.code).toBe(0);
    const [rawUrl, loadstring] = shared.stdout.trim().split('\n');
    expect(rawUrl).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/share\/[A-Za-z0-9_-]+\/raw$/);
    expect(loadstring).toBe(`loadstring(game:HttpGet("${rawUrl}"))()`);
    expect(await (await fetch(rawUrl!)).text()).toBe(ROJO_TREE['src/server/init.server.lua']);
    const json = await user.run(['share', join(project, 'src/server/init.server.lua'), '--json'], { cwd: project });
    expect(JSON.parse(json.stdout)).toMatchObject({ rawUrl, loadstring, path: 'src/server/init.server.lua' });
    await user.dispose();
  });

  it('search finds a pushed script by a line of its content, named by its local file; --all-versions finds an edited-away line', async () => {
    const { user, project } = await pushedProject('Searchable');
    const found = await user.run(['search', 'require(game.ReplicatedStorage.Shared.Util)'], { cwd: join(project, 'src') });
    expect(found.code).toBe(0);
    // every line holding one of the words is shown (here `Util` is on line 2 too)
    expect(found.stdout).toBe('server/init.server.lua:1: local Util = require(game.ReplicatedStorage.Shared.Util)\nserver/init.server.lua:2: print(Util.greet("server"))\n');

    // outside the synced directory: the folder path and the title name the script
    const elsewhere = await user.run(['search', 'client', '✓', '--json'], { cwd: await tempDir('search') });
    expect(JSON.parse(elsewhere.stdout).results).toMatchObject([{ where: 'Searchable/src/client/init.client.lua', current: true, lines: [{ line: 1 }] }]);

    await writeFile(join(project, 'src/shared/Modules/init.lua'), 'return { release = 2 }\n');
    expect((await user.run(['push'], { cwd: project })).code).toBe(0);
    expect((await user.run(['search', 'version', '=', '1'], { cwd: project })).stdout).toBe('No matches\n');
    const old = await user.run(['search', 'version', '--all-versions'], { cwd: project });
    expect(old.stdout).toBe('src/shared/Modules/init.lua (v1):1: return { version = 1 }\n');

    expect((await user.run(['search'], { cwd: project })).code).toBe(2);
    expect((await user.run(['search', 'x', '--limit', '500'], { cwd: project })).code).toBe(2);
    await user.dispose();
  });

  it('login reads the key from stdin, checks it and stores it with mode 0600; a refused key stores nothing (exit 4)', async () => {
    const user = await startCliUser(server);
    const noEnv = { LUAVAULT_SERVER: '', LUAVAULT_API_KEY: '' };
    const refused = await user.run(['login', '--server', server.url], { input: 'lv_wrong\n', env: noEnv });
    expect(refused.code).toBe(4);
    await expect(stat(join(user.home, '.config/luavault/config.json'))).rejects.toThrow();

    const login = await user.run(['login', '--server', server.url], { input: `${user.apiKey}\n`, env: noEnv });
    expect(login.code).toBe(0);
    expect(login.stdout).not.toContain(user.apiKey);
    const path = join(user.home, '.config/luavault/config.json');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ server: server.url, apiKey: user.apiKey });

    // the stored login is used without the environment; the environment overrides it
    const project = await tempDir('login');
    await writeTree(project, { 'a.lua': 'print(1)\n' });
    expect((await user.run(['push', '--to', 'FromLogin'], { cwd: project, env: noEnv })).code).toBe(0);
    const overridden = await user.run(['status'], { cwd: project, env: { LUAVAULT_SERVER: server.url, LUAVAULT_API_KEY: 'lv_wrong' } });
    expect(overridden.code).toBe(4);
    await user.dispose();
  });

  it.skipIf(!existsSync('/usr/bin/script'))('login on a terminal reads the key without echoing it', async () => {
    const user = await startCliUser(server);
    // `script` gives the CLI a pseudo-terminal: what it prints (and what the terminal would echo) comes back on stdout
    const child = spawn('/usr/bin/script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} login --server ${server.url}`, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: user.home, XDG_CONFIG_HOME: join(user.home, '.config') },
    });
    let output = '';
    const prompted = new Promise<void>((resolvePrompt) =>
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('API key for')) resolvePrompt();
      }),
    );
    const exited = new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
    await prompted;
    child.stdin.write(`${user.apiKey}\r`);
    expect(await exited).toBe(0);
    expect(output).toContain('Logged in to');
    expect(output).not.toContain(user.apiKey);
    expect(JSON.parse(await readFile(join(user.home, '.config/luavault/config.json'), 'utf8')).apiKey).toBe(user.apiKey);
    await user.dispose();
  });

  it('watch pushes saved files once the saves are quiet for the debounce (--once stops after that push)', async () => {
    const { user, project } = await pushedProject('Watched');
    const child = user.spawn(['watch', '--debounce', '1500', '--once', '--json'], { cwd: project });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const watching = new Promise<void>((resolveWatching) =>
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.includes('Watching')) resolveWatching();
      }),
    );
    const exited = new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
    await watching;
    // two saves within the debounce (1.5 s, so a loaded host's slow write cannot split them): one push, of the last content
    await writeFile(join(project, 'src/client/init.client.lua'), 'print("first save")\n');
    await new Promise((r) => setTimeout(r, 50));
    await writeFile(join(project, 'src/client/init.client.lua'), 'print("saved in the editor")\n');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
    if (code === 'timeout') child.kill();
    expect(code).toBe(0);
    const reports = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(reports[0]).toMatchObject({ command: 'push', changes: [] });
    expect(reports).toHaveLength(2);
    expect(reports[1]).toMatchObject({ changes: [{ path: 'src/client/init.client.lua', action: 'updated', version: 2 }] });
    const id = await idOf(project, 'src/client/init.client.lua');
    expect((await user.api('GET', `/scripts/${id}/content`)).body).toMatchObject({ version: 2, content: 'print("saved in the editor")\n' });
    await user.dispose();
  });

  it('shows progress on request, and answers usage and connection errors with their exit codes', async () => {
    const user = await startCliUser(server);
    const project = await tempDir('progress');
    await writeTree(project, Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`lib/m${i}.lua`, `return ${i}\n`])));
    const pushed = await user.run(['push', '--to', 'Progress', '--progress'], { cwd: project });
    expect(pushed.code).toBe(0);
    expect(pushed.stderr).toContain('[1/6] lib/m0.lua');
    expect(pushed.stderr).toContain('[6/6] lib/m5.lua');

    const elsewhere = await tempDir('unsynced');
    const usage = await user.run(['push', '--json'], { cwd: elsewhere });
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout).error).toContain('--to');
    expect((await user.run(['frobnicate'])).code).toBe(2);
    expect((await user.run(['pull', 'No/Such/Folder'], { cwd: elsewhere })).code).toBe(1);
    const down = await user.run(['status'], { cwd: project, env: { LUAVAULT_SERVER: 'http://127.0.0.1:9' } });
    expect(down.code).toBe(2); // synced with another server
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const unreachable = await user.run(['pull', 'X', join(elsewhere, 'x')], { env: { LUAVAULT_SERVER: `http://127.0.0.1:${port}` } });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Cannot reach http://127.0.0.1:${port}: ECONNREFUSED`);
    await user.dispose();
  });
});
