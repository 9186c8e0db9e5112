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
// 10 s into a minute, so a window boundary lies 50 s ahead
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

    it('counts hits per key in a window aligned to its length', async () => {
      expect(await store.hit('a', MINUTE)).toEqual({ count: 1, resetAt: Date.UTC(2026, 10, 24, 12, 1, 0) });
      expect((await store.hit('a', MINUTE)).count).toBe(2);
      expect((await store.hit('b', MINUTE)).count).toBe(1);
      expect((await store.hit('a', MINUTE, 5)).count).toBe(7);
      expect((await store.hit('a', MINUTE, 0)).count).toBe(7);
    });

    it('starts again from zero in the next window', async () => {
      await store.hit('a', MINUTE, 3);
      clock.set(START + 49_000);
      expect((await store.hit('a', MINUTE)).count).toBe(4);
      clock.set(START + 50_000);
      expect(await store.hit('a', MINUTE)).toEqual({ count: 1, resetAt: Date.UTC(2026, 10, 24, 12, 2, 0) });
    });

    it('reset forgets one key only', async () => {
      await store.hit('a', MINUTE, 3);
      await store.hit('b', MINUTE, 2);
      await store.reset('a');
      expect((await store.hit('a', MINUTE)).count).toBe(1);
      expect((await store.hit('b', MINUTE)).count).toBe(3);
      await store.reset('never-seen');
    });

    it('counts every one of many concurrent hits on one key', async () => {
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit('busy', MINUTE)));
      expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });
  });
}
