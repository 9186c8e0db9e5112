import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The built server on the Node running the tests, as users start it (`node dist/server/main.mjs`): fresh starts and a
 * stretch of saves and full-text searches must never abort the process. better-sqlite3 12 on Node 24 aborted in
 * most fresh starts within ten seconds (`Assertion failed: (env) != nullptr`, a statement freed by the garbage
 * collector); a small young generation makes collections frequent, so such a fault shows within the test's time.
 * SOAK_SECONDS (default 60) and SOAK_STARTS (default 10) size it.
 */

const BUNDLE = 'dist/server/main.mjs';
const SOAK_MS = Number(process.env.SOAK_SECONDS ?? 60) * 1000;
const STARTS = Number(process.env.SOAK_STARTS ?? 10);
/** what a dying Node process or a native fault prints, and pino's error and fatal levels */
const ABORTED = /Assertion failed|Aborted|FATAL ERROR|Segmentation fault|core dumped|"level":(50|60)/;

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function startBuilt(): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'luavault-soak-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=1', BUNDLE], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT: 'off', EVENTSTORE_URL: '', MONGODB_URL: '', ADMIN_KEY: '', SESSION_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /running on (http:\/\/\S+)/.exec(output)?.[1];
    if (url) return { child, url, output: () => output, exited };
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server ended before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopBuilt(server: Running): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** A signed-in user's request helper (the session cookie, and the origin the cross-site check expects). */
async function signIn(url: string): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
  const username = `soak${Math.random().toString(36).slice(2, 10)}`;
  const register = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username, password: 'correct-horse-battery' }),
  });
  expect(register.status).toBe(201);
  const cookie = register.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return (method, path, body) =>
    fetch(`${url}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: url, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

const luau = (i: number) =>
  `--!strict\nlocal Players = game:GetService("Players")\nlocal function greet(player: Player): string\n\treturn \`hello {player.Name} #${i}\`\nend\n${'-- padding line\n'.repeat(i % 200)}return greet\n`;

describe.skipIf(!existsSync(BUNDLE))(`the built server on Node ${process.version}`, () => {
  it(`starts fresh ${STARTS} times, serves, and stops cleanly each time`, async () => {
    for (let start = 0; start < STARTS; start++) {
      const server = await startBuilt();
      const request = await signIn(server.url);
      const created = await request('POST', '/api/scripts', { title: `Start${start}`, content: luau(start) });
      expect(created.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the background workers are up
      expect(server.child.exitCode).toBeNull();
      expect(await stopBuilt(server)).toEqual({ code: 0, signal: null });
      expect(server.output()).not.toMatch(ABORTED);
    }
  }, 60_000 + STARTS * 20_000);

  it('stays alive through a stretch of saves and full-text searches, then its workers stop with it', async () => {
    const server = await startBuilt();
    const request = await signIn(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await request('POST', '/api/scripts', { title: `Module${i}.luau`, content: luau(i) });
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { id: string }).id);
    }
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const until = Date.now() + SOAK_MS;
    let round = 0;
    while (Date.now() < until) {
      round++;
      const writes = ids.slice(0, 5).map((id, k) => request('PUT', `/api/scripts/${id}`, { content: luau(round * 5 + k) }));
      const search = request('GET', `/api/search?type=content&q=${encodeURIComponent(`greet player ${round % 50}`)}`);
      for (const response of await Promise.all([...writes, search])) {
        count(response.status);
        await response.arrayBuffer();
      }
      expect(server.child.exitCode, server.output()).toBeNull();
    }
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(round);
    expect(await stopBuilt(server)).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(ABORTED);
  }, SOAK_MS + 120_000);
});
