/**
 * One key's bucket after a take (GCRA, the generic cell rate algorithm: a token bucket kept as one number). `tat`, the
 * theoretical arrival time, is how far into the future the key's past requests reach: each adds the policy's interval
 * (window / quota) from `max(tat, now)`, and a request is admitted while that lands within one window of now.
 */
export interface TakeResult {
  allowed: boolean;
  /** the key's theoretical arrival time after the take (ms since the epoch; unchanged when refused) */
  tat: number;
}

/**
 * Where rate-limit buckets live: in the process (embedded default) or in a store every gateway shares (MongoDB). No
 * window edges: a bucket refills continuously, so no moment lets a client spend two windows' quota at once.
 */
export interface RateLimitStore {
  /**
   * Adds `costMs` to `key`'s theoretical arrival time, counted from now if it lies in the past. With `capMs`, only
   * when the result stays within now + `capMs` (else nothing changes and `allowed` is false); without, always (a
   * charge for work already done; `costMs` 0 reads). Atomic per key.
   */
  take(key: string, costMs: number, capMs?: number): Promise<TakeResult>;
  /** Forgets `key`'s bucket (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Slack for floating-point sums: a quota's interval (window / quota) need not be a whole number of milliseconds, and
 * `quota` of them must still fit in one window.
 */
export const TAT_SLACK_MS = 0.01;

/** The GCRA step every adapter applies (MongoDB in its update, and again here on the document it replaced). */
export function gcraTake(previousTat: number | undefined, now: number, costMs: number, capMs?: number): TakeResult {
  const start = Math.max(previousTat ?? now, now);
  const next = start + costMs;
  if (capMs !== undefined && next > now + capMs + TAT_SLACK_MS) return { allowed: false, tat: previousTat ?? now };
  return { allowed: true, tat: next };
}
