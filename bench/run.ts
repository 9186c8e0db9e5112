import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { load, median, percentile, type LoadResult } from './load';
import { measureSharedPage } from './shared-page';

/**
 * `npm run bench`: every figure next to a baseline measured in the same run (absolute times on shared machines are noise).
 *   1. raw fetch of a 4 KB shared script vs a bare node:http server sending the same bytes from memory
 *   2. save-to-visible latency: PUT, then the raw URL shows the new content
 *   3. projection rebuild events/s over 100,000 events vs a plain read of the same log
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SAVES = Number(process.env.BENCH_SAVES ?? 300);
const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 100_000);

const TSX = join('node_modules', '.bin', 'tsx');

/** Starts a child and resolves with the first URL it prints. */
function startChild(command: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const url = /https?:\/\/[^\s"]+/.exec(line)?.[0];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
  });
}

async function json(url: string, init: RequestInit & { cookie?: string } = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', cookie: init.cookie ?? '' } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return { body: res.status === 204 ? null : await res.json(), cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-bench-'));
  const children: ChildProcess[] = [];
  try {
    // The product as `npm start` runs it: the compiled server bundle, embedded storage, in its own process.
    execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
    // Limits on, so the raw figure includes the raw limit's in-process count, but set far above what a bench sends
    // (one address, one link, tens of thousands of fetches a second; 300 saves in a row).
    const lv = await startChild('node', ['dist/server/main.mjs'], {
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_RAW: '1000000000/1m',
      RATE_LIMIT_WRITE: 'off',
      RATE_LIMIT_WRITE_ADDRESS: 'off',
    });
    children.push(lv.child);
    const base = lv.url;
    const { cookie } = await json(`${base}/api/register`, { method: 'POST', body: JSON.stringify({ username: 'bench', password: 'benchpass' }) });
    const content = `-- 4 KB script\n${'print("LuaVault benchmark line")\n'.repeat(4096 / 32)}`.slice(0, 4096);
    const script = (await json(`${base}/api/scripts`, { method: 'POST', cookie, body: JSON.stringify({ title: 'Bench', content }) })).body;
    const { shareId } = (await json(`${base}/api/scripts/${script.id}/share`, { method: 'POST', cookie })).body;
    const rawUrl = `${base}/api/share/${shareId}/raw`;

    const bodyFile = join(dir, 'body.lua');
    writeFileSync(bodyFile, content);
    const bare = await startChild(TSX, ['bench/bare-server.ts', bodyFile]);
    children.push(bare.child);

    console.log(`Raw fetch, 4 KB, 50 connections, ${ROUNDS} rounds of ${SECONDS} s each, alternating:`);
    const ours: LoadResult[] = [];
    const ceiling: LoadResult[] = [];
    await load(rawUrl, 1); // warm-up
    await load(bare.url, 1);
    for (let round = 0; round < ROUNDS; round++) {
      ceiling.push(await load(bare.url, SECONDS));
      ours.push(await load(rawUrl, SECONDS));
      console.log(`  round ${round + 1}: bare ${ceiling[round]!.requestsPerSecond.toFixed(0)} req/s, LuaVault ${ours[round]!.requestsPerSecond.toFixed(0)} req/s`);
    }
    const oursRps = median(ours.map((r) => r.requestsPerSecond));
    const bareRps = median(ceiling.map((r) => r.requestsPerSecond));
    console.log(`  tool: ${ours[0]!.tool}`);
    console.log(`  bare node:http: ${bareRps.toFixed(0)} req/s, p99 ${median(ceiling.map((r) => r.p99Ms)).toFixed(2)} ms`);
    console.log(`  LuaVault raw:   ${oursRps.toFixed(0)} req/s, p99 ${median(ours.map((r) => r.p99Ms)).toFixed(2)} ms`);
    console.log(`  ratio: ${(oursRps / bareRps).toFixed(2)} of the bare ceiling (target >= 0.5)`);

    console.log(`\nSave-to-visible, ${SAVES} saves (PUT, then GET of the raw URL until it shows the save):`);
    const latencies: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const marker = `-- save ${i}\n`;
      const started = performance.now();
      await json(`${base}/api/scripts/${script.id}`, { method: 'PUT', cookie, body: JSON.stringify({ content: marker + content, comment: `save ${i}` }) });
      for (;;) {
        const text = await (await fetch(rawUrl)).text();
        if (text.startsWith(marker)) break;
      }
      latencies.push(performance.now() - started);
    }
    console.log(`  p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms (target p99 < 50 ms)`);

    console.log(`\nProjection rebuild over ${REBUILD_EVENTS} events (embedded stores):`);
    execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.bench.config.ts'], { stdio: 'inherit' });
    const rebuild = JSON.parse(execFileSync('node', ['dist/bench/rebuild-child.mjs', String(REBUILD_EVENTS)], { encoding: 'utf8' }).trim()) as {
      eventsPerSecond: number;
      readOnlyEventsPerSecond: number;
    };
    console.log(`  plain read of the log: ${rebuild.readOnlyEventsPerSecond.toFixed(0)} events/s`);
    console.log(`  rebuild of every read model: ${rebuild.eventsPerSecond.toFixed(0)} events/s (target >= 20000)`);
    console.log(`  ratio: ${(rebuild.eventsPerSecond / rebuild.readOnlyEventsPerSecond).toFixed(2)} of a plain read`);
    console.log(`\n${(await measureSharedPage(dir)).summary}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
