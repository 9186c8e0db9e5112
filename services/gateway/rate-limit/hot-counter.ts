import { LRUCache } from 'lru-cache';
import { intervalMs, verdictOf, windowMs, type Policy, type Verdict } from './policy';
import { gcraTake, TAT_SLACK_MS, type RateLimitStore } from './rate-limit-store';

interface HotEntry {
  /** the key's theoretical arrival time as this gateway knows it: its own hits plus the others' as of the last sync */
  tat: number;
  /** own admitted hits not yet added to the shared store */
  pending: number;
}

export interface HotCounterOptions {
  /** the counters every gateway shares (MongoDB); null on the embedded default */
  shared: RateLimitStore | null;
  maxEntries?: number;
  syncMs?: number;
  onStoreError?: (error: unknown) => void;
  now?: () => number;
}

/**
 * A rate limit for the raw fast path with no I/O on the request: every hit is taken from a bucket in the process (one
 * LRU lookup and an addition; the same token bucket as Limiter). With a shared store, a key's own hits are added to
 * the shared bucket once a second, and the answer (every gateway's hits) becomes the local one; keys that used less
 * than a quarter of their limit on this gateway are not synced at all, so a fleet of quiet clients costs no round
 * trips. The price is a bounded overshoot across gateways: what arrives within one sync interval, plus up to a
 * quarter of the limit per gateway.
 */
export class HotCounter {
  private readonly entries: LRUCache<string, HotEntry>;
  private readonly windowMs: number;
  private readonly intervalMs: number;
  /** a key is synced once this much of its bucket is used (a quarter of the limit) */
  private readonly syncThresholdMs: number;
  private readonly shared: RateLimitStore | null;
  private readonly now: () => number;
  private readonly onStoreError: (error: unknown) => void;
  private readonly syncMs: number;
  private dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    readonly policy: Policy,
    options: HotCounterOptions,
  ) {
    this.entries = new LRUCache({ max: options.maxEntries ?? 100_000 });
    this.windowMs = windowMs(policy);
    this.intervalMs = intervalMs(policy);
    this.syncThresholdMs = Math.max(1, Math.floor(policy.limit / 4)) * this.intervalMs;
    this.shared = options.shared;
    this.now = options.now ?? Date.now;
    this.onStoreError = options.onStoreError ?? (() => undefined);
    this.syncMs = options.syncMs ?? 1000;
  }

  start(): void {
    if (!this.shared || this.timer) return;
    this.timer = setInterval(() => void this.sync(), this.syncMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sync();
  }

  /** Takes one hit from `key`'s bucket; false (nothing taken) while the bucket is empty. */
  hit(key: string): boolean {
    const now = this.now();
    let entry = this.entries.get(key);
    const taken = gcraTake(entry?.tat, now, this.intervalMs, this.windowMs);
    if (!taken.allowed) return false;
    if (entry) entry.tat = taken.tat;
    else this.entries.set(key, (entry = { tat: taken.tat, pending: 0 }));
    if (this.shared !== null) {
      entry.pending++;
      if (taken.tat - now >= this.syncThresholdMs - TAT_SLACK_MS) this.dirty.add(key);
    }
    return true;
  }

  /** What the client is told about `key` once refused (the 429 path only). */
  verdict(key: string): Verdict {
    const now = this.now();
    return verdictOf(this.policy, { allowed: false, tat: this.entries.peek(key)?.tat ?? now }, now);
  }

  /** Adds this gateway's pending hits of busy keys to the shared store and takes back the total. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const shared = this.shared;
      if (!shared || this.dirty.size === 0) return;
      const keys = this.dirty;
      this.dirty = new Set();
      await Promise.all([...keys].map((key) => this.syncKey(shared, key)));
    });
    return this.syncing;
  }

  private async syncKey(shared: RateLimitStore, key: string): Promise<void> {
    const entry = this.entries.peek(key);
    if (!entry || entry.pending === 0) return;
    const sent = entry.pending;
    entry.pending = 0;
    try {
      // no cap: these hits were admitted here already
      const total = await shared.take(`${this.policy.name}:${key}`, sent * this.intervalMs);
      // hits that arrived while the update was on the wire are still pending, and part of the local bucket
      entry.tat = Math.max(entry.tat, total.tat + entry.pending * this.intervalMs);
    } catch (error) {
      entry.pending += sent;
      this.dirty.add(key);
      this.onStoreError(error);
    }
  }
}
