import { DomainError } from '../domain/shared/errors';

export class TooManyAttemptsError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, { retryAfterSeconds });
  }
}

/**
 * Slows password guessing: after `maxFailures` failed sign-ins for one username from one address within `windowMs`,
 * further attempts are refused (429) until the window passes. Keyed by address and username together, so nobody can
 * lock a user out from elsewhere. Per gateway process: with N gateways an attacker gets N times the budget, still tiny.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private key(address: string, username: string): string {
    return `${address}|${username.trim().toLowerCase()}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Throws 429 while the address has used up its failures for this username. */
  check(address: string, username: string): void {
    const recent = this.recent(this.key(address, username));
    if (recent.length >= this.maxFailures) throw new TooManyAttemptsError((recent[0]! + this.windowMs - this.now()) / 1000);
  }

  fail(address: string, username: string): void {
    const key = this.key(address, username);
    this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!); // bounded memory
  }

  succeed(address: string, username: string): void {
    this.failures.delete(this.key(address, username));
  }
}
