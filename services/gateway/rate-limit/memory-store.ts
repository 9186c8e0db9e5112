import { LRUCache } from 'lru-cache';
import { gcraTake, type RateLimitStore, type TakeResult } from './rate-limit-store';

/**
 * Buckets in the process, one number per key (each key belongs to one policy). Each policy's keys (the prefix before
 * the first `:`) are bounded to `maxEntries` on their own: beyond that the policy's least recently used key is
 * forgotten (its bucket starts full again, which only ever errs towards letting a request through). Apart, so that a
 * flood of keys under one policy (made-up API keys cost nothing to send) never evicts another's buckets, such as the
 * sign-in failures of an address.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly policies = new Map<string, LRUCache<string, number>>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  private entriesOf(key: string): LRUCache<string, number> {
    const policy = key.slice(0, Math.max(0, key.indexOf(':')));
    let entries = this.policies.get(policy);
    if (!entries) this.policies.set(policy, (entries = new LRUCache({ max: this.maxEntries })));
    return entries;
  }

  async take(key: string, costMs: number, capMs?: number): Promise<TakeResult> {
    const entries = this.entriesOf(key);
    const now = this.now();
    const result = gcraTake(entries.get(key), now, costMs, capMs);
    if (result.allowed && result.tat > now) entries.set(key, result.tat);
    return result;
  }

  async reset(key: string): Promise<void> {
    this.entriesOf(key).delete(key);
  }

  async close(): Promise<void> {
    this.policies.clear();
  }
}
