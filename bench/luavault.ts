import { SERVER_CORE, startChild, type Started } from './processes';

/**
 * LuaVault as `npm start` runs it (the compiled bundle, embedded storage, its own process), on the server core.
 * Rate limits stay on, so the raw figure includes the raw limit's in-process count, but every budget is set out of
 * reach or off: the benchmark sends thousands of writes per minute and tens of thousands of fetches a second from one
 * address and account, which the default limits exist to refuse. Anything else in the environment reaches the server.
 */
const BENCH_LIMITS = {
  RATE_LIMIT_RAW: '1000000000/1m',
  RATE_LIMIT_REGISTER: 'off',
  RATE_LIMIT_LOGIN: 'off',
  RATE_LIMIT_LOGIN_USER: 'off',
  RATE_LIMIT_WRITE: 'off',
  RATE_LIMIT_WRITE_ADDRESS: 'off',
  RATE_LIMIT_API: 'off',
  RATE_LIMIT_SEARCH: 'off',
};

export function startLuaVault(dataDir: string, bundle = 'dist/server/main.mjs'): Promise<Started> {
  // BENCH_SERVER_CPU_PROFILE_DIR: each server started writes a V8 CPU profile there when it stops (where a save's time goes).
  const profileDir = process.env.BENCH_SERVER_CPU_PROFILE_DIR;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startChild('node', [...profiling, bundle], { core: SERVER_CORE, env: { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...BENCH_LIMITS } });
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
