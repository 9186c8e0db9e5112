import { LRUCache } from 'lru-cache';
import { verdictOf, type Policy, type Verdict } from './policy';
import type { RateLimitStore } from './rate-limit-store';

interface HotEntry {
  windowStart: number;
  /** hits this gateway knows of in the window: its own plus the others' as of the last sync */
  count: number;
  /** own hits not yet added to the shared store */
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
 * A rate limit for the raw fast path with no I/O on the request: every hit is counted in the process (one LRU lookup
 * and an increment). With a shared store, a key's own hits are added to the shared count once a second, and the
 * answer (every gateway's hits) becomes the local count; keys below a quarter of their limit on this gateway are
 * not synced at all, so a fleet of quiet clients costs no round trips. The price is a bounded overshoot across
 * gateways: what arrives within one sync interval, plus up to a quarter of the limit per gateway.
 */
export class HotCounter {
  private readonly entries: LRUCache<string, HotEntry>;
  private readonly windowMs: number;
  private readonly syncThreshold: number;
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
    this.windowMs = policy.windowSeconds * 1000;
    this.syncThreshold = Math.max(1, Math.floor(policy.limit / 4));
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

  /** Counts one hit; false once `key` is over the limit in this window. */
  hit(key: string): boolean {
    const now = this.now();
    const windowStart = now - (now % this.windowMs);
    let entry = this.entries.get(key);
    if (entry === undefined || entry.windowStart !== windowStart) {
      entry = { windowStart, count: 0, pending: 0 };
      this.entries.set(key, entry);
    }
    entry.count++;
    if (this.shared !== null) {
      entry.pending++;
      if (entry.count >= this.syncThreshold) this.dirty.add(key);
    }
    return entry.count <= this.policy.limit;
  }

  /** What the client is told about `key` (the 429 path only). */
  verdict(key: string): Verdict {
    const entry = this.entries.peek(key);
    const now = this.now();
    if (!entry) return verdictOf(this.policy, 0, now - (now % this.windowMs) + this.windowMs, now);
    return verdictOf(this.policy, entry.count, entry.windowStart + this.windowMs, now);
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
    const { windowStart } = entry;
    const sent = entry.pending;
    entry.pending = 0;
    try {
      const total = await shared.hit(`${this.policy.name}:${key}`, this.windowMs, sent);
      // hits that arrived while the update was on the wire are still pending, and part of the count
      if (entry.windowStart === windowStart && total.resetAt === windowStart + this.windowMs) {
        entry.count = Math.max(entry.count, total.count + entry.pending);
      }
    } catch (error) {
      if (entry.windowStart === windowStart) {
        entry.pending += sent;
        this.dirty.add(key);
      }
      this.onStoreError(error);
    }
  }
}
