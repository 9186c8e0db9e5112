import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, IndexSpec, ReadStore } from './read-store';

/**
 * The one behaviour every ReadStore adapter must share, written against MongoDB's own semantics:
 * the embedded adapter runs it on SQLite + mingo, the MongoDB adapter against a real `mongo:7`.
 */
export function readStoreContract(name: string, factory: () => Promise<{ store: ReadStore; cleanup(): Promise<void> }>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });
    afterEach(async () => {
      await cleanup();
    });

    type ScriptDoc = Doc & {
      ownerId: string;
      title?: string;
      folderId?: string | null;
      views?: number;
      tags?: string[];
      meta?: { lang: string };
      best?: number;
      createdAt?: string;
      lastPosition?: string;
    };

    const seed = async () => {
      const scripts = store.collection<ScriptDoc>('scripts');
      const docs: ScriptDoc[] = [
        { _id: 'a', ownerId: 'u1', title: 'A', folderId: 'f1', views: 5, tags: ['lua', 'game'] },
        { _id: 'b', ownerId: 'u1', title: 'B', folderId: null, views: 50, tags: ['lua'] },
        { _id: 'c', ownerId: 'u2', title: 'C', views: 20 },
        { _id: 'd', ownerId: 'u2', title: 'D', folderId: 'f2', views: 1, meta: { lang: 'luau' } },
      ];
      for (const doc of docs) await scripts.replaceOne({ _id: doc._id }, doc, { upsert: true });
      return scripts;
    };

    const ids = (docs: Doc[]) => docs.map((d) => d._id).sort();

    describe('CRUD', () => {
      it('inserts with an upserting replaceOne, reads it back, replaces the whole document and deletes it', async () => {
        const scripts = store.collection<ScriptDoc>('scripts');
        expect(await scripts.findOne({ _id: 'a' })).toBeNull();
        await scripts.replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', title: 'first', views: 3 }, { upsert: true });
        expect(await scripts.findOne({ _id: 'a' })).toEqual({ _id: 'a', ownerId: 'u1', title: 'first', views: 3 });

        await scripts.replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', folderId: 'f1' });
        expect(await scripts.findOne({ _id: 'a' })).toEqual({ _id: 'a', ownerId: 'u1', folderId: 'f1' });

        await scripts.deleteOne({ _id: 'a' });
        expect(await scripts.findOne({ _id: 'a' })).toBeNull();
        expect(await scripts.countDocuments({})).toBe(0);
      });

      it('replaceOne without upsert inserts nothing', async () => {
        const scripts = store.collection<ScriptDoc>('scripts');
        await scripts.replaceOne({ _id: 'nope' }, { _id: 'nope', ownerId: 'u1' });
        expect(await scripts.findOne({ _id: 'nope' })).toBeNull();
      });

      it('reads an unknown collection as empty', async () => {
        const none = store.collection('never-written');
        expect(await none.findOne({})).toBeNull();
        expect(await none.find({})).toEqual([]);
        expect(await none.countDocuments({})).toBe(0);
      });

      it('deleteOne removes one match, deleteMany every match', async () => {
        const scripts = await seed();
        await scripts.deleteOne({ ownerId: 'u1' });
        expect(await scripts.countDocuments({ ownerId: 'u1' })).toBe(1);
        await scripts.deleteMany({ ownerId: 'u2' });
        expect(ids(await scripts.find({}))).toEqual([expect.stringMatching(/^[ab]$/)]);
      });

      it('countDocuments counts matches', async () => {
        const scripts = await seed();
        expect(await scripts.countDocuments({})).toBe(4);
        expect(await scripts.countDocuments({ ownerId: 'u2' })).toBe(2);
        expect(await scripts.countDocuments({ views: { $gt: 100 } })).toBe(0);
      });
    });

    describe('filters (MongoDB semantics)', () => {
      it('{ field: null } matches a null and a missing field', async () => {
        const scripts = await seed();
        expect(ids(await scripts.find({ folderId: null }))).toEqual(['b', 'c']);
        expect(ids(await scripts.find({ folderId: { $ne: null } }))).toEqual(['a', 'd']);
        expect(ids(await scripts.find({ folderId: { $exists: false } }))).toEqual(['c']);
      });

      it('$in, $ne, $or, comparison, array containment and dotted paths', async () => {
        const scripts = await seed();
        expect(ids(await scripts.find({ folderId: { $in: ['f1', 'f2'] } }))).toEqual(['a', 'd']);
        expect(ids(await scripts.find({ _id: { $in: ['a', 'c', 'zz'] } }))).toEqual(['a', 'c']);
        expect(ids(await scripts.find({ ownerId: { $ne: 'u1' } }))).toEqual(['c', 'd']);
        expect(ids(await scripts.find({ $or: [{ views: { $gte: 50 } }, { folderId: 'f2' }] }))).toEqual(['b', 'd']);
        expect(ids(await scripts.find({ ownerId: 'u1', views: { $lt: 10 } }))).toEqual(['a']);
        expect(ids(await scripts.find({ tags: 'game' }))).toEqual(['a']);
        expect(ids(await scripts.find({ 'meta.lang': 'luau' }))).toEqual(['d']);
        expect(await scripts.findOne({ ownerId: 'u3' })).toBeNull();
      });
    });

    describe('find options', () => {
      it('sorts and limits (top N by views), skips', async () => {
        const scripts = await seed();
        const top = await scripts.find({}, { sort: { views: -1 }, limit: 2 });
        expect(top.map((d) => d._id)).toEqual(['b', 'c']);
        const page = await scripts.find({}, { sort: { views: -1 }, skip: 1, limit: 2 });
        expect(page.map((d) => d._id)).toEqual(['c', 'a']);
        const mine = await scripts.find({ ownerId: 'u2' }, { sort: { views: 1 } });
        expect(mine.map((d) => d._id)).toEqual(['d', 'c']);
        const byTitle = await scripts.find({}, { sort: { title: -1 } });
        expect(byTitle.map((d) => d._id)).toEqual(['d', 'c', 'b', 'a']);
      });

      it('projects fields in or out', async () => {
        const scripts = await seed();
        expect(await scripts.find({ _id: 'a' }, { projection: { title: 1 } })).toEqual([{ _id: 'a', title: 'A' }]);
        expect(await scripts.find({ _id: 'd' }, { projection: { meta: 0, tags: 0, views: 0 } })).toEqual([
          { _id: 'd', ownerId: 'u2', title: 'D', folderId: 'f2' },
        ]);
        expect(await scripts.find({ _id: 'a' }, { projection: { title: 1, _id: 0 } })).toEqual([{ title: 'A' }]);
        expect(await scripts.find({ _id: 'a' }, { projection: { missing: 1 } })).toEqual([{ _id: 'a' }]);
        expect(await scripts.find({ _id: { $in: ['a', 'b'] } }, { projection: { _id: 1 }, sort: { _id: 1 } })).toEqual([{ _id: 'a' }, { _id: 'b' }]);
        expect(await scripts.find({ _id: 'd' }, { projection: { 'meta.lang': 1 } })).toEqual([{ _id: 'd', meta: { lang: 'luau' } }]);
      });
    });

    describe('updates', () => {
      it('$set, $inc, $unset, $push, $pull and $max', async () => {
        const scripts = await seed();
        expect(await scripts.updateOne({ _id: 'a' }, { $set: { title: 'A2' }, $inc: { views: 2 }, $unset: { folderId: '' } })).toEqual({ matched: 1 });
        await scripts.updateOne({ _id: 'a' }, { $push: { tags: 'new' } });
        await scripts.updateOne({ _id: 'a' }, { $pull: { tags: 'lua' } });
        await scripts.updateOne({ _id: 'a' }, { $max: { best: 7 } });
        await scripts.updateOne({ _id: 'a' }, { $max: { best: 3 } });
        await scripts.updateOne({ _id: 'c' }, { $push: { tags: 'first' }, $inc: { missing: 1 } });
        expect(await scripts.findOne({ _id: 'a' })).toEqual({ _id: 'a', ownerId: 'u1', title: 'A2', views: 7, tags: ['game', 'new'], best: 7 });
        expect(await scripts.findOne({ _id: 'c' })).toMatchObject({ tags: ['first'], missing: 1 });
      });

      it('reports matched 0 without upsert and changes nothing', async () => {
        const scripts = await seed();
        expect(await scripts.updateOne({ _id: 'zz' }, { $set: { title: 'x' } })).toEqual({ matched: 0 });
        expect(await scripts.countDocuments({})).toBe(4);
      });

      it('upserts from the filter equality fields plus the update, $setOnInsert only on insert', async () => {
        const scripts = store.collection<ScriptDoc>('scripts');
        const filter = { _id: 's1', ownerId: 'u1', views: { $gte: 0 } };
        const first = await scripts.updateOne(filter, { $set: { title: 'T' }, $setOnInsert: { createdAt: 'c1' }, $inc: { count: 1 } }, { upsert: true });
        expect(first).toEqual({ matched: 0 });
        expect(await scripts.findOne({ _id: 's1' })).toEqual({ _id: 's1', ownerId: 'u1', title: 'T', createdAt: 'c1', count: 1 });

        const second = await scripts.updateOne({ _id: 's1' }, { $set: { title: 'T2' }, $setOnInsert: { createdAt: 'c2' }, $inc: { count: 1 } }, { upsert: true });
        expect(second).toEqual({ matched: 1 });
        expect(await scripts.findOne({ _id: 's1' })).toEqual({ _id: 's1', ownerId: 'u1', title: 'T2', createdAt: 'c1', count: 2 });

        const onlyOnInsert = await scripts.updateOne({ _id: 's1' }, { $setOnInsert: { createdAt: 'c3' } }, { upsert: true });
        expect(onlyOnInsert).toEqual({ matched: 1 });
        expect((await scripts.findOne({ _id: 's1' }))?.createdAt).toBe('c1');
      });

      it('an upsert whose filter misses an existing _id is a duplicate key (a position guard must not upsert)', async () => {
        const scripts = store.collection<ScriptDoc>('scripts');
        await scripts.replaceOne({ _id: 'g' }, { _id: 'g', ownerId: 'u1', lastPosition: '009' }, { upsert: true });
        const guarded = { _id: 'g', $or: [{ lastPosition: { $lt: '005' } }, { lastPosition: { $exists: false } }] };
        expect(await scripts.updateOne(guarded, { $set: { title: 'late' } })).toEqual({ matched: 0 });
        await expect(scripts.updateOne(guarded, { $set: { title: 'late' } }, { upsert: true })).rejects.toThrow(/duplicate key/i);
        expect(await scripts.findOne({ _id: 'g' })).toEqual({ _id: 'g', ownerId: 'u1', lastPosition: '009' });
      });

      it('updateMany updates every match and reports how many matched', async () => {
        const scripts = await seed();
        expect(await scripts.updateMany({ ownerId: 'u2' }, { $set: { folderId: null }, $inc: { views: 100 } })).toEqual({ matched: 2 });
        expect(ids(await scripts.find({ views: { $gte: 100 } }))).toEqual(['c', 'd']);
        expect(await scripts.updateMany({ ownerId: 'nobody' }, { $set: { x: 1 } })).toEqual({ matched: 0 });
      });

      it('refuses to change _id', async () => {
        const scripts = await seed();
        await expect(scripts.updateOne({ _id: 'a' }, { $set: { _id: 'z' } })).rejects.toThrow(/_id/);
        expect(await scripts.findOne({ _id: 'a' })).not.toBeNull();
        expect(await scripts.findOne({ _id: 'z' })).toBeNull();
      });
    });

    describe('indexes', () => {
      type KeyDoc = Doc & { keyHash?: string | null; ownerId?: string };

      it('a unique index rejects a duplicate on insert and on update, and leaves the store unchanged', async () => {
        const spec = [{ collection: 'apiKeys', keys: { keyHash: 1 as const }, unique: true }];
        await store.ensureIndexes(spec);
        await store.ensureIndexes(spec); // idempotent
        const keys = store.collection<KeyDoc>('apiKeys');
        await keys.replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'h1', ownerId: 'u1' }, { upsert: true });
        await expect(keys.replaceOne({ _id: 'k2' }, { _id: 'k2', keyHash: 'h1' }, { upsert: true })).rejects.toThrow(/duplicate key/i);
        expect(await keys.findOne({ _id: 'k2' })).toBeNull();

        await keys.replaceOne({ _id: 'k2' }, { _id: 'k2', keyHash: 'h2' }, { upsert: true });
        await expect(keys.updateOne({ _id: 'k2' }, { $set: { keyHash: 'h1' } })).rejects.toThrow(/duplicate key/i);
        expect(await keys.findOne({ _id: 'k2' })).toEqual({ _id: 'k2', keyHash: 'h2' });

        // rewriting a document with its own key is fine, and lookups follow key changes
        await keys.replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'h1', ownerId: 'u9' });
        await keys.updateOne({ _id: 'k1' }, { $set: { keyHash: 'h3' } });
        expect(await keys.findOne({ keyHash: 'h1' })).toBeNull();
        expect(await keys.findOne({ keyHash: 'h3' })).toEqual({ _id: 'k1', keyHash: 'h3', ownerId: 'u9' });
        await keys.replaceOne({ _id: 'k4' }, { _id: 'k4', keyHash: 'h1' }, { upsert: true });
        await keys.deleteOne({ _id: 'k1' });
        expect(await keys.findOne({ keyHash: 'h3' })).toBeNull();
      });

      it('a non-sparse unique index treats missing fields as null: two documents without the key collide', async () => {
        await store.ensureIndexes([{ collection: 'apiKeys', keys: { keyHash: 1 }, unique: true }]);
        const keys = store.collection<KeyDoc>('apiKeys');
        await keys.replaceOne({ _id: 'k1' }, { _id: 'k1' }, { upsert: true });
        await expect(keys.replaceOne({ _id: 'k2' }, { _id: 'k2' }, { upsert: true })).rejects.toThrow(/duplicate key/i);
      });

      it('a sparse unique index exempts documents missing the field, but not an explicit null (unset, do not null)', async () => {
        await store.ensureIndexes([{ collection: 'shares', keys: { shareId: 1 }, unique: true, sparse: true }]);
        const shares = store.collection<Doc & { shareId?: string | null }>('shares');
        await shares.replaceOne({ _id: 's1' }, { _id: 's1' }, { upsert: true });
        await shares.replaceOne({ _id: 's2' }, { _id: 's2' }, { upsert: true });
        await shares.updateOne({ _id: 's1' }, { $set: { shareId: 'x' } });
        await expect(shares.updateOne({ _id: 's2' }, { $set: { shareId: 'x' } })).rejects.toThrow(/duplicate key/i);
        expect(await shares.findOne({ shareId: 'x' })).toEqual({ _id: 's1', shareId: 'x' });

        await shares.updateOne({ _id: 's1' }, { $set: { shareId: null } });
        await expect(shares.updateOne({ _id: 's2' }, { $set: { shareId: null } })).rejects.toThrow(/duplicate key/i);
        await shares.updateOne({ _id: 's1' }, { $unset: { shareId: '' } });
        await shares.updateOne({ _id: 's2' }, { $set: { shareId: 'x' } });
        expect(await shares.findOne({ shareId: 'x' })).toEqual({ _id: 's2', shareId: 'x' });
      });

      it('creating a unique index over existing duplicates fails', async () => {
        const keys = store.collection<KeyDoc>('apiKeys');
        await keys.replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'same' }, { upsert: true });
        await keys.replaceOne({ _id: 'k2' }, { _id: 'k2', keyHash: 'same' }, { upsert: true });
        await expect(store.ensureIndexes([{ collection: 'apiKeys', keys: { keyHash: 1 }, unique: true }])).rejects.toThrow(/duplicate key/i);
        // once the duplicate is gone, the index can be created and holds
        await keys.replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'other' });
        await store.ensureIndexes([{ collection: 'apiKeys', keys: { keyHash: 1 }, unique: true }]);
        await keys.replaceOne({ _id: 'k3' }, { _id: 'k3', keyHash: 'same-2' }, { upsert: true });
        await expect(keys.replaceOne({ _id: 'k4' }, { _id: 'k4', keyHash: 'other' }, { upsert: true })).rejects.toThrow(/duplicate key/i);
      });

      it('indexed and compound lookups return the same answers as scans', async () => {
        const scripts = await seed();
        await store.ensureIndexes([
          { collection: 'scripts', keys: { ownerId: 1 } },
          { collection: 'scripts', keys: { ownerId: 1, folderId: 1 } },
          { collection: 'scripts', keys: { tags: 1 } },
          { collection: 'scripts', keys: { views: -1 } },
        ]);
        expect(ids(await scripts.find({ ownerId: 'u1' }))).toEqual(['a', 'b']);
        expect(ids(await scripts.find({ ownerId: { $in: ['u1', 'u2'] }, folderId: null }))).toEqual(['b', 'c']);
        expect(ids(await scripts.find({ tags: 'lua' }))).toEqual(['a', 'b']);
        expect(ids(await scripts.find({ views: 20 }))).toEqual(['c']);
        await scripts.updateOne({ _id: 'c' }, { $inc: { views: 1 } });
        expect(await scripts.find({ views: 20 })).toEqual([]);
        expect(ids(await scripts.find({ views: { $eq: 21 } }))).toEqual(['c']);
      });
    });

    describe('indexed ranges, sorts and limits (what the embedded store runs in SQL)', () => {
      type Row = Doc & { ownerId: string; updatedAt?: unknown; content?: string; n?: unknown };
      const indexed: IndexSpec[] = [
        { collection: 'rows', keys: { ownerId: 1, updatedAt: -1 } },
        { collection: 'rows', keys: { n: 1 } },
      ];

      for (const withIndexes of [true, false]) {
        const label = withIndexes ? 'with indexes' : 'without indexes';

        it(`pages through one owner's documents by (updatedAt, _id) descending with a keyset filter (${label})`, async () => {
          if (withIndexes) await store.ensureIndexes(indexed);
          const rows = store.collection<Row>('rows');
          const times = ['2026-01-03', '2026-01-01', '2026-01-02', '2026-01-02', '2026-01-02', '2026-01-04', '2026-01-01'];
          for (const [i, updatedAt] of times.entries()) {
            await rows.replaceOne({ _id: `r${i}` }, { _id: `r${i}`, ownerId: 'u1', updatedAt, content: `body ${i}` }, { upsert: true });
            await rows.replaceOne({ _id: `o${i}` }, { _id: `o${i}`, ownerId: 'u2', updatedAt, content: 'other' }, { upsert: true });
          }
          const sort = { updatedAt: -1 as const, _id: -1 as const };
          const pages: string[][] = [];
          let after: Row | null = null;
          for (;;) {
            const filter: Record<string, unknown> = after
              ? { ownerId: 'u1', $or: [{ updatedAt: { $lt: after.updatedAt } }, { updatedAt: after.updatedAt, _id: { $lt: after._id } }] }
              : { ownerId: 'u1' };
            const page = await rows.find(filter, { sort, limit: 3, projection: { content: 0 } });
            for (const row of page) expect(row).not.toHaveProperty('content');
            pages.push(page.slice(0, 2).map((row) => row._id));
            if (page.length <= 2) break;
            after = page[1]!;
          }
          expect(pages).toEqual([['r5', 'r0'], ['r4', 'r3'], ['r2', 'r6'], ['r1']]);
          expect(await rows.findOne({ _id: 'r3' })).toMatchObject({ content: 'body 3' });
        });

        it(`sorts mixed types as MongoDB does: missing and null first, numbers, then strings (${label})`, async () => {
          if (withIndexes) await store.ensureIndexes(indexed);
          const rows = store.collection<Row>('rows');
          const values: [string, unknown][] = [['s', 'b'], ['m', undefined], ['x', 10], ['z', null], ['y', 2.5], ['t', 'a'], ['w', -1]];
          for (const [id, n] of values) await rows.replaceOne({ _id: id }, n === undefined ? { _id: id, ownerId: 'u' } : { _id: id, ownerId: 'u', n }, { upsert: true });
          const order = (docs: Doc[]) => docs.map((d) => d._id);
          expect(order(await rows.find({}, { sort: { n: 1, _id: 1 } }))).toEqual(['m', 'z', 'w', 'y', 'x', 't', 's']);
          expect(order(await rows.find({}, { sort: { n: -1, _id: 1 }, limit: 3 }))).toEqual(['s', 't', 'x']);
          expect(order(await rows.find({ n: { $gte: 0 } }, { sort: { n: -1 } }))).toEqual(['x', 'y']);
          expect(order(await rows.find({ n: { $lt: 'b' } }, { sort: { n: 1 } }))).toEqual(['t']);
          expect(order(await rows.find({ n: { $gt: -5, $lte: 10 } }, { sort: { n: 1 }, skip: 1, limit: 1 }))).toEqual(['y']);
          expect(order(await rows.find({ n: null }, { sort: { _id: 1 } }))).toEqual(['m', 'z']);
          expect(await rows.countDocuments({ n: { $in: [null, 10, 'a'] } })).toBe(4);
          expect(await rows.countDocuments({ n: 2.5 })).toBe(1);
        });

        it(`an indexed field that later holds an array or a boolean still answers with MongoDB semantics (${label})`, async () => {
          if (withIndexes) await store.ensureIndexes(indexed);
          const rows = store.collection<Row>('rows');
          await rows.replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u', n: 1 }, { upsert: true });
          await rows.replaceOne({ _id: 'b' }, { _id: 'b', ownerId: 'u', n: [1, 7] }, { upsert: true });
          await rows.replaceOne({ _id: 'c' }, { _id: 'c', ownerId: 'u', n: true }, { upsert: true });
          expect(ids(await rows.find({ n: 1 }))).toEqual(['a', 'b']);
          expect(ids(await rows.find({ n: { $gt: 5 } }))).toEqual(['b']);
          expect(ids(await rows.find({ n: true }))).toEqual(['c']);
          expect(await rows.countDocuments({ n: 7 })).toBe(1);
        });
      }
    });

    describe('checkpoints and batches', () => {
      it('has no checkpoint before the first batch', async () => {
        expect(await store.getCheckpoint('workspace')).toBeNull();
      });

      it('commitBatch applies the work and stores the checkpoint, per projection', async () => {
        await store.commitBatch('workspace', 42n, async (batch) => {
          await batch.collection('scripts').replaceOne({ _id: 'a' }, { _id: 'a', n: 1 }, { upsert: true });
          await batch.collection('scripts').updateOne({ _id: 'a' }, { $inc: { n: 1 } });
        });
        expect(await store.getCheckpoint('workspace')).toBe(42n);
        expect(await store.getCheckpoint('accounts')).toBeNull();
        expect(await store.collection('scripts').findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2 });

        await store.commitBatch('workspace', 43n, async () => {});
        expect(await store.getCheckpoint('workspace')).toBe(43n);
      });

      it('round-trips positions above 2^53 exactly', async () => {
        for (const position of [0n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 64n - 1n]) {
          await store.commitBatch('p', position, async () => {});
          const read = await store.getCheckpoint('p');
          expect(typeof read).toBe('bigint');
          expect(read).toBe(position);
        }
      });

      it('leaves the checkpoint unchanged when the work throws', async () => {
        await store.commitBatch('workspace', 7n, async () => {});
        await expect(
          store.commitBatch('workspace', 8n, async (batch) => {
            await batch.collection('scripts').replaceOne({ _id: 'x' }, { _id: 'x' }, { upsert: true });
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await store.getCheckpoint('workspace')).toBe(7n);
      });
    });

    it('dropAll removes documents, indexes and checkpoints', async () => {
      await seed();
      await store.ensureIndexes([{ collection: 'apiKeys', keys: { keyHash: 1 }, unique: true }]);
      await store.collection('apiKeys').replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'h' }, { upsert: true });
      await store.commitBatch('workspace', 5n, async () => {});

      await store.dropAll();
      expect(await store.collection('scripts').countDocuments({})).toBe(0);
      expect(await store.collection('apiKeys').findOne({})).toBeNull();
      expect(await store.getCheckpoint('workspace')).toBeNull();
      // the unique index went with its collection (as dropping a MongoDB collection does): recreate after a drop
      await store.collection('apiKeys').replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'h' }, { upsert: true });
      await store.collection('apiKeys').replaceOne({ _id: 'k2' }, { _id: 'k2', keyHash: 'h' }, { upsert: true });
      expect(await store.collection('apiKeys').countDocuments({ keyHash: 'h' })).toBe(2);

      await store.dropAll();
      await store.ensureIndexes([{ collection: 'apiKeys', keys: { keyHash: 1 }, unique: true }]);
      await store.collection('apiKeys').replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'h' }, { upsert: true });
      await expect(store.collection('apiKeys').replaceOne({ _id: 'k2' }, { _id: 'k2', keyHash: 'h' }, { upsert: true })).rejects.toThrow(
        /duplicate key/i,
      );
    });

    it('returns copies: mutating what was read or written does not change the store', async () => {
      const scripts = await seed();
      const one = await scripts.findOne({ _id: 'a' });
      one!.title = 'mutated';
      one!.tags!.push('mutated');
      const many = await scripts.find({ ownerId: 'u1' }, { sort: { views: 1 } });
      many[0]!.views = 999;
      const projected = await scripts.find({ _id: 'd' }, { projection: { meta: 1 } });
      projected[0]!.meta!.lang = 'mutated';

      const written: ScriptDoc = { _id: 'e', ownerId: 'u3', tags: ['x'] };
      await scripts.replaceOne({ _id: 'e' }, written, { upsert: true });
      written.tags!.push('mutated');
      written.ownerId = 'mutated';

      expect(await scripts.findOne({ _id: 'a' })).toEqual({ _id: 'a', ownerId: 'u1', title: 'A', folderId: 'f1', views: 5, tags: ['lua', 'game'] });
      expect((await scripts.findOne({ _id: 'd' }))?.meta).toEqual({ lang: 'luau' });
      expect(await scripts.findOne({ _id: 'e' })).toEqual({ _id: 'e', ownerId: 'u3', tags: ['x'] });
    });

    describe('full-text search (searchText)', () => {
      type NoteDoc = Doc & { ownerId: string; title?: string; body?: string; updatedAt: string; trashedAt?: string | null; tags?: string[] };
      const TEXT_INDEXES: IndexSpec[] = [
        { collection: 'notes', keys: { ownerId: 1 }, text: ['title', 'body'], weights: { title: 10, body: 1 } },
        { collection: 'notes', keys: { ownerId: 1, updatedAt: -1 } },
      ];
      const notes = () => store.collection<NoteDoc>('notes');
      const put = (doc: NoteDoc) => notes().replaceOne({ _id: doc._id }, doc, { upsert: true });
      const found = async (words: string[], filter: Record<string, unknown> = { ownerId: 'u1' }, more: { skip?: number; limit?: number } = {}) =>
        (await notes().searchText(words, { filter, sort: { updatedAt: -1 }, limit: more.limit ?? 50, skip: more.skip })).map((d) => d._id);
      const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;

      beforeEach(async () => {
        await store.ensureIndexes(TEXT_INDEXES);
      });

      it('needs every word, whole and in any case, in the title or the body', async () => {
        await put({ _id: 'n1', ownerId: 'u1', title: 'Shop', body: 'local Players = game:GetService("Players")', updatedAt: at(1) });
        await put({ _id: 'n2', ownerId: 'u1', title: 'Players list', body: 'print(count)', updatedAt: at(2) });
        await put({ _id: 'n3', ownerId: 'u1', title: 'Misc', body: 'local player_count = 3 -- PlayersService', updatedAt: at(3) });

        expect((await found(['players'])).sort()).toEqual(['n1', 'n2']);
        expect(await found(['players', 'getservice'])).toEqual(['n1']); // `:` and `(` split words
        expect(await found(['players', 'count'])).toEqual(['n2']); // one word in the title, one in the body
        expect(await found(['player'])).toEqual([]); // a word is never a prefix of a longer one
        expect(await found(['player_count'])).toEqual(['n3']); // `_` belongs to the word
        expect(await found(['player', 'count'])).toEqual([]);
        expect(await found(['players', 'absent'])).toEqual([]);
        expect(await found([])).toEqual([]);
      });

      it('ranks only the newest candidates when asked, best match first among them, other owners never counted', async () => {
        // n1 holds the word most often but is the oldest; another owner's newer documents take no candidate's place
        await put({ _id: 'n1', ownerId: 'u1', title: 'lamp lamp', body: 'lamp lamp lamp', updatedAt: at(1) });
        await put({ _id: 'n2', ownerId: 'u1', body: 'a lamp', updatedAt: at(2) });
        await put({ _id: 'x1', ownerId: 'u2', body: 'lamp', updatedAt: at(3) });
        await put({ _id: 'n3', ownerId: 'u1', title: 'lamp', body: 'the lamp', updatedAt: at(4) });
        await put({ _id: 'x2', ownerId: 'u2', body: 'lamp', updatedAt: at(5) });
        const search = (newest: number) =>
          notes().searchText(['lamp'], { filter: { ownerId: 'u1' }, sort: { updatedAt: -1 }, limit: 10, candidates: { newest, by: 'updatedAt' } });
        expect((await search(2)).map((d) => d._id)).toEqual(['n3', 'n2']);
        expect((await search(3)).map((d) => d._id)).toEqual(['n1', 'n3', 'n2']);
        expect(await found(['lamp'])).toEqual(['n1', 'n3', 'n2']);
      });

      it('folds case but keeps diacritics (no stemming either)', async () => {
        await put({ _id: 'n1', ownerId: 'u1', title: 'Café', body: 'RUNNING Über', updatedAt: at(1) });
        expect(await found(['café'])).toEqual(['n1']);
        expect(await found(['über', 'running'])).toEqual(['n1']);
        expect(await found(['cafe'])).toEqual([]);
        expect(await found(['run'])).toEqual([]);
      });

      it("answers only the filter's documents: another owner's, or one the filter leaves out, never", async () => {
        await put({ _id: 'mine', ownerId: 'u1', body: 'shared secret', updatedAt: at(1) });
        await put({ _id: 'theirs', ownerId: 'u2', body: 'shared secret', updatedAt: at(2) });
        await put({ _id: 'binned', ownerId: 'u1', body: 'shared secret', updatedAt: at(3), trashedAt: at(4) });
        expect((await found(['secret'])).sort()).toEqual(['binned', 'mine']);
        expect(await found(['secret'], { ownerId: 'u1', trashedAt: null })).toEqual(['mine']);
        expect(await found(['secret'], { ownerId: 'u2' })).toEqual(['theirs']);
        expect(await found(['secret'], { ownerId: 'u3' })).toEqual([]);
      });

      it('follows replaces, updates and deletes, inside a batch too', async () => {
        await put({ _id: 'n1', ownerId: 'u1', body: 'alpha', updatedAt: at(1) });
        await put({ _id: 'n2', ownerId: 'u1', body: 'alpha', updatedAt: at(2) });
        await notes().updateOne({ _id: 'n1' }, { $set: { body: 'beta' } });
        expect(await found(['alpha'])).toEqual(['n2']);
        expect(await found(['beta'])).toEqual(['n1']);
        await notes().updateMany({ ownerId: 'u1' }, { $set: { title: 'gamma' } });
        expect((await found(['gamma'])).sort()).toEqual(['n1', 'n2']);
        await notes().updateOne({ _id: 'n2' }, { $set: { updatedAt: at(9) } }); // text unchanged: still found
        expect(await found(['alpha', 'gamma'])).toEqual(['n2']);
        await notes().deleteOne({ _id: 'n2' });
        expect(await found(['gamma'])).toEqual(['n1']);

        await store.commitBatch('notes', 5n, async (batch) => {
          const inBatch = batch.collection<NoteDoc>('notes');
          await inBatch.replaceOne({ _id: 'n3' }, { _id: 'n3', ownerId: 'u1', body: 'delta', updatedAt: at(3) }, { upsert: true });
          await inBatch.updateOne({ _id: 'n3' }, { $set: { body: 'delta epsilon' } });
          expect(await inBatch.searchText(['epsilon'], { filter: { ownerId: 'u1' }, limit: 10 })).toMatchObject([{ _id: 'n3' }]);
          await inBatch.deleteMany({ _id: 'n1' });
        });
        expect(await found(['delta', 'epsilon'])).toEqual(['n3']);
        expect(await found(['gamma'])).toEqual([]);
        // a key of the index changing moves the document to the other owner's searches
        await notes().updateOne({ _id: 'n3' }, { $set: { ownerId: 'u2' } });
        expect(await found(['delta'])).toEqual([]);
        expect(await found(['delta'], { ownerId: 'u2' })).toEqual(['n3']);
      });

      it('ranks a title match above a body match and frequent words above a passing mention; ties newest first', async () => {
        await put({ _id: 'body', ownerId: 'u1', title: 'Unrelated', body: 'one mention of lantern among many other words in this body', updatedAt: at(5) });
        await put({ _id: 'title', ownerId: 'u1', title: 'Lantern', body: 'nothing here', updatedAt: at(1) });
        await put({ _id: 'dense', ownerId: 'u1', title: 'Dense', body: 'lantern lantern lantern light', updatedAt: at(2) });
        expect(await found(['lantern'])).toEqual(['title', 'dense', 'body']);

        await put({ _id: 'old', ownerId: 'u1', title: 'Same', body: 'twin text', updatedAt: at(1) });
        await put({ _id: 'new', ownerId: 'u1', title: 'Same', body: 'twin text', updatedAt: at(7) });
        await put({ _id: 'mid', ownerId: 'u1', title: 'Same', body: 'twin text', updatedAt: at(4) });
        expect(await found(['twin'])).toEqual(['new', 'mid', 'old']);
      });

      it('takes a key that is null or missing as a key like any other (the version timeline\'s `trashedAt: null`)', async () => {
        await store.ensureIndexes([{ collection: 'entries', keys: { ownerId: 1, trashedAt: 1 }, text: ['body'] }]);
        const entries = store.collection<NoteDoc>('entries');
        const live = async () =>
          (await entries.searchText(['lamp'], { filter: { ownerId: 'u1', trashedAt: null }, limit: 10 })).map((d) => d._id).sort();
        await entries.replaceOne({ _id: 'e1' }, { _id: 'e1', ownerId: 'u1', body: 'lamp one', updatedAt: at(1) }, { upsert: true });
        await entries.replaceOne({ _id: 'e2' }, { _id: 'e2', ownerId: 'u1', body: 'lamp two', updatedAt: at(2), trashedAt: null }, { upsert: true });
        expect(await live()).toEqual(['e1', 'e2']);
        await entries.updateMany({ _id: 'e1' }, { $set: { trashedAt: at(3) } });
        expect(await live()).toEqual(['e2']);
        expect((await entries.searchText(['lamp'], { filter: { ownerId: 'u1', trashedAt: at(3) }, limit: 10 })).map((d) => d._id)).toEqual(['e1']);
        await entries.updateMany({ _id: 'e1' }, { $set: { trashedAt: null } });
        expect(await live()).toEqual(['e1', 'e2']);
      });

      it('limits and skips in rank order', async () => {
        for (let i = 1; i <= 5; i++) await put({ _id: `n${i}`, ownerId: 'u1', body: 'page word', updatedAt: at(i) });
        expect(await found(['page'], { ownerId: 'u1' }, { limit: 2 })).toEqual(['n5', 'n4']);
        expect(await found(['page'], { ownerId: 'u1' }, { limit: 2, skip: 2 })).toEqual(['n3', 'n2']);
        expect(await found(['page'], { ownerId: 'u1' }, { limit: 2, skip: 4 })).toEqual(['n1']);
      });

      it('indexes documents written before the index existed, and arrays of strings', async () => {
        await store.dropAll();
        await put({ _id: 'early', ownerId: 'u1', title: 'Before', body: 'written first', updatedAt: at(1) });
        await put({ _id: 'tagged', ownerId: 'u1', title: 'Tags', tags: ['x'], body: undefined, updatedAt: at(2) });
        await store.ensureIndexes([{ collection: 'notes', keys: { ownerId: 1 }, text: ['title', 'body', 'tags'] }, TEXT_INDEXES[1]!]);
        await notes().updateOne({ _id: 'tagged' }, { $set: { tags: ['lua', 'arrays'] } });
        expect(await found(['written'])).toEqual(['early']);
        expect(await found(['arrays'])).toEqual(['tagged']);
      });

      it('dropAll removes the text index with the documents', async () => {
        await put({ _id: 'n1', ownerId: 'u1', body: 'gone soon', updatedAt: at(1) });
        await store.dropAll();
        await store.ensureIndexes(TEXT_INDEXES);
        expect(await found(['gone'])).toEqual([]);
        await put({ _id: 'n2', ownerId: 'u1', body: 'back again', updatedAt: at(2) });
        expect(await found(['back'])).toEqual(['n2']);
      });
    });

    it('leaves a field written as undefined out of the document (not null), for filters and answers alike', async () => {
      const scripts = store.collection<ScriptDoc>('scripts');
      await scripts.replaceOne({ _id: 'u' }, { _id: 'u', ownerId: 'u1', title: undefined, folderId: null }, { upsert: true });
      await scripts.updateOne({ _id: 'u' }, { $set: { views: 3, best: undefined } });
      const stored = await scripts.findOne({ _id: 'u' });
      expect(stored).toEqual({ _id: 'u', ownerId: 'u1', folderId: null, views: 3 });
      expect(Object.keys(stored!).sort()).toEqual(['_id', 'folderId', 'ownerId', 'views']);
      expect((await scripts.find({ title: { $exists: false } })).map((d) => d._id)).toEqual(['u']);
      expect(await scripts.countDocuments({ best: { $exists: true } })).toBe(0);
      // a null that was written stays null (and exists)
      expect(await scripts.countDocuments({ folderId: { $exists: true, $eq: null } })).toBe(1);
    });
  });
}
