import { createScript, luaSource, shareRawUrl } from './api';
import { median } from './load';
import { probeServer, sleep } from './probe-server';

/**
 * What anonymous views of shared scripts cost the server, by script size: the same number of shared scripts, small
 * and large, each fetched a few times a second with `If-None-Match` (a 304: next to nothing for the client to send
 * or read, yet every fetch is a view the server counts and records). Windows of small and large alternate on one
 * server; each gives the server's CPU (% of a core) and disk writes (/proc/<pid>/io `write_bytes`). Counting views
 * should cost the same whatever the scripts' size.
 */
export interface ViewCostInput {
  scripts: number;
  smallBytes: number;
  largeBytes: number;
  fetchesPerSecond: number;
  seconds: number;
  rounds: number;
}
export interface ViewCostFigures {
  small: { cpuPercent: number; writeMbPerSecond: number };
  large: { cpuPercent: number; writeMbPerSecond: number };
}

export async function measureViewCost(input: ViewCostInput): Promise<ViewCostFigures> {
  const server = await probeServer('viewer');
  try {
    const shared = async (label: string, bytes: number) => {
      const links: { url: string; etag: string }[] = [];
      for (let i = 0; i < input.scripts; i++) {
        const url = await shareRawUrl(server.url, server.user, await createScript(server.url, server.user, `${label} ${i}`, luaSource(`${label}${i}`, 1, bytes)));
        const res = await fetch(url);
        await res.arrayBuffer();
        links.push({ url, etag: res.headers.get('etag') ?? '' });
      }
      return links;
    };
    const sets = { small: await shared('small', input.smallBytes), large: await shared('large', input.largeBytes) };
    await sleep(2000); // the creates' projection and the first fetches' views settle
    const window = async (links: { url: string; etag: string }[]) => {
      const cpu0 = server.cpuMs();
      const written0 = server.writtenBytes();
      const started = performance.now();
      for (let tick = 0; tick < input.seconds * input.fetchesPerSecond; tick++) {
        const due = started + (tick * 1000) / input.fetchesPerSecond;
        await sleep(Math.max(0, due - performance.now()));
        await Promise.all(links.map(async ({ url, etag }) => void (await (await fetch(url, { headers: { 'if-none-match': etag } })).arrayBuffer())));
      }
      await sleep(1500); // the last views are recorded and projected inside the window
      const ms = performance.now() - started;
      return { cpuPercent: ((server.cpuMs() - cpu0) / ms) * 100, writeMbPerSecond: (server.writtenBytes() - written0) / ms / 1000 };
    };
    const rounds = { small: [] as ViewCostFigures['small'][], large: [] as ViewCostFigures['large'][] };
    for (let round = 0; round < input.rounds; round++) {
      for (const size of round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) rounds[size].push(await window(sets[size]));
    }
    const summary = (list: ViewCostFigures['small'][]) => ({ cpuPercent: median(list.map((r) => r.cpuPercent)), writeMbPerSecond: median(list.map((r) => r.writeMbPerSecond)) });
    return { small: summary(rounds.small), large: summary(rounds.large) };
  } finally {
    await server.stop();
  }
}
