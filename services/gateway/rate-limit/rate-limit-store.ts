/** One counter's state in its current fixed window. */
export interface WindowCount {
  /** hits counted in this window, the new ones included */
  count: number;
  /** when this window ends (ms since the epoch) */
  resetAt: number;
}

/**
 * Where rate-limit counters live: in the process (embedded default) or in a store every gateway shares (MongoDB).
 * Fixed windows aligned to multiples of the window length, so every gateway agrees on the window without talking.
 */
export interface RateLimitStore {
  /** Adds `amount` (0 to read) to `key`'s counter in the window of `windowMs` that holds now; atomic per key. */
  hit(key: string, windowMs: number, amount?: number): Promise<WindowCount>;
  /** Forgets `key`'s counter (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export const windowStartOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;
