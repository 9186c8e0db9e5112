import type { Projector } from './projector';

/** How often a wait looks for the projector that follows a stopped one (a swap, a retaken lease). */
const SUCCESSOR_POLL_MS = 10;

/**
 * Read-your-writes in the process that projects: resolves true once the read models hold `position`, false after
 * `timeoutMs`. The projector is replaced while the process runs (a rebuild swapped in, the lease retaken); a wait
 * that began on one that stopped goes on with its successor within the same deadline, instead of waiting on a
 * projector that will never apply anything (which answered such a save 503 after the whole timeout).
 */
export async function waitOnCurrentProjector(current: () => Projector, position: bigint, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const projector = current();
    const remaining = deadline - Date.now();
    if (remaining <= 0) return projector.position >= position;
    if (await projector.waitFor(position, remaining)) return true;
    if (!projector.stopped) return false; // timed out on a running projector
    await new Promise((resolve) => setTimeout(resolve, Math.min(SUCCESSOR_POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}
