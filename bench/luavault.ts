import { SERVER_CORE, startChild, type Started } from './processes';

/**
 * LuaVault as `npm start` runs it (the compiled bundle, embedded storage, its own process), on the server core.
 * Rate limits are off (RATE_LIMIT=off, as on a private install): the benchmark sends thousands of writes per minute
 * from one address and account, which the default limits exist to refuse. Anything else in the environment
 * (e.g. a limit's setting) reaches the server unchanged.
 */
export function startLuaVault(dataDir: string): Promise<Started> {
  return startChild('node', ['dist/server/main.mjs'], { core: SERVER_CORE, env: { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT: 'off' } });
}

interface Readiness {
  status: string;
  lagEvents?: number;
}

/** Polls /readyz until it answers 200 with every projection caught up; resolves with performance.now() then. */
export async function waitReady(base: string, timeoutMs = 60_000, onProgress?: (lagEvents: number) => void): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let lastReport = 0;
  for (;;) {
    try {
      const res = await fetch(`${base}/readyz`);
      const body = (await res.json()) as Readiness;
      if (res.ok && (body.lagEvents ?? 0) === 0) return performance.now();
      if (onProgress && body.lagEvents !== undefined && performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        onProgress(body.lagEvents);
      }
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`${base} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
