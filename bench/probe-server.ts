import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register, type BenchUser } from './api';
import { startLuaVault, waitReady } from './luavault';
import { stopChild } from './processes';
import { cpuSeconds } from './saves';

/**
 * One LuaVault server for a probe (bench/attacks, the views measure): the compiled bundle (`npm run build:server`
 * first; `BUNDLE=<main.mjs>` measures another build, e.g. an older commit's), a fresh data directory, one signed-in
 * user, and the server's CPU, resident memory and disk writes as the probe goes.
 */
export async function probeServer(username: string) {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-probe-'));
  const lv = await startLuaVault(join(dir, 'data'), process.env.BUNDLE ?? 'dist/server/main.mjs');
  await waitReady(lv.url);
  const user: BenchUser = await register(lv.url, username);
  const pid = lv.child.pid!;
  return {
    url: lv.url,
    user,
    cpuMs: () => cpuSeconds(pid) * 1000,
    /** bytes the server process has written to storage (/proc/<pid>/io `write_bytes`) */
    writtenBytes: () => Number(/write_bytes: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? Number.NaN),
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024,
    async stop() {
      await stopChild(lv.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
