import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, createScript, eachLimited, luaSource, register, type BenchUser } from './api';
import { startLuaVault, waitReady } from './luavault';
import { median } from './load';
import { peakResidentMb, residentMb, stopChild } from './processes';

export interface StartFigures {
  /** process spawn until /readyz answers 200 with every projection caught up (median of the restarts) */
  readyMs: number;
  /** VmRSS 2 s after ready (median of the restarts) */
  rssMb: number;
}

export interface MemoryFigures {
  empty: StartFigures;
  seeded: StartFigures & {
    /** VmRSS after reading every script's version list and every version once */
    afterReadsMb: number;
    contentMb: number;
    scripts: number;
    versions: number;
    seedSeconds: number;
    catchUpSeconds: number;
    /** VmRSS of the instance that projected everything, once caught up */
    projectedRssMb: number;
    /** VmHWM of that instance: the most it was resident at any moment of the catch-up */
    projectedPeakMb: number;
    readSeconds: number;
    readMb: number;
  };
}

const SETTLE_MS = 2000;
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `restarts` fresh starts on an existing data directory, each measured (time to ready, resident memory once settled):
 * the medians, and the last instance left running.
 */
async function measuredStarts(dataDir: string, restarts: number) {
  const ready: number[] = [];
  const rss: number[] = [];
  for (let i = 1; ; i++) {
    const server = await startLuaVault(dataDir);
    const readyAt = await waitReady(server.url, 600_000).catch(async (error: unknown) => {
      await stopChild(server.child);
      throw error;
    });
    await sleep(SETTLE_MS);
    ready.push(readyAt - server.spawnedAt);
    rss.push(residentMb(server.child.pid!));
    if (i >= restarts) return { server, figures: { readyMs: median(ready), rssMb: median(rss) }, all: ready.map((ms, n) => `${ms.toFixed(0)} ms/${rss[n]!.toFixed(0)} MB`).join(', ') };
    await stopChild(server.child);
  }
}

/** Every version number of a script, from its version list, page after page (`Link: <...>; rel="next"`) where paginated. */
async function versionNumbers(base: string, user: BenchUser, scriptId: string): Promise<number[]> {
  const numbers: number[] = [];
  let url: string | null = `${base}/api/scripts/${scriptId}/versions`;
  while (url) {
    const res: Response = await fetch(url, { headers: { cookie: user.cookie } });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    numbers.push(...((await res.json()) as { version: number }[]).map((v) => v.version));
    const next: string | undefined = /<([^>]+)>\s*;\s*rel="?next"?/.exec(res.headers.get('link') ?? '')?.[1];
    url = next ? new URL(next, base).toString() : null;
  }
  return numbers;
}

/**
 * Memory and time to ready, empty and after seeding `seedMb` MiB of version content:
 *  - empty: restarts of an instance that never stored anything;
 *  - seeded: users and scripts (version 1) created through HTTP, the other versions appended to the event log by the
 *    real decider while the server is stopped (bench/seed-history.ts), one start that projects everything, then a
 *    measured restart, then one read of every script's version list and of every version through the API.
 */
