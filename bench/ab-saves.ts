import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScript, luaSource, register, shareRawUrl } from './api';
import { load, median, saveLoad, type Writer } from './load';
import { startLuaVault, waitReady } from './luavault';
import { pinSelfToLoadCore, stopChild, type Started } from './processes';
import { latencyRound, measuredRound, writersWithScripts } from './saves';

/**
 * `npm run bench:ab -- <bundle A> <bundle B>`: CPU per save of two server builds (e.g. `dist/server/main.mjs` of two
 * commits, copied beside it as `dist/server-a/`), 50 writers saving 4 KB, rounds alternating A and B.
 * Why: between two runs of `npm run bench` CPU per save moves by +-30 us on this kind of shared machine, more than
 * most single changes; within one run, paired rounds move together, so the per-round ratio B/A is steady to a few %.
 * Each round also measures the saves' p99 latency with the one-connection-per-writer client (save-latency.ts).
 * AB_ROUNDS (default 8) and AB_SECONDS (default 6) set the length.
 * AB_TOGETHER=1: both builds serve their 50 writers at the same moment, sharing the server core, and no latency is
 * measured. On a host whose speed drifts from minute to minute (seen: a fixed loop taking 300 ms, then 500 ms), two
 * back-to-back rounds can differ by a third; two builds loaded together see the same moment, so each round's ratio is
 * steady to a few percent (one build against itself: 0.97-1.02 per round). The CPU per save of each is its own process's.
 * AB_WORKLOAD=raw: instead of saves, fetches of one shared 4 KB script's raw URL (wrk -t2 -c50, as `npm run bench`
 * does), CPU per fetch; with AB_TOGETHER=1 too, both servers are fetched from at the same moment.
 */
const [bundleA, bundleB] = process.argv.slice(2);
if (!bundleA || !bundleB) {
  console.error('usage: npm run bench:ab -- <server bundle A> <server bundle B>   (each a main.mjs built by build:server)');
  process.exit(2);
}
const rounds = Number(process.env.AB_ROUNDS ?? 8);
const seconds = Number(process.env.AB_SECONDS ?? 6);
const together = process.env.AB_TOGETHER === '1';
const raw = process.env.AB_WORKLOAD === 'raw';
const unit = raw ? 'fetch' : 'save';

pinSelfToLoadCore();
const dir = mkdtempSync(join(tmpdir(), 'luavault-ab-'));
const content = luaSource('bench writer', 0, 4096);
const started: Started[] = [];
interface Build {
  name: string;
  server: Started;
  writers: Writer[];
  lua: string;
  /** AB_WORKLOAD=raw: the raw URL of a shared script */
  rawUrl: string;
  cpuPerSave: number[];
  p99: number[];
}
try {
  const servers: Build[] = [];
  for (const [name, bundle] of [['A', bundleA], ['B', bundleB]] as const) {
    const server = await startLuaVault(join(dir, name), bundle);
    started.push(server);
    await waitReady(server.url);
    const { writers } = raw ? { writers: [] } : await writersWithScripts(server.url, 'writer', 50, content);
    const lua = join(dir, `${name}.lua`);
    const rawUrl = raw ? await sharedRawUrl(server.url) : '';
    if (raw) await load(rawUrl, 2); // warm-up
    else await saveLoad(server.url, writers, content, 2, lua);
    servers.push({ name, server, writers, lua, rawUrl, cpuPerSave: [], p99: [] });
  }
  const work = (s: Build) => (raw ? load(s.rawUrl, seconds) : saveLoad(s.server.url, s.writers, content, seconds, s.lua));
  const cpuRound = async (s: Build) => void s.cpuPerSave.push((await measuredRound(s.server.child.pid, () => work(s), seconds)).cpuPerSaveUs);
  // Loaded together, the first round ran 10-15 % apart for identical builds (heaps still growing): one round unmeasured.
  if (together) await Promise.all(servers.map(work));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    if (together) {
      await Promise.all(order.map(cpuRound));
    } else {
      for (const s of order) {
        await cpuRound(s);
        if (!raw) s.p99.push((await latencyRound(dir, { base: s.server.url, writers: s.writers, content, seconds, round })).p99Ms);
      }
    }
    const p99 = (s: Build) => (together || raw ? '' : `, p99 ${s.p99.at(-1)!.toFixed(1)} ms`);
    console.log(`round ${round + 1}: ${servers.map((s) => `${s.name} ${s.cpuPerSave.at(-1)!.toFixed(1)} us/${unit}${p99(s)}`).join('; ')}`);
  }
  const [a, b] = servers as [Build, Build];
  const ratios = b.cpuPerSave.map((cpu, i) => cpu / a.cpuPerSave[i]!);
  console.log(`CPU per ${unit}, median: A ${median(a.cpuPerSave).toFixed(1)} us, B ${median(b.cpuPerSave).toFixed(1)} us`);
  console.log(`B/A per round: ${ratios.map((r) => r.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}`);
  if (!together && !raw) console.log(`p99 latency, median: A ${median(a.p99).toFixed(1)} ms, B ${median(b.p99).toFixed(1)} ms`);
} finally {
  for (const server of started) await stopChild(server.child);
  rmSync(dir, { recursive: true, force: true });
}

/** Shares a 4 KB script of a new user and answers its raw URL (the raw workload). */
async function sharedRawUrl(base: string): Promise<string> {
  const user = await register(base, 'rawreader');
  return shareRawUrl(base, user, await createScript(base, user, 'raw', luaSource('raw', 1, 4096)));
}
