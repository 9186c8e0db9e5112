import { monitorEventLoopDelay } from 'node:perf_hooks';
import { api } from './api';

export interface SaveToVisibleInput {
  base: string;
  scriptId: string;
  cookie: string;
  rawUrl: string;
  content: string;
  saves: number;
}

export interface SaveToVisibleFigures {
  /** per save: PUT sent until a GET of the raw URL answers the saved content, in ms */
  latencies: number[];
  /** the longest this client's own event loop stood still while measuring (its GC included), in ms */
  clientMaxStallMs: number;
}

/**
 * Saves `saves` times one after another; after each PUT, GETs the raw URL until it shows the save. Run in a process of
 * its own (save-to-visible-child.ts): in the benchmark runner, whose heap holds every earlier part's results, the
 * runner's own garbage collection (incremental marking steps of up to 24 ms) landed inside the measured saves.
 */
export async function measureSaveToVisible(input: SaveToVisibleInput): Promise<SaveToVisibleFigures> {
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const latencies: number[] = [];
  for (let i = 0; i < input.saves; i++) {
    const marker = `-- save ${i}\n`;
    const started = performance.now();
    await api(`${input.base}/api/scripts/${input.scriptId}`, {
      method: 'PUT',
      cookie: input.cookie,
      body: JSON.stringify({ content: marker + input.content, comment: `save ${i}` }),
    });
    for (;;) {
      const text = await (await fetch(input.rawUrl)).text();
      if (text.startsWith(marker)) break;
    }
    latencies.push(performance.now() - started);
  }
  stalls.disable();
  return { latencies, clientMaxStallMs: stalls.max / 1e6 };
}
