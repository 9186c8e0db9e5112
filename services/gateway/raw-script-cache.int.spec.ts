import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { contentEtag } from '../../projections/workspace/etag';
import { RawScriptCache } from './raw-script-cache';
import type { ReadStore } from '../../projections/read-store/read-store';
import type { ProjectedEvent } from '../../projections/projection';

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

  it('reads a link once for requests that miss it together', async () => {
    const store = await storeWith([10]);
    let reads = 0;
    const counting = {
      ...store,
      collection: (name: string) => {
        const collection = store.collection(name);
        return { ...collection, findOne: (filter: Record<string, unknown>) => (reads++, collection.findOne(filter)) };
      },
    } as unknown as ReadStore;
    const cache = new RawScriptCache(counting);
    const [a, b] = await Promise.all([cache.load('share0'), cache.load('share0')]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    await store.close();
  });

  it('answers a revoked link with nothing', async () => {
    const store = await storeWith([10]);
    const cache = new RawScriptCache(store);
    expect(await cache.load('missing')).toBeNull();
    await store.close();
  });

  it('does not keep an answer read before a revoke that was projected while the read was under way', async () => {
    const store = await storeWith([10]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A read store whose read of the share view answers what it found, but only once released (a slow MongoDB read).
    const slow = {
      ...store,
      collection: (name: string) => {
        const collection = store.collection(name);
        return { ...collection, findOne: async (filter: Record<string, unknown>) => { const found = await collection.findOne(filter); await held; return found; } };
      },
    } as unknown as ReadStore;
    const cache = new RawScriptCache(slow);
    const loading = cache.load('share0');
    await new Promise((resolve) => setTimeout(resolve, 10)); // the read has found the view
    await store.collection('sharedScripts').deleteOne({ _id: 'share0' });
    cache.onProjected([{ type: 'ScriptShareRevoked', data: { scriptId: 's0', shareId: 'share0' } } as unknown as ProjectedEvent]);
    const afterRevoke = cache.load('share0'); // arrives while the first read is under way: must not join it
    release();
    expect((await loading)?.scriptId).toBe('s0'); // the request that began before the revoke
    expect(await afterRevoke).toBeNull();
    expect(cache.peek('share0')).toBeUndefined();
    expect(await cache.load('share0')).toBeNull();
    await store.close();
  });
});
