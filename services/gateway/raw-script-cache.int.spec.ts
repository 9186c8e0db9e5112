import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { contentEtag } from '../../projections/workspace/etag';
import { RawScriptCache } from './raw-script-cache';

async function storeWith(sizes: number[]) {
  const store = await openEmbeddedReadStore(':memory:');
  for (const [i, size] of sizes.entries()) {
    const content = 'x'.repeat(size);
    await store.collection('sharedScripts').replaceOne(
      { _id: `share${i}` },
      { _id: `share${i}`, scriptId: `s${i}`, ownerId: 'u', title: 't', content, etag: contentEtag(content), version: 1, views: 0, createdAt: '', updatedAt: '', lastPosition: '1' },
      { upsert: true },
    );
  }
  return store;
}

describe('raw script cache', () => {
  it('stays within its byte budget, evicting the oldest entries, and never caches a body larger than the budget', async () => {
    const store = await storeWith([400, 400, 400, 2000]);
    const cache = new RawScriptCache(store, Number.POSITIVE_INFINITY, 100, 1000);
    await cache.load('share0');
    await cache.load('share1');
    expect(cache.peek('share0')).toBeDefined();
    await cache.load('share2'); // 1200 bytes would exceed 1000: the oldest goes
    expect(cache.peek('share0')).toBeUndefined();
    expect(cache.peek('share1')).toBeDefined();
    expect(cache.peek('share2')).toBeDefined();
    const big = await cache.load('share3');
    expect(big?.body.length).toBe(2000); // still served
    expect(cache.peek('share3')).toBeUndefined();
    expect(cache.peek('share2')).toBeDefined();
    await store.close();
  });

  it('answers a revoked link with nothing', async () => {
    const store = await storeWith([10]);
    const cache = new RawScriptCache(store);
    expect(await cache.load('missing')).toBeNull();
    await store.close();
  });
});
