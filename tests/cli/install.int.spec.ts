import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliInstallCommands } from '../../web/src/features/api-keys/cli-install';
import { startTestServer, type TestServer } from '../http/client';
import { startCliUser, type CliUser } from './harness';

/**
 * Installing the CLI on a machine with only Node, as the API Keys page and the README say: the one-file build
 * (cli/vite.cli.config.ts, built here into a temporary directory) downloaded over HTTP from the server into an empty
 * directory, run with `node`, logged in with an API key, then push and pull.
 */

const run = promisify(execFile);
let cliDist: string;
let server: TestServer;
let user: CliUser;
const temps: string[] = [];

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `luavault-install-${prefix}-`));
  temps.push(dir);
  return dir;
}

/** A shell command in `cwd` with only PATH (node, curl) and a fresh HOME: no LUAVAULT_* variables, no repository around. */
function shell(command: string, options: { cwd: string; home: string; input?: string }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolveRun, reject) => {
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: options.home, XDG_CONFIG_HOME: join(options.home, '.config') },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

beforeAll(async () => {
  cliDist = await tempDir('dist');
  await build({ configFile: resolve(import.meta.dirname, '../../cli/vite.cli.config.ts'), logLevel: 'silent', build: { outDir: cliDist } });
  server = await startTestServer({ cliDist });
  user = await startCliUser(server);
}, 120_000);

afterAll(async () => {
  await user?.dispose();
  await server?.dispose();
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the CLI from the server', () => {
  it('is one file importing only Node built-ins', async () => {
    const text = await readFile(join(cliDist, 'luavault.mjs'), 'utf8');
    expect(await readdir(cliDist)).toEqual(['luavault.mjs']);
    expect(text.startsWith('#!/usr/bin/env node\n// luavault 0.')).toBe(true);
    // JSDoc types name modules too (`{import('./x.mjs').T}`): only code counts
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '');
    const imports = [...code.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm), ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name!.startsWith('node:'))).toEqual([]);
  });

  it.each([
    ['curl', (c: ReturnType<typeof cliInstallCommands>) => c.download],
    ['Node alone', (c: ReturnType<typeof cliInstallCommands>) => c.downloadWithNode],
  ])('installs with %s in an empty directory, logs in with a key, pushes and pulls', async (how, download) => {
    if (how === 'curl' && !existsSync('/usr/bin/curl')) return;
    const commands = cliInstallCommands(server.url);
    const home = await tempDir('home');
    const dir = await tempDir('empty');
    // the two documented commands, as one would paste them
    const installed = await shell(`${download(commands)} && ${commands.login}`, { cwd: dir, home, input: `${user.apiKey}\n` });
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`Logged in to ${server.url}`);
    const served = await fetch(`${server.url}/cli/luavault.mjs`);
    expect(await readFile(join(dir, 'luavault.mjs'))).toEqual(Buffer.from(await served.arrayBuffer()));
    const version = await shell('node luavault.mjs --version', { cwd: dir, home });
    expect(version.stdout.trim()).toBe(served.headers.get('x-luavault-cli-version'));

    const folder = `Installed ${how}`;
    await mkdir(join(dir, 'game/src/server'), { recursive: true });
    await writeFile(join(dir, 'game/src/server/init.server.lua'), 'print("installed")\n');
    const pushed = await shell(`node luavault.mjs push game --to '${folder}' --json`, { cwd: dir, home });
    expect(pushed.stderr).toBe('');
    expect(JSON.parse(pushed.stdout)).toMatchObject({ changes: [{ path: 'src/server/init.server.lua', action: 'created', version: 1 }], exitCode: 0 });
    const pulled = await shell(`node luavault.mjs pull '${folder}' copy`, { cwd: dir, home });
    expect(pulled.code).toBe(0);
    expect(await readFile(join(dir, 'copy/src/server/init.server.lua'), 'utf8')).toBe('print("installed")\n');
  });

  it('tells the user to download again when the server serves another version', async () => {
    const home = await tempDir('home');
    const dir = await tempDir('outdated');
    const built = await readFile(join(cliDist, 'luavault.mjs'), 'utf8');
    // this copy claims an older version than the server's build
    const old = built.replace(/"0\.\d+\.\d+\+[0-9a-f]{12}"/g, '"0.0.1+000000000000"');
    expect(old).not.toBe(built);
    await writeFile(join(dir, 'luavault.mjs'), old);
    expect((await shell('node luavault.mjs --version', { cwd: dir, home })).stdout.trim()).toBe('0.0.1+000000000000');
    const login = await shell(`node luavault.mjs login --server ${server.url}`, { cwd: dir, home, input: `${user.apiKey}\n` });
    expect(login.code).toBe(0);
    const served = (await fetch(`${server.url}/cli/luavault.mjs`, { method: 'HEAD' })).headers.get('x-luavault-cli-version');
    expect(login.stderr).toBe(
      `luavault: ${server.url} offers another version of this tool (${served}; this is 0.0.1+000000000000). Download it again:\n` +
        `  curl -fsSLo luavault.mjs ${server.url}/cli/luavault.mjs\n`,
    );
    // the CLI run from a clone is never compared
    const fromSource = await run(process.execPath, [resolve(import.meta.dirname, '../../cli/luavault.mjs'), '--version']);
    expect(fromSource.stdout).toMatch(/^\d+\.\d+\.\d+ \(from source\)\n$/);
  });
});
