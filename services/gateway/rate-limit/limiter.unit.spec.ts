import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter';
import { MemoryRateLimitStore } from './memory-store';
import { testClock } from './rate-limit-store.contract';

const SEARCH = { name: 'search', limit: 120, windowSeconds: 60 };

function limiterAt(start: number, policy = SEARCH) {
  const clock = testClock(start);
  const limiter = new Limiter(policy, new MemoryRateLimitStore(1000, clock.now), () => undefined, clock.now);
  return { clock, limiter };
}

describe('Limiter (token bucket)', () => {
  it('admits no burst of twice the limit across a minute\'s edge (fixed windows admitted 240 in 3.6 s)', async () => {
    const edge = Date.UTC(2026, 10, 24, 12, 1, 0);
    const { clock, limiter } = limiterAt(edge - 1800);
    let admitted = 0;
    // 240 requests, one every 15 ms, from 1.8 s before the minute starts to 1.8 s after
    for (let i = 0; i < 240; i++) {
      clock.set(edge - 1800 + i * 15);
      if ((await limiter.consume('account')).allowed) admitted++;
    }
    // the quota, plus what refills in 3.6 s at 120 a minute (one every 500 ms)
    expect(admitted).toBe(120 + 7);
  });

  it('password guesses: the quota at once, then one per window / limit (10 per 15 minutes: one per 90 s)', async () => {
    const { clock, limiter } = limiterAt(Date.UTC(2026, 10, 24, 12, 0, 10), { name: 'login', limit: 10, windowSeconds: 900 });
    let admitted = 0;
    for (let second = 0; second < 3 * 900; second++) {
      clock.set(Date.UTC(2026, 10, 24, 12, 0, 10) + second * 1000);
      if ((await limiter.consume('203.0.113.7|victim')).allowed) admitted++;
    }
    // 10 at once, then one every 90 s for the other 2,699 s
    expect(admitted).toBe(10 + 29);
  });

  it('tells a refused client exactly when to come back, and an admitted one when more is available', async () => {
    const start = Date.UTC(2026, 10, 24, 12, 0, 10);
    const { clock, limiter } = limiterAt(start, { name: 'register', limit: 5, windowSeconds: 3600 });
    const first = await limiter.consume('addr');
    expect(first).toEqual({ allowed: true, remaining: 4, resetSeconds: 720 }); // back to 5 when its 12 minutes are over
    for (let i = 0; i < 4; i++) await limiter.consume('addr');
    const refused = await limiter.consume('addr');
    expect(refused).toEqual({ allowed: false, remaining: 0, resetSeconds: 720 });
    clock.set(start + refused.resetSeconds * 1000 - 1000);
    expect((await limiter.consume('addr')).allowed).toBe(false); // refused requests took nothing
    clock.set(start + refused.resetSeconds * 1000);
    expect(await limiter.consume('addr')).toEqual({ allowed: true, remaining: 0, resetSeconds: 720 });
  });

  it('a charge for work already done empties the bucket for as long as it cost', async () => {
    const start = Date.UTC(2026, 10, 24, 12, 0, 10);
    const { clock, limiter } = limiterAt(start);
    limiter.charge('account', 240); // e.g. a search that took 24 s: two minutes of quota at 120 a minute
    await Promise.resolve();
    expect((await limiter.consume('account')).allowed).toBe(false);
    clock.set(start + 60_000);
    const refused = await limiter.consume('account');
    expect(refused).toMatchObject({ allowed: false, resetSeconds: 1 });
    clock.set(start + 60_500);
    expect((await limiter.consume('account')).allowed).toBe(true);
  });
});
