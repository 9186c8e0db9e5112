import { describe, expect, it } from 'vitest';
import { HotCounter } from './hot-counter';
import { MemoryRateLimitStore } from './memory-store';
import type { RateLimitStore } from './rate-limit-store';

const policy = { name: 'raw', limit: 8, windowSeconds: 60 };
const START = Date.UTC(2026, 10, 24, 12, 0, 10);

describe('HotCounter (raw fast path)', () => {
  it('in the process: allows the limit per key at once, then one more per window / limit', () => {
    let now = START;
    const counter = new HotCounter(policy, { shared: null, now: () => now });
    for (let i = 0; i < 8; i++) expect(counter.hit('link|1.2.3.4')).toBe(true);
    expect(counter.hit('link|1.2.3.4')).toBe(false);
    expect(counter.verdict('link|1.2.3.4')).toEqual({ allowed: false, remaining: 0, resetSeconds: 8 }); // 7.5 s, rounded up
    expect(counter.hit('link|5.6.7.8')).toBe(true);
    now = START + 7_499;
    expect(counter.hit('link|1.2.3.4')).toBe(false);
    now = START + 7_500;
    expect(counter.hit('link|1.2.3.4')).toBe(true);
    expect(counter.hit('link|1.2.3.4')).toBe(false);
  });

  it('no window edge: a burst just before a minute starts leaves nothing for just after it', () => {
    const edge = Date.UTC(2026, 10, 24, 12, 1, 0);
    let now = edge - 100;
    const counter = new HotCounter(policy, { shared: null, now: () => now });
    for (let i = 0; i < 8; i++) expect(counter.hit('k')).toBe(true);
    now = edge + 100; // a fixed window aligned to the minute would start counting again here
    expect(counter.hit('k')).toBe(false);
  });

  it('two gateways sharing a store: once synced, each refuses what both together used up', async () => {
    const shared = new MemoryRateLimitStore(100, () => START);
    const [a, b] = [1, 2].map(() => new HotCounter(policy, { shared, now: () => START }));
    for (let i = 0; i < 4; i++) expect(a!.hit('k')).toBe(true);
    for (let i = 0; i < 3; i++) expect(b!.hit('k')).toBe(true);
    await a!.sync();
    await b!.sync();
    expect((await shared.take('raw:k', 0)).tat).toBe(START + 7 * 7_500);
    expect(b!.hit('k')).toBe(true); // 8th of 8
    expect(b!.hit('k')).toBe(false);
    await b!.sync();
    await a!.sync(); // a pushes nothing new, but learns nothing either until it has pending hits of its own
    expect(a!.hit('k')).toBe(true); // overshoot of one sync interval, accepted (a's bucket: 4 + 1)
    await a!.sync();
    expect(a!.hit('k')).toBe(false);
  });

  it('quiet keys (below a quarter of the limit here) cost no round trip', async () => {
    let calls = 0;
    const shared = new MemoryRateLimitStore(100, () => START);
    const counting: RateLimitStore = { take: (...args) => (calls++, shared.take(...args)), reset: (key) => shared.reset(key), close: async () => undefined };
    const counter = new HotCounter(policy, { shared: counting, now: () => START });
    counter.hit('quiet');
    await counter.sync();
    expect(calls).toBe(0);
    counter.hit('busy');
    counter.hit('busy');
    await counter.sync();
    expect(calls).toBe(1);
  });

  it('a failing shared store keeps the hits pending and the requests flowing', async () => {
    const errors: unknown[] = [];
    const failing: RateLimitStore = { take: async () => Promise.reject(new Error('down')), reset: async () => undefined, close: async () => undefined };
    const counter = new HotCounter(policy, { shared: failing, now: () => START, onStoreError: (error) => errors.push(error) });
    for (let i = 0; i < 3; i++) expect(counter.hit('k')).toBe(true);
    await counter.sync();
    expect(errors).toHaveLength(1);
    expect(counter.hit('k')).toBe(true);
  });
});