export async function measureMemory(
  dir: string,
  options: { seedMb: number; versionsPerScript: number; versionBytes: number; scriptsPerUser: number; restarts: number },
): Promise<MemoryFigures> {
  const emptyDir = join(dir, 'empty');
  const first = await startLuaVault(emptyDir);
  await waitReady(first.url).finally(() => stopChild(first.child));
  const emptyStart = await measuredStarts(emptyDir, options.restarts);
  await stopChild(emptyStart.server.child);
  console.log(`  empty instance, ${options.restarts} restarts: ready in ${emptyStart.figures.readyMs.toFixed(0)} ms, ${emptyStart.figures.rssMb.toFixed(0)} MB resident (medians; ${emptyStart.all})`);

  const seedDir = join(dir, 'seeded');
  mkdirSync(seedDir, { recursive: true });
  const scriptCount = Math.ceil((options.seedMb * MiB) / (options.versionsPerScript * options.versionBytes));
  const userCount = Math.ceil(scriptCount / options.scriptsPerUser);
  const seedStarted = performance.now();
  const setup = await startLuaVault(seedDir);
  const users: BenchUser[] = new Array(userCount);
  const scripts: { id: string; ownerId: string; label: string; user: BenchUser }[] = new Array(scriptCount);
  try {
    await waitReady(setup.url);
    await eachLimited([...Array(userCount).keys()], 4, async (u) => void (users[u] = await register(setup.url, `history${u}`)));
    await eachLimited([...Array(scriptCount).keys()], 4, async (s) => {
      const user = users[Math.floor(s / options.scriptsPerUser)]!;
      const label = `history script ${s}`;
      scripts[s] = { id: await createScript(setup.url, user, label, luaSource(label, 1, options.versionBytes)), ownerId: user.id, label, user };
    });
  } finally {
    await stopChild(setup.child);
  }
  const planFile = join(dir, 'history-plan.json');
  writeFileSync(planFile, JSON.stringify({ scripts: scripts.map(({ id, ownerId, label }) => ({ id, ownerId, label })), versions: options.versionsPerScript, versionBytes: options.versionBytes }));
  const seeded = JSON.parse(execFileSync('node', ['dist/bench/seed-history.mjs', join(seedDir, 'events.sqlite'), planFile], { encoding: 'utf8' }).trim()) as { events: number };
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const contentMb = (scriptCount * options.versionsPerScript * options.versionBytes) / MiB;
  console.log(`  seeded ${contentMb.toFixed(0)} MB: ${userCount} users, ${scriptCount} scripts x ${options.versionsPerScript} versions of ${options.versionBytes / 1024} KB (${seeded.events} events appended to the log) in ${seedSeconds.toFixed(1)} s`);

  const projecting = await startLuaVault(seedDir);
  let catchUpSeconds: number;
  let projectedRssMb: number;
  let projectedPeakMb: number;
  try {
    const readyAt = await waitReady(projecting.url, 1_800_000, (lag) => console.log(`  projecting: ${lag} events to go`));
    catchUpSeconds = (readyAt - projecting.spawnedAt) / 1000;
    projectedRssMb = residentMb(projecting.child.pid!);
    projectedPeakMb = peakResidentMb(projecting.child.pid!);
  } finally {
    await stopChild(projecting.child);
  }
  console.log(`  first start projected everything in ${catchUpSeconds.toFixed(1)} s (${projectedRssMb.toFixed(0)} MB resident then, ${projectedPeakMb.toFixed(0)} MB at most)`);

  const { server, figures, all } = await measuredStarts(seedDir, options.restarts);
  try {
    console.log(`  ${options.restarts} restarts: ready in ${figures.readyMs.toFixed(0)} ms, ${figures.rssMb.toFixed(0)} MB resident (medians; ${all})`);
    const readStarted = performance.now();
    let bytes = 0;
    let versions = 0;
    await eachLimited(scripts, 4, async (script) => {
      for (const n of await versionNumbers(server.url, script.user, script.id)) {
        const { body } = await api<{ content: string }>(`${server.url}/api/scripts/${script.id}/versions/${n}`, { cookie: script.user.cookie });
        bytes += body.content.length;
        versions++;
      }
    });
    const readSeconds = (performance.now() - readStarted) / 1000;
    if (versions !== scriptCount * options.versionsPerScript) throw new Error(`read ${versions} versions, expected ${scriptCount * options.versionsPerScript}`);
    await sleep(SETTLE_MS);
    const afterReadsMb = residentMb(server.child.pid!);
    console.log(`  read ${versions} versions (${(bytes / MiB).toFixed(0)} MB) in ${readSeconds.toFixed(1)} s: ${afterReadsMb.toFixed(0)} MB resident`);
    return {
      empty: emptyStart.figures,
      seeded: { ...figures, afterReadsMb, contentMb, scripts: scriptCount, versions, seedSeconds, catchUpSeconds, projectedRssMb, projectedPeakMb, readSeconds, readMb: bytes / MiB },
    };
  } finally {
    await stopChild(server.child);
  }
}
