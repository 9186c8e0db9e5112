import { Agent } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { exchange } from './load';

export interface SaveToVisibleInput {
  base: string;
  scriptId: string;
  cookie: string;
  rawUrl: string;
  content: string;
  /** saves measured in all, one after another; the first ones run while the server's JIT is still compiling the save path */
  saves: number;
}

export interface SaveToVisibleFigures {
  /** per save, in order: PUT sent until a GET of the raw URL answers the saved content, in ms */
  latencies: number[];
  /** the longest this client's own event loop stood still while measuring (its GC included), in ms */
  clientMaxStallMs: number;
}

/**
 * Saves `saves` times one after another; after each PUT, GETs the raw URL until it shows the save. Run in a process of
 * its own (save-to-visible-child.ts): in the benchmark runner, whose heap holds every earlier part's results, the
 * runner's own garbage collection (incremental marking steps of up to 24 ms) landed inside the measured saves. Sent
 * with node:http over one keep-alive connection each (a save, the raw URL): with `fetch` the client's own pauses were
 * as long as the p99 it measured (docs/performance.md, "2026-11-27").
 * The caller reads the first saves (a server just started) and the last ones (the same server once its JIT has
 * compiled the save path) apart: see `splitColdAndWarm`.
 */
export async function measureSaveToVisible(input: SaveToVisibleInput): Promise<SaveToVisibleFigures> {
  const saves = new Agent({ keepAlive: true, maxSockets: 1 });
  const reads = new Agent({ keepAlive: true, maxSockets: 1 });
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < input.saves; i++) {
      const marker = `-- save ${i}\n`;
      const started = performance.now();
      const body = JSON.stringify({ content: marker + input.content, comment: `save ${i}` });
      const saved = await exchange(`${input.base}/api/scripts/${input.scriptId}`, 'PUT', body, input.cookie, saves, false);
      if (saved.status !== 200) throw new Error(`PUT ${input.scriptId}: ${saved.status}`);
      for (;;) {
        const { status, text } = await exchange(input.rawUrl, 'GET', null, '', reads);
        if (status !== 200) throw new Error(`GET ${input.rawUrl}: ${status}`);
        if (text.startsWith(marker)) break;
      }
      latencies.push(performance.now() - started);
    }
  } finally {
    stalls.disable();
    saves.destroy();
    reads.destroy();
  }
  return { latencies, clientMaxStallMs: stalls.max / 1e6 };
}

/**
 * The first `measured` saves after the server started, and the last `measured` of the run (the saves between them are
 * the warm-up). A freshly started server compiles the save path on V8's background threads for its first thousand or
 * so saves, on the one core it is pinned to; those compilations take the core from the event loop in 4 ms scheduler
 * slices (docs/performance.md, "2026-11-27, evening"). A server that has been running shows the warm figure.
 */
export function splitColdAndWarm(latencies: number[], measured: number): { cold: number[]; warm: number[] } {
  return { cold: latencies.slice(0, measured), warm: latencies.slice(Math.max(0, latencies.length - measured)) };
}
