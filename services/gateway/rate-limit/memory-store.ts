import { LRUCache } from 'lru-cache';
import { windowStartOf, type RateLimitStore, type WindowCount } from './rate-limit-store';

interface Entry {
  windowStart: number;
  count: number;
}

/**
 * Counters in the process, one per key (each key belongs to one policy, so to one window length), bounded to `maxEntries` keys: beyond that the least recently used key is forgotten
 * (a forgotten key starts again from zero, which only ever errs towards letting a request through).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  private hitNow(key: string, windowMs: number, amount = 1): WindowCount {
    const windowStart = windowStartOf(this.now(), windowMs);
    let entry = this.entries.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      entry = { windowStart, count: 0 };
      this.entries.set(key, entry);
    }
    entry.count += amount;
    return { count: entry.count, resetAt: windowStart + windowMs };
  }

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowCount> {
    return this.hitNow(key, windowMs, amount);
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
