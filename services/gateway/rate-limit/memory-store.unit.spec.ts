import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory-store';
import { rateLimitStoreContract } from './rate-limit-store.contract';

rateLimitStoreContract('memory', async (clock) => {
  const store = new MemoryRateLimitStore(1000, clock.now);
  return { store, cleanup: () => store.close() };
});

describe('MemoryRateLimitStore', () => {
  it('keeps at most maxEntries keys per policy, forgetting the least recently used', async () => {
    const store = new MemoryRateLimitStore(3);
    for (const key of ['a', 'b', 'c']) await store.hit(key, 60_000, 5);
    await store.hit('a', 60_000); // a is now the most recent
    await store.hit('d', 60_000);
    expect((await store.hit('b', 60_000, 0)).count).toBe(0);
    expect((await store.hit('a', 60_000, 0)).count).toBe(6);
  });

  it('a flood of keys under one policy never evicts another policy\'s counters', async () => {
    const store = new MemoryRateLimitStore(100);
    await store.hit('login:203.0.113.7', 60_000, 10); // an address's sign-in failures
    for (let i = 0; i < 1000; i++) await store.hit(`api:made-up-key-${i}`, 60_000); // anyone can send made-up API keys
    expect((await store.hit('login:203.0.113.7', 60_000, 0)).count).toBe(10);
    expect((await store.hit('api:made-up-key-0', 60_000, 0)).count).toBe(0); // the flood evicts only its own
  });
});
