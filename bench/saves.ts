import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScript, eachLimited, luaSource, register, saveScript, type BenchUser } from './api';
import { inAlternatingOrder, median, pairedRatio, saveLoad, type LoadResult, type Writer } from './load';
import { runMeasuringClient, SERVER_CORE, startChild, stopChild } from './processes';
import type { SaveLatencyFigures, SaveLatencyInput } from './save-latency';


export interface SavesFigure {
  ours: { requestsPerSecond: number; p99Ms: number };
  baseline: { requestsPerSecond: number; p99Ms: number };
  /** median of the per-round ratios LuaVault/baseline */
  ratio: number;
}

export interface ConcurrentSavesFigure extends SavesFigure {
  /** median CPU time (user + system, every thread) the server spent per completed save, in microseconds */
  cpuPerSaveUs: { ours: number; baseline: number };
  /** latency as a client with one connection per writer sees it (save-latency.ts), medians of the rounds */
  latency: { ours: LatencySummary; baseline: LatencySummary };
}

export interface LatencySummary {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  clientMaxStallMs: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on nearly every Linux). */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (utime + stime, all threads) a process has used so far, or NaN where /proc is missing. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is the first, utime the 12th, stime the 13th (man 5 proc, fields 14 and 15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

/**
 * One round of saves, with the CPU time the server process spent during it divided by the saves it completed.
 * Far steadier than saves/s on a shared machine: it does not depend on how much of its core the server was given.
 */
export async function measuredRound(pid: number | undefined, run: () => Promise<LoadResult>, seconds: number): Promise<{ result: LoadResult; cpuPerSaveUs: number }> {
  const before = cpuSeconds(pid);
  const result = await run();
  const used = cpuSeconds(pid) - before;
  return { result, cpuPerSaveUs: (used / (result.requestsPerSecond * seconds)) * 1e6 };
}
const us = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} us` : 'n/a');

const summarize = (runs: LoadResult[]) => ({ requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)), p99Ms: median(runs.map((r) => r.p99Ms)) });
const rate = (r: LoadResult) => `${r.requestsPerSecond.toFixed(0)} saves/s, p99 ${r.p99Ms.toFixed(1)} ms${r.timeouts ? `, ${r.timeouts} timed out` : ''}`;

const summarizeLatency = (rounds: SaveLatencyFigures[]): LatencySummary => ({
  p50Ms: median(rounds.map((r) => r.p50Ms)),
  p99Ms: median(rounds.map((r) => r.p99Ms)),
  maxMs: median(rounds.map((r) => r.maxMs)),
  clientMaxStallMs: median(rounds.map((r) => r.clientMaxStallMs)),
});

/** One latency round by the client in a process of its own (on the load core, like this runner). */
export function latencyRound(dir: string, input: SaveLatencyInput): Promise<SaveLatencyFigures> {
  return runMeasuringClient<SaveLatencyFigures>('save-latency-child', join(dir, 'save-latency-input.json'), input);
}

/** One user per writer (each under its storage quota, as real writers are), each with one script. */
export async function writersWithScripts(base: string, prefix: string, count: number, content: string): Promise<{ users: BenchUser[]; writers: Writer[] }> {
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
  options: { writers: number; seconds: number; rounds: number; contentBytes: number; serverPid: number | undefined },
): Promise<ConcurrentSavesFigure> {
  const content = luaSource('bench writer', 0, options.contentBytes);
  const { writers } = await writersWithScripts(base, 'writer', options.writers, content);
  const naive = await startChild('node', ['dist/bench/naive-crud-server.mjs', join(dir, 'naive-crud.sqlite')], { core: SERVER_CORE });
  try {
    const lua = join(dir, 'saves.lua');
    await saveLoad(naive.url, writers, content, 2, lua); // warm-up
    await saveLoad(base, writers, content, 2, lua);
    const ours: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    const oursCpu: number[] = [];
    const baselineCpu: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const runBaseline = async () => {
        const { result, cpuPerSaveUs } = await measuredRound(naive.child.pid, () => saveLoad(naive.url, writers, content, options.seconds, lua), options.seconds);
        baseline.push(result);
        baselineCpu.push(cpuPerSaveUs);
      };
      const runOurs = async () => {
        const { result, cpuPerSaveUs } = await measuredRound(options.serverPid, () => saveLoad(base, writers, content, options.seconds, lua), options.seconds);
        ours.push(result);
        oursCpu.push(cpuPerSaveUs);
      };
      await inAlternatingOrder(round, runOurs, runBaseline);
      console.log(
        `  round ${round + 1}: naive CRUD ${rate(baseline[round]!)}, CPU ${us(baselineCpu[round]!)}/save; LuaVault ${rate(ours[round]!)}, CPU ${us(oursCpu[round]!)}/save; ratio ${(ours[round]!.requestsPerSecond / baseline[round]!.requestsPerSecond).toFixed(2)}`,
      );
    }
    // Latency rounds, alternating too: the same writers and requests, measured by a client that sees what the servers see.
    const oursLatency: SaveLatencyFigures[] = [];
    const baselineLatency: SaveLatencyFigures[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const runOurs = async () => void oursLatency.push(await latencyRound(dir, { base, writers, content, seconds: options.seconds, round }));
      const runBaseline = async () => void baselineLatency.push(await latencyRound(dir, { base: naive.url, writers, content, seconds: options.seconds, round }));
      await inAlternatingOrder(round, runOurs, runBaseline);
      const show = (f: SaveLatencyFigures) => `p50 ${f.p50Ms.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(0)} ms (client stall ${f.clientMaxStallMs.toFixed(0)} ms)`;
      console.log(`  latency round ${round + 1}: naive CRUD ${show(baselineLatency[round]!)}; LuaVault ${show(oursLatency[round]!)}`);
    }
    return {
      ours: summarize(ours),
      baseline: summarize(baseline),
      ratio: pairedRatio(ours, baseline),
      cpuPerSaveUs: { ours: median(oursCpu), baseline: median(baselineCpu) },
      latency: { ours: summarizeLatency(oursLatency), baseline: summarizeLatency(baselineLatency) },
    };
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
    await inAlternatingOrder(round, runOurs, runBaseline);
    console.log(`  round ${round + 1}: fresh scripts ${rate(baseline[round]!)}; ${options.versions}-version scripts ${rate(ours[round]!)}; ratio ${(ours[round]!.requestsPerSecond / baseline[round]!.requestsPerSecond).toFixed(2)}`);
  }
  return { ours: summarize(ours), baseline: summarize(baseline), ratio: pairedRatio(ours, baseline) };
}
