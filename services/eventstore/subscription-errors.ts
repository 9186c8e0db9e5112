/**
 * What a long-lived subscription does with its errors: each kind is logged once (until the subscription delivers
 * again), every error is counted by kind (the `/metrics` counter), and the next attempt waits with exponential backoff.
 * An access-denied error or an invalid position after a restore therefore shows up in the log and the metrics instead
 * of becoming a silent retry every few seconds.
 */

export interface SubscriptionErrorOptions {
  log: (message: string, error?: unknown) => void;
  /** one call per error (a Prometheus counter by kind) */
  count?: (kind: string) => void;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export class SubscriptionErrors {
  private readonly logged = new Set<string>();
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(private readonly options: SubscriptionErrorOptions) {
    this.baseDelayMs = options.baseDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
  }

  /** Backoff state of one subscription (several subscriptions share the log and the counter). */
  retry(what: string): SubscriptionRetry {
    let failures = 0;
    return {
      failed: (error) => {
        const kind = errorKind(error);
        this.options.count?.(kind);
        if (!this.logged.has(kind)) {
          this.logged.add(kind);
          this.options.log(`${what} failed (${kind}); retrying with backoff, further ${kind} errors are counted in /metrics, not logged`, error);
        }
        const delay = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** failures);
        failures += 1;
        return delay;
      },
      delivered: () => {
        if (failures === 0) return;
        this.options.log(`${what} resumed after ${failures} failed attempt${failures === 1 ? '' : 's'}`);
        failures = 0;
        this.logged.clear();
      },
    };
  }
}

export interface SubscriptionRetry {
  /** counts and (once per kind) logs the error; answers how long to wait before the next attempt */
  failed(error: unknown): number;
  /** the subscription delivered an event: backoff and once-per-kind logging start over */
  delivered(): void;
}

/**
 * A short label for the metric: the EventStoreDB client's error type (`access-denied`, `unavailable`, `not-leader`,
 * ...), `ended` for a subscription that stopped without an error, else `other` (labels stay a small, fixed set).
 */
export function errorKind(error: unknown): string {
  if (error === undefined) return 'ended';
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && /^[a-z][a-z-]{0,59}$/.test(type) ? type : 'other';
}
