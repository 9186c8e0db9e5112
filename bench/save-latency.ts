import { Agent } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile, send, type Writer } from './load';

export interface SaveLatencyInput {
  base: string;
  writers: Writer[];
  content: string;
  seconds: number;
  /** makes each round's saves differ from the last round's */
  round: number;
}

export interface SaveLatencyFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** the longest this client's own event loop stood still while measuring (its GC included), in ms */
  clientMaxStallMs: number;
}

/**
 * Latency of concurrent saves as a client sees it: each writer on a keep-alive connection of its own, saving its
 * script again as soon as the last save is answered (the same requests as the wrk rounds). Why not wrk's own
 * percentiles: with one wrk thread per writer (50 threads on one core), wrk reported a p99 of 140-330 ms and maxima
 * of 400-670 ms for servers that answered every request, by their own clock, within 80 ms, and whose idle time between
 * a response and the next request never exceeded 50 ms; this client, on the same core, agrees with the servers
 * (docs/performance.md). Run in a process of its own, like the save-to-visible client.
 */
export async function measureSaveLatency(input: SaveLatencyInput): Promise<SaveLatencyFigures> {
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const latencies: number[] = [];
  const deadline = performance.now() + input.seconds * 1000;
  await Promise.all(
    input.writers.map(async (writer, w) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let sent = 1; performance.now() < deadline; sent++) {
          const body = JSON.stringify({ content: `-- save ${w + 1}.${input.round}.${sent}\n${input.content}`, comment: 'bench save' });
          const started = performance.now();
          const status = await send(`${input.base}${writer.path}`, 'PUT', body, writer.cookie, agent);
          if (status < 200 || status >= 300) throw new Error(`PUT ${writer.path}: ${status}`);
          latencies.push(performance.now() - started);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  stalls.disable();
  return {
    requestsPerSecond: latencies.length / input.seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.reduce((max, ms) => Math.max(max, ms), 0),
    clientMaxStallMs: stalls.max / 1e6,
  };
}
