import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { limitHeader, policyHeader, TooManyRequestsError, verdictOf } from './policy';

describe('rate-limit policy', () => {
  it('writes the draft-ietf-httpapi-ratelimit-headers fields', () => {
    const policy = { name: 'register', limit: 5, windowSeconds: 3600 };
    expect(policyHeader(policy)).toBe('"register";q=5;w=3600');
    // 5 an hour: one comes back every 12 minutes; an empty bucket (an hour of requests ahead) waits for the next one
    const refused = verdictOf(policy, { allowed: false, tat: 3_600_000 }, 0);
    expect(refused).toEqual({ allowed: false, remaining: 0, resetSeconds: 720 });
    expect(limitHeader(policy, refused)).toBe('"register";r=0;t=720');
    // two taken, the first 5 minutes ago: 3 left, and the 4th back when the first's 12 minutes are over
    const admitted = verdictOf(policy, { allowed: true, tat: 19 * 60_000 }, 0);
    expect(admitted).toEqual({ allowed: true, remaining: 3, resetSeconds: 420 });
  });

  it('says in the 429 message what was limited and when to try again', () => {
    const error = new TooManyRequestsError({ name: 'register', limit: 5, windowSeconds: 3600 }, 1800);
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many requests (5 registrations from this address per hour). Try again in 30 minute(s).');
    expect(error.details).toEqual({ limit: 'register', retryAfterSeconds: 1800 });
  });
});

describe('rate-limit settings', () => {
  it('defaults stop a script, not a person', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toBe('on');
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimitRegister).toEqual({ limit: 5, windowSeconds: 3600 });
    expect(config.rateLimitRaw).toEqual({ limit: 600, windowSeconds: 60 });
  });

  it('reads N/<window> or off per limit, and TRUST_PROXY in express syntax', () => {
    const config = loadConfig({ RATE_LIMIT_WRITE: '30/15m', RATE_LIMIT_API: 'off', RATE_LIMIT_RAW: '100/s', TRUST_PROXY: 'loopback, 10.0.0.0/8', RATE_LIMIT: 'OFF' });
    expect(config.rateLimitWrite).toEqual({ limit: 30, windowSeconds: 900 });
    expect(config.rateLimitApi).toBeNull();
    expect(config.rateLimitRaw).toEqual({ limit: 100, windowSeconds: 1 });
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(config.rateLimit).toBe('off');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('refuses a malformed limit or proxy list at start-up', () => {
    expect(() => loadConfig({ RATE_LIMIT_REGISTER: '5' })).toThrow(/rateLimitRegister: expected N\/<window>/);
    expect(() => loadConfig({ RATE_LIMIT_REGISTER: '0/1h' })).toThrow(/rateLimitRegister/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/trustProxy/);
  });
});
