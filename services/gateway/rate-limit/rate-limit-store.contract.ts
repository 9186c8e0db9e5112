import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimitStore } from './rate-limit-store';

/** A clock the test moves; every adapter reads time only through it. */
export interface TestClock {
  now: () => number;
  set(ms: number): void;
}

export function testClock(start: number): TestClock {
  let at = start;
  return { now: () => at, set: (ms) => void (at = ms) };
}

const MINUTE = 60_000;
/** one request of a 60-a-minute limit */
const ONE = 1000;
// 10 s into a minute: nothing here depends on where a minute starts
const START = Date.UTC(2026, 10, 24, 12, 0, 10);

/** What every RateLimitStore adapter must do: the in-process one here, MongoDB against a real mongo:7. */
export function rateLimitStoreContract(name: string, factory: (clock: TestClock) => Promise<{ store: RateLimitStore; cleanup(): Promise<void> }>): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    let store: RateLimitStore;
    let cleanup: () => Promise<void>;
    let clock: TestClock;

    beforeEach(async () => {
      clock = testClock(START);
      ({ store, cleanup } = await factory(clock));
    });
    afterEach(async () => {
      await cleanup();
    });

    it('takes from a bucket per key until it is empty, refusing without taking', async () => {
      expect(await store.take('a', ONE, MINUTE)).toEqual({ allowed: true, tat: START + ONE });
      expect(await store.take('a', ONE, MINUTE)).toEqual({ allowed: true, tat: START + 2 * ONE });
      expect(await store.take('b', ONE, MINUTE)).toEqual({ allowed: true, tat: START + ONE });
      expect(await store.take('a', 58 * ONE, MINUTE)).toEqual({ allowed: true, tat: START + MINUTE });
      expect(await store.take('a', ONE, MINUTE)).toEqual({ allowed: false, tat: START + MINUTE });
      expect(await store.take('a', 0)).toEqual({ allowed: true, tat: START + MINUTE });
    });

    it('refills continuously: no window edge, one request back per interval', async () => {
      await store.take('a', MINUTE, MINUTE);
      clock.set(START + ONE - 1);
      expect((await store.take('a', ONE, MINUTE)).allowed).toBe(false);
      clock.set(START + ONE);
      expect(await store.take('a', ONE, MINUTE)).toEqual({ allowed: true, tat: START + MINUTE + ONE });
      expect((await store.take('a', ONE, MINUTE)).allowed).toBe(false);
      clock.set(START + 5 * MINUTE); // long idle: a full bucket, never more
      expect(await store.take('a', ONE, MINUTE)).toEqual({ allowed: true, tat: START + 5 * MINUTE + ONE });
    });

    it('a charge takes whatever it costs, beyond the cap too', async () => {
      expect(await store.take('a', 90 * ONE)).toEqual({ allowed: true, tat: START + 90 * ONE });
      clock.set(START + 31 * ONE);
      expect((await store.take('a', ONE, MINUTE)).allowed).toBe(true);
    });

    it('reset forgets one key only', async () => {
      await store.take('a', 3 * ONE, MINUTE);
      await store.take('b', 2 * ONE, MINUTE);
      await store.reset('a');
      expect((await store.take('a', ONE, MINUTE)).tat).toBe(START + ONE);
      expect((await store.take('b', ONE, MINUTE)).tat).toBe(START + 3 * ONE);
      await store.reset('never-seen');
    });

    it('takes every one of many concurrent requests on one key exactly once', async () => {
      const taken = await Promise.all(Array.from({ length: 25 }, () => store.take('busy', ONE, 20 * ONE)));
      expect(taken.filter((t) => t.allowed).map((t) => t.tat).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => START + (i + 1) * ONE));
      expect(taken.filter((t) => !t.allowed)).toHaveLength(5);
    });
  });
}
