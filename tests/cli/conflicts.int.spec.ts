import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/client';
import { startCliUser, type CliUser } from './harness';

/**
 * Getting out of a conflict with the `luavault` CLI, end to end (a real server, the CLI as a child process, temporary
 * directories): the three-way merge on pull, `resolve`, `pull --theirs`, `push --force`, and what status lists.
 */

/** A Roblox-ish module: edits to lines 2 and 8 are apart, so they merge by themselves. */
const MODULE = [
  'local Players = game:GetService("Players")',
  'local Greeter = {}',
  '',
  'function Greeter.greet(player)',
  '\tprint("Hello", player.Name)',
  'end',
  '',
  'return Greeter',
  '',
].join('\n');
const PATH = 'src/shared/Greeter.luau';

let server: TestServer;
const temps: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.dispose();
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Synced {
  user: CliUser;
  project: string;
  id: string;
  file: string;
  /** the CLI in the project, its JSON report parsed */
  cli(args: string[]): Promise<{ code: number | null; report: any; stderr: string }>;
  state(): Promise<any>;
  serverScript(): Promise<{ content: string; version: number }>;
}

/** One pushed file (v1), then a save on the server (v2, as the web editor would) and a local edit. */
async function editedOnBothSides(folder: string, edits: { server: (t: string) => string; local: (t: string) => string }): Promise<Synced> {
  const user = await startCliUser(server);
  const project = await mkdtemp(join(tmpdir(), 'luavault-cli-conflict-'));
  temps.push(project);
  const file = join(project, PATH);
  await writeFile(join(project, 'README.md'), 'not synced');
  await mkdir(join(project, 'src/shared'), { recursive: true });
  await writeFile(file, MODULE);
  const cli = async (args: string[]) => {
    const result = await user.run([...args, '--json'], { cwd: project });
    return { code: result.code, report: JSON.parse(result.stdout), stderr: result.stderr };
  };
  expect((await cli(['push', '--to', folder])).code).toBe(0);
  const state = async () => JSON.parse(await readFile(join(project, '.luavault/state.json'), 'utf8'));
  const id = (await state()).files[PATH].id as string;
  const serverScript = async () => (await user.api('GET', `/scripts/${id}/content`)).body as { content: string; version: number };
  expect((await user.api('PATCH', `/scripts/${id}`, { content: edits.server(MODULE) })).status).toBe(200);
  await writeFile(file, edits.local(MODULE));
  return { user, project, id, file, cli, state, serverScript };
}

