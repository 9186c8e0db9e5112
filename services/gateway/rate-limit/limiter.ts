import { verdictOf, type Policy, type Verdict } from './policy';
import type { RateLimitStore } from './rate-limit-store';

/**
 * One policy over a store: every request is counted where the store keeps it (in the process, or in MongoDB so the
 * count holds across gateways; one round trip per counted request). When the shared store fails the request passes:
 * an outage of the counters must not become an outage of the product.
 */
export class Limiter {
  constructor(
    readonly policy: Policy,
    private readonly store: RateLimitStore,
    private readonly onStoreError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private key(key: string): string {
    return `${this.policy.name}:${key}`;
  }

  /** Counts one request against `key` and answers whether it may proceed. */
  async consume(key: string): Promise<Verdict> {
    try {
      const { count, resetAt } = await this.store.hit(this.key(key), this.policy.windowSeconds * 1000, 1);
      return verdictOf(this.policy, count, resetAt, this.now());
    } catch (error) {
      this.onStoreError(error);
      return { allowed: true, remaining: this.policy.limit, resetSeconds: this.policy.windowSeconds };
    }
  }

  /** Adds `amount` to `key`'s count without a verdict (a costly request charged after it ran). */
  charge(key: string, amount: number): void {
    if (amount <= 0) return;
    this.store.hit(this.key(key), this.policy.windowSeconds * 1000, amount).catch(this.onStoreError);
  }

  /** Forgets `key`'s count (a successful sign-in clears the attempts before it). */
  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key)).catch(this.onStoreError);
  }
}
