import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestServer, uniqueName, PASSWORD, type TestServer } from '../http/client';

/** The CLI as users run it: `node cli/luavault.mjs`, a child process with its own HOME and config directory. */
export const CLI = resolve(import.meta.dirname, '../../cli/luavault.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliUser {
  server: TestServer;
  apiKey: string;
  /** a temporary HOME (and XDG_CONFIG_HOME inside it) */
  home: string;
  /** runs `luavault ...args` in `cwd` with the user's server and key in the environment */
  run(args: string[], options?: { cwd?: string; input?: string; env?: Record<string, string> }): Promise<CliResult>;
  /** the same, returning the child to stop it yourself (watch) */
  spawn(args: string[], options?: { cwd?: string }): ReturnType<typeof spawn>;
  /** `/api/v1` with the user's key */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  dispose(): Promise<void>;
}

export async function startCliUser(server?: TestServer): Promise<CliUser> {
  const running = server ?? (await startTestServer());
  const register = await fetch(`${running.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: uniqueName('cli'), password: PASSWORD }),
  });
  if (register.status !== 201) throw new Error(`register: ${register.status}`);
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
  const created = await fetch(`${running.url}/api/api-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ name: 'cli test' }),
  });
  if (created.status !== 201) throw new Error(`api key: ${created.status}`);
  const apiKey = ((await created.json()) as { key: string }).key;
  const home = await mkdtemp(join(tmpdir(), 'luavault-cli-home-'));
  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    LUAVAULT_SERVER: running.url,
    LUAVAULT_API_KEY: apiKey,
    ...extra,
  });
  const spawnCli = (args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) =>
    spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? home, env: env(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
  return {
    server: running,
    apiKey,
    home,
    spawn: spawnCli,
    run(args, options = {}) {
      return new Promise((resolveRun, reject) => {
        const child = spawnCli(args, options);
        let stdout = '';
        let stderr = '';
        child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolveRun({ code, stdout, stderr }));
        child.stdin!.end(options.input ?? '');
      });
    },
    async api(method, path, body) {
      const res = await fetch(`${running.url}/api/v1${path}`, {
        method,
        headers: { 'X-API-Key': apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
    },
    async dispose() {
      await rm(home, { recursive: true, force: true });
      if (!server) await running.dispose();
    },
  };
}
