import { DomainError } from '../../domain/shared/errors';
import type { Rate } from '../../config';

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
  /** seconds until the window ends */
  resetSeconds: number;
}

export function verdictOf(policy: Policy, count: number, resetAt: number, now: number): Verdict {
  return {
    allowed: count <= policy.limit,
    remaining: Math.max(0, policy.limit - count),
    resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  };
}

/**
 * draft-ietf-httpapi-ratelimit-headers (-10/-11): `RateLimit-Policy: "name";q=<quota>;w=<window s>` and
 * `RateLimit: "name";r=<remaining>;t=<seconds until reset>`, both Structured Field lists (one member per policy).
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
