import { DomainError } from '../domain/shared/errors';

/**
 * A small gate for costly work in one process: at most `running` run at once, `waiting` more wait their turn, and the
 * rest are told to come back (503 with `busyMessage`) instead of queuing without bound.
 */
export function createWorkGate(running: number, waiting: number, busyMessage: string) {
  const state = { running: 0, waiting: [] as Array<() => void> };
  return async function throughGate<T>(work: () => Promise<T>): Promise<T> {
    if (state.running >= running) {
      if (state.waiting.length >= waiting) throw new DomainError(503, busyMessage);
      await new Promise<void>((resolve) => state.waiting.push(resolve));
    } else state.running++;
    try {
      return await work();
    } finally {
      // hand the slot straight to the next waiter, or give it back
      const next = state.waiting.shift();
      if (next) next();
      else state.running--;
    }
  };
}
