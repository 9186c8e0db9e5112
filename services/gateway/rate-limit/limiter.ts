import { intervalMs, verdictOf, windowMs, type Policy, type Verdict } from './policy';
import type { RateLimitStore } from './rate-limit-store';

/**
 * One policy over a store, as a token bucket (GCRA): up to `limit` requests at once, then one more every
 * window / limit, so no stretch of time admits a burst of twice the quota (fixed windows let a client spend two
 * windows' quota across a window's edge). Every request is counted where the store keeps it (in the process, or in
 * MongoDB so the count holds across gateways; one round trip per counted request). When the shared store fails the
 * request passes: an outage of the counters must not become an outage of the product.
 */
export class Limiter {
  private readonly interval: number;
  private readonly window: number;

  constructor(
    readonly policy: Policy,
    private readonly store: RateLimitStore,
    private readonly onStoreError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = intervalMs(policy);
    this.window = windowMs(policy);
  }

  private key(key: string): string {
    return `${this.policy.name}:${key}`;
  }

  /** Takes one request from `key`'s bucket and answers whether it may proceed (a refused one takes nothing). */
  async consume(key: string): Promise<Verdict> {
    try {
      const taken = await this.store.take(this.key(key), this.interval, this.window);
      return verdictOf(this.policy, taken, this.now());
    } catch (error) {
      this.onStoreError(error);
      return { allowed: true, remaining: this.policy.limit, resetSeconds: this.policy.windowSeconds };
    }
  }

  /** Takes `amount` more requests' worth from `key`'s bucket without a verdict (a costly request charged after it ran). */
  charge(key: string, amount: number): void {
    if (amount <= 0) return;
    this.store.take(this.key(key), amount * this.interval).catch(this.onStoreError);
  }

  /** Forgets `key`'s bucket (a successful sign-in clears the attempts before it). */
  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key)).catch(this.onStoreError);
  }
}
