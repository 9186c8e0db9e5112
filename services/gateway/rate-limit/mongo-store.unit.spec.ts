import { aggregate } from 'mingo';
import { describe, expect, it } from 'vitest';
import { gcraPipeline } from './mongo-store';
import { gcraTake } from './rate-limit-store';

/** The update pipeline MongoDB runs is the step every adapter applies (mingo evaluates it with MongoDB's semantics). */
describe('MongoRateLimitStore update pipeline', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 10);
  const cases: Array<[string, number | undefined, number, number | undefined]> = [
    ['a new key', undefined, 1000, 60_000],
    ['a bucket in use', now + 5000, 1000, 60_000],
    ['a bucket refilled long ago', now - 5000, 1000, 60_000],
    ['an empty bucket, refused', now + 59_500, 1000, 60_000],
    ['a charge beyond the cap', now + 59_500, 9000, undefined],
    ['a read', now + 1234, 0, undefined],
  ];
  it.each(cases)('%s', (_name, tat, cost, cap) => {
    const before = tat === undefined ? { _id: 'k' } : { _id: 'k', tat };
    const [after] = aggregate([before], gcraPipeline(now, cost, cap)) as Array<{ tat: number; expiresAt: Date }>;
    const expected = gcraTake(tat, now, cost, cap);
    expect(after!.tat).toBe(expected.allowed ? expected.tat : (tat ?? now));
    expect(new Date(after!.expiresAt).getTime()).toBe(Math.trunc(after!.tat));
  });
});
