import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory-store';
import { rateLimitStoreContract } from './rate-limit-store.contract';

rateLimitStoreContract('memory', async (clock) => {
  const store = new MemoryRateLimitStore(1000, clock.now);
  return { store, cleanup: () => store.close() };
});

const NOW = Date.UTC(2026, 10, 24, 12, 0, 10);
const debtOf = async (store: MemoryRateLimitStore, key: string) => (await store.take(key, 0)).tat - NOW;

describe('MemoryRateLimitStore', () => {
  it('keeps at most maxEntries keys per policy, forgetting the least recently used', async () => {
    const store = new MemoryRateLimitStore(3, () => NOW);
    for (const key of ['a', 'b', 'c']) await store.take(key, 5000);
    await store.take('a', 1000); // a is now the most recent
    await store.take('d', 1000);
    expect(await debtOf(store, 'b')).toBe(0);
    expect(await debtOf(store, 'a')).toBe(6000);
  });

  it('a flood of keys under one policy never evicts another policy\'s buckets', async () => {
    const store = new MemoryRateLimitStore(100, () => NOW);
    await store.take('login:203.0.113.7', 10_000); // an address's sign-in failures
    for (let i = 0; i < 1000; i++) await store.take(`api:made-up-key-${i}`, 1000); // anyone can send made-up API keys
    expect(await debtOf(store, 'login:203.0.113.7')).toBe(10_000);
    expect(await debtOf(store, 'api:made-up-key-0')).toBe(0); // the flood evicts only its own
  });
});
