import { afterEach, describe, expect, it } from 'vitest';
import { DATA_KEY_BYTES, DataKeyDestroyedError, scriptKeyId, type DataKeyStore } from './data-keys';

/** `open` may be called twice per test: both stores share one backing storage (two processes, or a restart). */
export function dataKeyStoreContract(name: string, setup: () => Promise<{ open: () => Promise<DataKeyStore>; cleanup: () => Promise<void> }>) {
  describe(`DataKeyStore contract: ${name}`, () => {
    let cleanup: (() => Promise<void>) | null = null;
    const opened: DataKeyStore[] = [];
    const fresh = async () => {
      const made = await setup();
      cleanup = made.cleanup;
      const open = async () => {
        const store = await made.open();
        opened.push(store);
        return store;
      };
      return { store: await open(), open };
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
      await cleanup?.();
      cleanup = null;
    });

    it('makes a 256-bit key on first use and answers the same key afterwards, also to a second store', async () => {
      const { store, open } = await fresh();
      expect(await store.find('u1')).toBeNull();
      const key = await store.keyFor('u1');
      expect(key.length).toBe(DATA_KEY_BYTES);
      expect(await store.keyFor('u1')).toEqual(key);
      expect(await (await open()).find('u1')).toEqual(key);
    });

    it('gives every account its own key', async () => {
      const { store } = await fresh();
      expect(await store.keyFor('u1')).not.toEqual(await store.keyFor('u2'));
    });

    it('two stores asking at once for a new account agree on one key', async () => {
      const { store, open } = await fresh();
      const other = await open();
      const [a, b] = await Promise.all([store.keyFor('u1'), other.keyFor('u1')]);
      expect(a).toEqual(b);
    });

    it('a destroyed key is gone for good: find answers null and no new key is made', async () => {
      const { store, open } = await fresh();
      await store.keyFor('u1');
      await store.keyFor('u2');
      await store.destroy('u1');
      expect(await store.find('u1')).toBeNull();
      await expect(store.keyFor('u1')).rejects.toBeInstanceOf(DataKeyDestroyedError);
      expect(await (await open()).find('u1')).toBeNull();
      expect(await store.find('u2')).not.toBeNull();
    });

    it('destroying a key that never existed still blocks a later one', async () => {
      const { store } = await fresh();
      await store.destroy('ghost');
      await expect(store.keyFor('ghost')).rejects.toBeInstanceOf(DataKeyDestroyedError);
    });

    it('a script key is its own: destroying it leaves its account key and the other scripts\' keys', async () => {
      const { store, open } = await fresh();
      const account = await store.keyFor('u1');
      const s1 = await store.keyFor(scriptKeyId('s1'), 'u1');
      const s2 = await store.keyFor(scriptKeyId('s2'), 'u1');
      expect(s1.length).toBe(DATA_KEY_BYTES);
      expect(s1).not.toEqual(account);
      expect(s1).not.toEqual(s2);
      expect(await (await open()).keyFor(scriptKeyId('s1'), 'u1')).toEqual(s1);
      await store.destroy(scriptKeyId('s1'));
      expect(await store.find(scriptKeyId('s1'))).toBeNull();
      await expect(store.keyFor(scriptKeyId('s1'), 'u1')).rejects.toBeInstanceOf(DataKeyDestroyedError);
      expect(await store.find('u1')).toEqual(account);
      expect(await store.find(scriptKeyId('s2'))).toEqual(s2);
    });

    it('destroying an account destroys every script key that belongs to it, and no new one is made', async () => {
      const { store, open } = await fresh();
      await store.keyFor('u1');
      await store.keyFor(scriptKeyId('s1'), 'u1');
      await store.keyFor(scriptKeyId('s2'), 'u1');
      const other = await store.keyFor(scriptKeyId('s3'), 'u2');
      await store.destroy('u1');
      const again = await open();
      for (const reader of [store, again]) {
        expect(await reader.find(scriptKeyId('s1'))).toBeNull();
        expect(await reader.find(scriptKeyId('s2'))).toBeNull();
        expect(await reader.find(scriptKeyId('s3'))).toEqual(other);
      }
      await expect(store.keyFor(scriptKeyId('s4'), 'u1')).rejects.toBeInstanceOf(DataKeyDestroyedError);
    });
  });
}
