import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * Child processes for the benchmark, each optionally pinned to one core with `taskset` (server on one core, load
 * generator on another), so the load generator's CPU never competes with the server it measures.
 * BENCH_PIN=off turns pinning off; without taskset or with a single core nothing is pinned.
 */
const hasTaskset = spawnSync('taskset', ['--version']).error === undefined;
export const pinning = process.env.BENCH_PIN !== 'off' && hasTaskset && availableParallelism() >= 2;
/** The core the servers run on; everything else (this runner, wrk, seeding) stays on LOAD_CORE. */
export const SERVER_CORE = 1;
export const LOAD_CORE = 0;

export function describePinning(): string {
  if (pinning) return `servers pinned to core ${SERVER_CORE}, load generator and bench runner to core ${LOAD_CORE} (taskset)`;
  return process.env.BENCH_PIN === 'off' ? 'no CPU pinning (BENCH_PIN=off)' : 'no CPU pinning (taskset missing or a single core)';
}

/** Moves this process (every thread) and hence every child it starts later onto the load core. */
export function pinSelfToLoadCore(): void {
  if (pinning) spawnSync('taskset', ['-a', '-p', '-c', String(LOAD_CORE), String(process.pid)], { stdio: 'ignore' });
}

/** [command, args] that run `command args` on `core` (taskset execs it, so the pid stays the program's). */
export function onCore(core: number, command: string, args: string[]): [string, string[]] {
  return pinning ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

export interface Started {
  child: ChildProcess;
  url: string;
  /** performance.now() when the process was spawned */
  spawnedAt: number;
  /** performance.now() when it printed its URL */
  urlAt: number;
}

/** Starts a child on `core` and resolves with the first http URL it prints. */
export function startChild(command: string, args: string[], options: { env?: Record<string, string>; core?: number } = {}): Promise<Started> {
  const [cmd, argv] = options.core === undefined ? [command, args] : onCore(options.core, command, args);
  const spawnedAt = performance.now();
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...options.env } });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let found = false;
    lines.on('line', (line) => {
      const url = found ? undefined : /https?:\/\/[^\s"]+/.exec(line)?.[0];
      if (url) {
        found = true;
        resolve({ child, url, spawnedAt, urlAt: performance.now() });
      }
    });
    child.once('exit', (code) => {
      if (!found) reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
export function stopChild(child: ChildProcess, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process in MB (VmRSS from /proc/<pid>/status), or NaN where /proc is missing. */
export function residentMb(pid: number): number {
  return statusMb(pid, 'VmRSS');
}

/** The most resident memory a process has had since it started, in MB (VmHWM), or NaN where /proc is missing. */
export function peakResidentMb(pid: number): number {
  return statusMb(pid, 'VmHWM');
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs a measuring client of the compiled bench bundle (`dist/bench/<name>.mjs`) in a process of its own, on this
 * runner's core: its input is written as JSON to `inputFile`, its figures are the one JSON line it prints.
 * Why its own process: in the runner, whose heap holds every earlier part's results, the runner's own garbage
 * collection landed inside the measured requests.
 */
export async function runMeasuringClient<Figures>(name: string, inputFile: string, input: unknown): Promise<Figures> {
  writeFileSync(inputFile, JSON.stringify(input));
  const { stdout } = await execFileAsync('node', [`dist/bench/${name}.mjs`, inputFile], { encoding: 'utf8' });
  return JSON.parse(stdout.trim()) as Figures;
}