describe('luavault pull merges a file changed on both sides', () => {
  it('merges changes to different lines by itself; the next push saves the result on top of the server version', async () => {
    const s = await editedOnBothSides('MergeClean', {
      server: (t) => t.replace('return Greeter', 'return table.freeze(Greeter)'),
      local: (t) => t.replace('"Hello"', '"Welcome"'),
    });
    const pulled = await s.cli(['pull']);
    expect(pulled.code).toBe(0);
    expect(pulled.report.changes).toEqual([{ path: PATH, action: 'merged', version: 2, reason: 'changes here and on the server combined; `push` saves the result' }]);
    const merged = MODULE.replace('"Hello"', '"Welcome"').replace('return Greeter', 'return table.freeze(Greeter)');
    expect(await readFile(s.file, 'utf8')).toBe(merged);
    expect((await s.state()).files[PATH]).toMatchObject({ version: 2 });

    const status = await s.cli(['status']);
    expect(status.report.changes).toEqual([{ path: PATH, action: 'pending', reason: 'modified here', version: 2 }]);
    const pushed = await s.cli(['push']);
    expect(pushed.code).toBe(0);
    expect(pushed.report.changes).toEqual([{ path: PATH, action: 'updated', version: 3 }]);
    expect(await s.serverScript()).toMatchObject({ version: 3, content: merged });
    await s.user.dispose();
  });

  it('writes changes to the same line between markers (exit 3); push refuses, resolve refuses the markers, then saves the edit', async () => {
    const s = await editedOnBothSides('MergeConflict', {
      server: (t) => t.replace('"Hello"', '"Hi"'),
      local: (t) => t.replace('"Hello"', '"Welcome"'),
    });
    const pulled = await s.cli(['pull']);
    expect(pulled.code).toBe(3);
    expect(pulled.report.changes).toEqual([
      { path: PATH, action: 'conflict', reason: `1 conflict marked in the file (<<<<<<< local ... >>>>>>> server v2): edit, then \`luavault resolve ${PATH}\`` },
    ]);
    const marked = await readFile(s.file, 'utf8');
    expect(marked).toBe(MODULE.replace('\tprint("Hello", player.Name)\n', '<<<<<<< local\n\tprint("Welcome", player.Name)\n=======\n\tprint("Hi", player.Name)\n>>>>>>> server v2\n'));

    // the markers never reach the server: push, status and another pull all report the conflict
    for (const command of ['push', 'status', 'pull']) {
      const again = await s.cli([command]);
      expect(again.code, command).toBe(3);
      expect(again.report.changes[0].reason, command).toContain(`conflict markers from the merge with v2: edit them out, then \`luavault resolve ${PATH}\``);
    }
    expect(await s.serverScript()).toMatchObject({ version: 2 });
    expect(await readFile(s.file, 'utf8')).toBe(marked);

    const refused = await s.cli(['resolve', PATH]);
    expect(refused.code).toBe(3);
    expect(refused.report.changes).toEqual([
      { path: PATH, action: 'conflict', reason: `still holds a conflict marker (line 5): edit it out, or \`luavault resolve --force ${PATH}\` to keep it` },
    ]);

    const edited = MODULE.replace('"Hello"', '"Hi, welcome"');
    await writeFile(s.file, edited);
    const resolved = await s.cli(['resolve', PATH]);
    expect(resolved.code).toBe(0);
    expect(resolved.report.changes).toEqual([{ path: PATH, action: 'resolved', version: 2, reason: '`push` saves it on top of v2' }]);
    const pushed = await s.cli(['push']);
    expect(pushed.report.changes).toEqual([{ path: PATH, action: 'updated', version: 3 }]);
    expect(await s.serverScript()).toMatchObject({ version: 3, content: edited });
    expect((await s.cli(['status'])).report).toMatchObject({ changes: [], unchanged: 1, exitCode: 0 });
    await s.user.dispose();
  });

  it('resolve after a hand merge (no pull): the file goes on top of the latest version, and push saves it with that base', async () => {
    const s = await editedOnBothSides('HandMerge', { server: (t) => `${t}-- v2\n`, local: (t) => `${t}-- mine\n` });
    expect((await s.cli(['push'])).code).toBe(3);
    await writeFile(s.file, `${MODULE}-- v2 and mine\n`);
    // a save on the server meanwhile is what resolve puts the file on top of: the latest
    expect((await s.user.api('PATCH', `/scripts/${s.id}`, { content: `${MODULE}-- v3\n` })).status).toBe(200);
    const resolved = await s.cli(['resolve', join(s.project, PATH)]);
    expect(resolved.report.changes).toEqual([{ path: PATH, action: 'resolved', version: 3, reason: '`push` saves it on top of v3' }]);
    expect((await s.state()).files[PATH]).toMatchObject({ version: 3 });
    const pushed = await s.cli(['push']);
    expect(pushed.code).toBe(0);
    expect(pushed.report.changes).toEqual([{ path: PATH, action: 'updated', version: 4 }]);
    expect(await s.serverScript()).toMatchObject({ version: 4, content: `${MODULE}-- v2 and mine\n` });
    await s.user.dispose();
  });

  it('a save on the server after a merge with markers is merged by the next pull once resolved, not overwritten', async () => {
    const s = await editedOnBothSides('LateSave', { server: (t) => t.replace('"Hello"', '"Hi"'), local: (t) => t.replace('"Hello"', '"Yo"') });
    expect((await s.cli(['pull'])).code).toBe(3);
    await writeFile(s.file, MODULE.replace('"Hello"', '"Hi yo"'));
    // someone saves v3 (another line) before the resolve
    expect((await s.user.api('PATCH', `/scripts/${s.id}`, { content: MODULE.replace('"Hello"', '"Hi"').replace('return Greeter', 'return Greeter -- v3') })).status).toBe(200);
    const resolved = await s.cli(['resolve', PATH]);
    expect(resolved.report.changes).toEqual([{ path: PATH, action: 'resolved', version: 2, reason: 'on top of v2; v3 was saved on the server since: `pull` merges it' }]);
    const pulled = await s.cli(['pull']);
    expect(pulled.report.changes).toMatchObject([{ path: PATH, action: 'merged', version: 3 }]);
    expect(await readFile(s.file, 'utf8')).toBe(MODULE.replace('"Hello"', '"Hi yo"').replace('return Greeter', 'return Greeter -- v3'));
    await s.user.dispose();
  });
});

describe('the way out, as the CLI tells it', () => {
  it('--help and a conflicting run both list the ways out of a conflict', async () => {
    const s = await editedOnBothSides('Help', { server: (t) => `${t}-- a\n`, local: (t) => `${t}-- b\n` });
    const help = await s.user.run(['--help']);
    const text = await s.user.run(['push'], { cwd: s.project });
    expect(text.code).toBe(3);
    for (const output of [help.stdout, text.stdout]) {
      for (const way of ['luavault pull ', 'luavault resolve <file>...', 'luavault pull --theirs <file>', 'luavault push --force <file>']) expect(output).toContain(way);
    }
    await s.user.dispose();
  });
});

describe('resolve on a file that is only behind', () => {
  it('says that the next push would undo the server changes', async () => {
    const s = await editedOnBothSides('Behind', { server: (t) => `${t}-- v2\n`, local: (t) => t });
    const resolved = await s.cli(['resolve', PATH]);
    expect(resolved.report.changes).toEqual([
      { path: PATH, action: 'resolved', version: 2, reason: "`push` saves it on top of v2, undoing the server's changes since v1 (unchanged here: `pull` would take them)" },
    ]);
    await s.user.dispose();
  });
});

