import { execFileSync, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  tool: string;
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/** Load with wrk when installed (it costs the server far less CPU than a Node client would), else a small Node client. */
export async function load(url: string, seconds: number, connections = 50): Promise<LoadResult> {
  return hasWrk ? wrk(url, seconds, connections) : nodeLoad(url, seconds, connections);
}

function wrk(url: string, seconds: number, connections: number): LoadResult {
  const out = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = p99?.[2] === 'us' ? 0.001 : p99?.[2] === 's' ? 1000 : 1;
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw error answers:\n${out}`);
  return { requestsPerSecond: rps, p99Ms: Number(p99?.[1]) * unit, tool: 'wrk' };
}

async function nodeLoad(url: string, seconds: number, connections: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      request(url, { agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          latencies.push(performance.now() - started);
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  agent.destroy();
  return { requestsPerSecond: latencies.length / seconds, p99Ms: percentile(latencies, 0.99), tool: 'node client (install wrk for steadier figures)' };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}
