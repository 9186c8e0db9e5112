import { LRUCache } from 'lru-cache';
import { windowStartOf, type RateLimitStore, type WindowCount } from './rate-limit-store';

interface Entry {
  windowStart: number;
  count: number;
}

/**
 * Counters in the process, one per key (each key belongs to one policy, so to one window length). Each policy's keys
 * (the prefix before the first `:`) are bounded to `maxEntries` on their own: beyond that the policy's least recently
 * used key is forgotten (it starts again from zero, which only ever errs towards letting a request through). Apart,
 * so that a flood of keys under one policy (made-up API keys cost nothing to send) never evicts another's counters,
 * such as the sign-in failures of an address.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly policies = new Map<string, LRUCache<string, Entry>>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  private entriesOf(key: string): LRUCache<string, Entry> {
    const policy = key.slice(0, Math.max(0, key.indexOf(':')));
    let entries = this.policies.get(policy);
    if (!entries) this.policies.set(policy, (entries = new LRUCache({ max: this.maxEntries })));
    return entries;
  }

  private hitNow(key: string, windowMs: number, amount = 1): WindowCount {
    const windowStart = windowStartOf(this.now(), windowMs);
    const entries = this.entriesOf(key);
    let entry = entries.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      entry = { windowStart, count: 0 };
      entries.set(key, entry);
    }
    entry.count += amount;
    return { count: entry.count, resetAt: windowStart + windowMs };
  }

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowCount> {
    return this.hitNow(key, windowMs, amount);
  }

  async reset(key: string): Promise<void> {
    this.entriesOf(key).delete(key);
  }

  async close(): Promise<void> {
    this.policies.clear();
  }
}