describe('the blunt choices, per file', () => {
  it('pull --theirs replaces the file with the server version and says what it overwrote', async () => {
    const s = await editedOnBothSides('Theirs', { server: (t) => t.replace('"Hello"', '"Hi"'), local: (t) => t.replace('"Hello"', '"Yo"') });
    const taken = await s.cli(['pull', '--theirs', PATH]);
    expect(taken.code).toBe(0);
    expect(taken.report.changes).toEqual([{ path: PATH, action: 'downloaded', version: 2, reason: 'overwrote your changes since v1' }]);
    expect(await readFile(s.file, 'utf8')).toBe(MODULE.replace('"Hello"', '"Hi"'));
    expect((await s.cli(['status'])).report).toMatchObject({ changes: [], unchanged: 1 });
    // a file with conflict markers is taken over too
    await s.user.api('PATCH', `/scripts/${s.id}`, { content: MODULE.replace('"Hello"', '"Hey"') });
    await writeFile(s.file, MODULE.replace('"Hello"', '"Mine"'));
    expect((await s.cli(['pull'])).code).toBe(3);
    const again = await s.cli(['pull', '--theirs', PATH]);
    expect(again.report.changes).toEqual([{ path: PATH, action: 'downloaded', version: 3, reason: 'overwrote your changes since v2' }]);
    expect((await s.state()).files[PATH].conflict).toBeUndefined();
    expect((await s.cli(['pull', '--theirs'])).code).toBe(2);
    await s.user.dispose();
  });

  it('push --force saves the file over the server version, which stays in the history', async () => {
    const s = await editedOnBothSides('Force', { server: (t) => t.replace('"Hello"', '"Hi"'), local: (t) => t.replace('"Hello"', '"Yo"') });
    const forced = await s.cli(['push', '--force', PATH, '-m', 'mine wins']);
    expect(forced.code).toBe(0);
    expect(forced.report.changes).toEqual([{ path: PATH, action: 'updated', version: 3, reason: "overwrote the server's v2 (last seen here: v1; it stays in the history)" }]);
    expect(await s.serverScript()).toMatchObject({ version: 3, content: MODULE.replace('"Hello"', '"Yo"') });
    expect((await s.user.api('GET', `/scripts/${s.id}/versions/2`)).body).toMatchObject({ content: MODULE.replace('"Hello"', '"Hi"') });
    expect((await s.cli(['status'])).report).toMatchObject({ changes: [], unchanged: 1 });
    // never with conflict markers
    await writeFile(s.file, '<<<<<<< local\nprint(1)\n=======\nprint(2)\n>>>>>>> server v3\n');
    const refused = await s.cli(['push', '--force', PATH]);
    expect(refused.code).toBe(3);
    expect(refused.report.changes[0].reason).toContain('still holds a conflict marker (line 1)');
    expect(await s.serverScript()).toMatchObject({ version: 3 });
    // a script deleted on the server is made again from the file
    await writeFile(s.file, 'print("back")\n');
    expect((await s.user.api('DELETE', `/scripts/${s.id}`)).status).toBe(204);
    const again = await s.cli(['push', '--force', PATH]);
    expect(again.report.changes).toEqual([{ path: PATH, action: 'created', version: 1, reason: 'again: the script had been deleted on the server' }]);
    const id = (await s.state()).files[PATH].id;
    expect(id).not.toBe(s.id);
    expect((await s.user.api('GET', `/scripts/${id}/content`)).body).toMatchObject({ title: 'Greeter.luau', content: 'print("back")\n' });
    await s.user.dispose();
  });
});

describe('luavault status', () => {
  it('does not list files push always skips (blank, not UTF-8) as work to do, and exits 0 for them', async () => {
    const s = await editedOnBothSides('Skipped', { server: (t) => t, local: (t) => t });
    await writeFile(join(s.project, 'src/blank.lua'), '  \n\n');
    await writeFile(join(s.project, 'src/latin1.lua'), Buffer.from([0x70, 0x72, 0x69, 0x6e, 0x74, 0x28, 0x22, 0xe9, 0x22, 0x29, 0x0a]));
    const status = await s.cli(['status']);
    expect(status.code).toBe(0);
    expect(status.report.changes).toEqual([
      { path: 'src/blank.lua', action: 'skipped', reason: 'empty file (LuaVault keeps no empty scripts)' },
      { path: 'src/latin1.lua', action: 'skipped', reason: 'not UTF-8 text' },
      { path: PATH, action: 'pending', reason: 'changed on the server', version: 2 },
    ]);
    const pull = await s.cli(['pull']);
    expect(pull.report.changes.filter((c: { action: string }) => c.action === 'pending')).toEqual([]);
    // a synced file emptied here is skipped the same way
    await writeFile(s.file, '');
    expect((await s.cli(['status'])).report.changes).toContainEqual({ path: PATH, action: 'skipped', reason: 'empty file (LuaVault keeps no empty scripts)' });
    await s.user.dispose();
  });
});
