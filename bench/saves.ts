import { join } from 'node:path';
import { createScript, eachLimited, luaSource, register, saveScript, type BenchUser } from './api';
import { median, pairedRatio, saveLoad, type LoadResult, type Writer } from './load';
import { SERVER_CORE, startChild, stopChild } from './processes';

export interface SavesFigure {
  ours: { requestsPerSecond: number; p99Ms: number };
  baseline: { requestsPerSecond: number; p99Ms: number };
  /** median of the per-round ratios LuaVault/baseline */
  ratio: number;
}

const summarize = (runs: LoadResult[]) => ({ requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)), p99Ms: median(runs.map((r) => r.p99Ms)) });
const rate = (r: LoadResult) => `${r.requestsPerSecond.toFixed(0)} saves/s, p99 ${r.p99Ms.toFixed(1)} ms${r.timeouts ? `, ${r.timeouts} timed out` : ''}`;

/** One user per writer (each under its storage quota, as real writers are), each with one script. */
async function writersWithScripts(base: string, prefix: string, count: number, content: string): Promise<{ users: BenchUser[]; writers: Writer[] }> {
  const users: BenchUser[] = new Array(count);
  const writers: Writer[] = new Array(count);
  await eachLimited([...Array(count).keys()], 4, async (i) => {
    users[i] = await register(base, `${prefix}${i}`);
    writers[i] = { path: `/api/scripts/${await createScript(base, users[i]!, `${prefix} ${i}`, content)}`, cookie: users[i]!.cookie };
  });
  return { users, writers };
}

/**
 * `writers` concurrent writers, each saving 4 KB to its own script, against LuaVault and against the naive CRUD server
 * (one fsynced INSERT per request), with the same wrk requests, duration and connection count; rounds alternate.
 */
export async function measureConcurrentSaves(
  base: string,
  dir: string,
  options: { writers: number; seconds: number; rounds: number; contentBytes: number },
): Promise<SavesFigure> {
  const content = luaSource('bench writer', 0, options.contentBytes);
  const { writers } = await writersWithScripts(base, 'writer', options.writers, content);
  const naive = await startChild('node', ['dist/bench/naive-crud-server.mjs', join(dir, 'naive-crud.sqlite')], { core: SERVER_CORE });
  try {
    const lua = join(dir, 'saves.lua');
    await saveLoad(naive.url, writers, content, 2, lua); // warm-up
    await saveLoad(base, writers, content, 2, lua);
    const ours: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // Alternating which goes first cancels drift in what else the machine is doing.
      const runBaseline = async () => void baseline.push(await saveLoad(naive.url, writers, content, options.seconds, lua));
      const runOurs = async () => void ours.push(await saveLoad(base, writers, content, options.seconds, lua));
      if (round % 2 === 0) await runBaseline().then(runOurs);
      else await runOurs().then(runBaseline);
      console.log(`  round ${round + 1}: naive CRUD ${rate(baseline[round]!)}; LuaVault ${rate(ours[round]!)}; ratio ${(ours[round]!.requestsPerSecond / baseline[round]!.requestsPerSecond).toFixed(2)}`);
    }
    return { ours: summarize(ours), baseline: summarize(baseline), ratio: pairedRatio(ours, baseline) };
  } finally {
    await stopChild(naive.child);
  }
}

/**
 * Saves to scripts with `versions` versions next to saves to fresh scripts (new ones each round), same writers count
 * and duration. The long histories are written through the save route itself.
 */
export async function measureDeepSaves(
  base: string,
  dir: string,
  options: { scripts: number; versions: number; seconds: number; rounds: number; contentBytes: number },
): Promise<SavesFigure> {
  const content = luaSource('bench deep', 0, options.contentBytes);
  const { users, writers: deep } = await writersWithScripts(base, 'deep', options.scripts, content);
  const seedStarted = performance.now();
  await Promise.all(
    deep.map(async (writer, i) => {
      const id = writer.path.split('/').pop()!;
      for (let v = 2; v <= options.versions; v++) await saveScript(base, users[i]!, id, `-- version ${v}\n${content}`, `v${v}`);
    }),
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  ${options.scripts} scripts brought to ${options.versions} versions through PUT in ${seedSeconds.toFixed(1)} s`);
  const lua = join(dir, 'deep.lua');
  const ours: LoadResult[] = [];
  const baseline: LoadResult[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const fresh: Writer[] = await Promise.all(
      users.map(async (user, i) => ({ path: `/api/scripts/${await createScript(base, user, `fresh ${round}.${i}`, content)}`, cookie: user.cookie })),
    );
    const runBaseline = async () => void baseline.push(await saveLoad(base, fresh, content, options.seconds, lua));
    const runOurs = async () => void ours.push(await saveLoad(base, deep, content, options.seconds, lua));
    if (round % 2 === 0) await runBaseline().then(runOurs);
    else await runOurs().then(runBaseline);
    console.log(`  round ${round + 1}: fresh scripts ${rate(baseline[round]!)}; ${options.versions}-version scripts ${rate(ours[round]!)}; ratio ${(ours[round]!.requestsPerSecond / baseline[round]!.requestsPerSecond).toFixed(2)}`);
  }
  return { ours: summarize(ours), baseline: summarize(baseline), ratio: pairedRatio(ours, baseline) };
}
