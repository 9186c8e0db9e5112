import { DomainError } from '../../domain/shared/errors';
import type { Rate } from '../../config';
import { TAT_SLACK_MS, type TakeResult } from './rate-limit-store';

/** A named limit, e.g. `register` 5 per 3600 s. The name is the policy's identifier in the RateLimit headers. */
export interface Policy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const policyOf = (name: string, rate: Rate): Policy => ({ name, limit: rate.limit, windowSeconds: rate.windowSeconds });

/** The state of one policy for one request, as the client is told it. */
export interface Verdict {
  allowed: boolean;
  remaining: number;
  /** seconds until one more request is admitted (refused: Retry-After; admitted: until `remaining` grows) */
  resetSeconds: number;
}

export const windowMs = (policy: Policy) => policy.windowSeconds * 1000;
/** How long one request's worth takes to come back to a bucket. */
export const intervalMs = (policy: Policy) => windowMs(policy) / policy.limit;

/**
 * What a bucket whose theoretical arrival time is `tat` (see TakeResult) leaves: whole requests that fit before it
 * passes one window from now, and the wait for the next one (TAT_SLACK_MS absorbs floating-point sums).
 */
export function verdictOf(policy: Policy, taken: TakeResult, now: number): Verdict {
  const window = windowMs(policy);
  const interval = intervalMs(policy);
  const debt = Math.max(0, taken.tat - now);
  const remaining = taken.allowed ? Math.min(policy.limit, Math.max(0, Math.floor((window - debt + TAT_SLACK_MS) / interval))) : 0;
  const waitMs = debt - window + (remaining + 1) * interval;
  return { allowed: taken.allowed, remaining, resetSeconds: Math.max(1, Math.ceil((waitMs - TAT_SLACK_MS) / 1000)) };
}

/**
 * draft-ietf-httpapi-ratelimit-headers (-10/-11): `RateLimit-Policy: "name";q=<quota>;w=<window s>` and
 * `RateLimit: "name";r=<remaining>;t=<seconds until more quota is available>` (-10's reading of `t`, which fits a
 * bucket that refills continuously), both Structured Field lists (one member per policy).
 */
export const policyHeader = (policy: Policy) => `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`;
export const limitHeader = (policy: Policy, verdict: Verdict) => `"${policy.name}";r=${verdict.remaining};t=${verdict.resetSeconds}`;

export class TooManyRequestsError extends DomainError {
  constructor(policy: Policy, retryAfterSeconds: number) {
    super(429, `Too many requests (${describe(policy)}). Try again in ${wait(retryAfterSeconds)}.`, { limit: policy.name, retryAfterSeconds });
  }
}

function describe(policy: Policy): string {
  const what: Record<string, string> = {
    register: 'registrations from this address',
    login: 'sign-in attempts from this address',
    'login-user': 'failed sign-ins for this username from this address',
    write: 'changes by this account',
    'write-address': 'changes from this address',
    'api-key-create': 'API keys created by this account',
    api: 'requests with this API key',
    raw: 'fetches of this link from this address',
  };
  return `${policy.limit} ${what[policy.name] ?? 'requests'} per ${window(policy.windowSeconds)}`;
}

function window(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? 'day' : `${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? 'second' : `${seconds} seconds`;
}

const wait = (seconds: number) => (seconds < 120 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`);
