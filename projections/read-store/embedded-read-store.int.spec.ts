import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SqliteDatabase } from '../../services/sqlite/database';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from './embedded-read-store';
import { readStoreContract } from './read-store.contract';
import { INDEXED_CHARS_MAX } from './fts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-read-store-'));
  dirs.push(dir);
  return join(dir, 'nested', 'read-models.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

readStoreContract('embedded (SQLite file + mingo)', async () => {
  const store = await openEmbeddedReadStore(tempFile());
  return { store, cleanup: () => store.close() };
});

readStoreContract('embedded (SQLite file, full-text ranking on a worker thread)', async () => {
  const store = await openEmbeddedReadStore(tempFile(), { searchOnWorker: true });
  return { store, cleanup: () => store.close() };
});

readStoreContract('embedded (:memory:)', async () => {
  const store = await openEmbeddedReadStore(':memory:');
  return { store, cleanup: () => store.close() };
});

const open: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
});

describe('EmbeddedReadStore', () => {
  const openAt = async (file: string) => {
    const store = await openEmbeddedReadStore(file);
    open.push(store);
    return store;
  };

  it('keeps documents, checkpoints and unique indexes across close and reopen', async () => {
    const file = tempFile();
    const first = await openEmbeddedReadStore(file);
    await first.ensureIndexes([{ collection: 'apiKeys', keys: { keyHash: 1 }, unique: true }]);
    await first.commitBatch('accounts', 2n ** 60n + 3n, async (batch) => {
      await batch.collection('apiKeys').replaceOne({ _id: 'k1' }, { _id: 'k1', keyHash: 'h1', scopes: ['read'] }, { upsert: true });
      await batch.collection('scripts').updateOne({ _id: 's1' }, { $set: { title: 'T' }, $inc: { views: 2 } }, { upsert: true });
    });
    await first.collection('scripts').replaceOne({ _id: 's2' }, { _id: 's2', title: 'outside a batch' }, { upsert: true });
    await first.collection('scripts').deleteOne({ _id: 's2' });
    await first.collection('scripts').replaceOne({ _id: 's3' }, { _id: 's3', when: new Date(0) as unknown as string }, { upsert: true });
    await first.close();
    await expect(first.getCheckpoint('accounts')).rejects.toThrow(/closed/);

    const second = await openAt(file);
    expect(await second.getCheckpoint('accounts')).toBe(2n ** 60n + 3n);
    expect(await second.collection('apiKeys').findOne({ keyHash: 'h1' })).toEqual({ _id: 'k1', keyHash: 'h1', scopes: ['read'] });
    expect(await second.collection('scripts').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 's1', title: 'T', views: 2 },
      { _id: 's3', when: '1970-01-01T00:00:00.000Z' }, // stored through JSON, before and after the reopen alike
    ]);
    await expect(second.collection('apiKeys').replaceOne({ _id: 'k2' }, { _id: 'k2', keyHash: 'h1' }, { upsert: true })).rejects.toThrow(
      /duplicate key/,
    );
  });

  it('rolls back memory, indexes and disk when a batch fails', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    await store.ensureIndexes([{ collection: 'shares', keys: { shareId: 1 }, unique: true, sparse: true }]);
    const shares = store.collection('shares');
    await shares.replaceOne({ _id: 'a' }, { _id: 'a', shareId: 'x', views: 1 }, { upsert: true });
    await shares.replaceOne({ _id: 'b' }, { _id: 'b', views: 1 }, { upsert: true });
    await store.commitBatch('workspace', 1n, async () => {});

    await expect(
      store.commitBatch('workspace', 2n, async (batch) => {
        const shares = batch.collection('shares');
        await shares.updateOne({ _id: 'a' }, { $unset: { shareId: '' }, $inc: { views: 1 } });
        await shares.updateOne({ _id: 'b' }, { $set: { shareId: 'x' } }); // allowed: 'a' gave 'x' up inside this batch
        await shares.replaceOne({ _id: 'c' }, { _id: 'c', shareId: 'y' }, { upsert: true });
        await shares.deleteOne({ _id: 'b' });
        await shares.replaceOne({ _id: 'b' }, { _id: 'b', shareId: 'z' }, { upsert: true });
        expect(await shares.findOne({ shareId: 'y' })).toMatchObject({ _id: 'c' }); // the batch reads its own writes
        throw new Error('projection bug');
      }),
    ).rejects.toThrow('projection bug');

    const expectOriginal = async (s: EmbeddedReadStore) => {
      const c = s.collection('shares');
      expect(await s.getCheckpoint('workspace')).toBe(1n);
      expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', shareId: 'x', views: 1 },
        { _id: 'b', views: 1 },
      ]);
      expect(await c.findOne({ shareId: 'x' })).toEqual({ _id: 'a', shareId: 'x', views: 1 });
      expect(await c.findOne({ shareId: 'y' })).toBeNull();
      expect(await c.findOne({ shareId: 'z' })).toBeNull();
      await expect(c.updateOne({ _id: 'b' }, { $set: { shareId: 'x' } })).rejects.toThrow(/duplicate key/);
    };
    await expectOriginal(store);
    await store.close();
    await expectOriginal(await openAt(file));
  });

  it('a write outside the batch waits for it and survives its rollback', async () => {
    const store = await openAt(':memory:');
    const scripts = store.collection('scripts');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let batchWroteFirst = false;
    const batch = store.commitBatch('workspace', 1n, async (inBatch) => {
      await inBatch.collection('scripts').replaceOne({ _id: 'in-batch' }, { _id: 'in-batch' }, { upsert: true });
      await gate;
      batchWroteFirst = (await inBatch.collection('scripts').findOne({ _id: 'outside' })) === null;
      throw new Error('abort');
    });
    const outside = scripts.replaceOne({ _id: 'outside' }, { _id: 'outside' }, { upsert: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await expect(batch).rejects.toThrow('abort');
    await outside;
    expect(batchWroteFirst).toBe(true);
    expect(await scripts.find({})).toEqual([{ _id: 'outside' }]);
  });

  it('commits several projections together: every checkpoint moves, or none and no write stays', async () => {
    const file = tempFile();
    const store = await openAt(file);
    await store.commitBatches(['accounts', 'workspace'], 5n, async (batch) => {
      await batch.collection('users').replaceOne({ _id: 'u1' }, { _id: 'u1', name: 'Ada' }, { upsert: true });
      await batch.collection('scripts').replaceOne({ _id: 's1' }, { _id: 's1', title: 'T' }, { upsert: true });
    });
    await expect(
      store.commitBatches(['accounts', 'workspace'], 9n, async (batch) => {
        await batch.collection('users').replaceOne({ _id: 'u2' }, { _id: 'u2', name: 'Bob' }, { upsert: true });
        await batch.collection('scripts').deleteOne({ _id: 's1' });
        throw new Error('the second projection failed');
      }),
    ).rejects.toThrow('the second projection failed');

    const expectFirstBatchOnly = async (s: EmbeddedReadStore) => {
      expect([await s.getCheckpoint('accounts'), await s.getCheckpoint('workspace')]).toEqual([5n, 5n]);
      expect(await s.collection('users').find({})).toEqual([{ _id: 'u1', name: 'Ada' }]);
      expect(await s.collection('scripts').find({})).toEqual([{ _id: 's1', title: 'T' }]);
    };
    await expectFirstBatchOnly(store);
    await store.close();
    await expectFirstBatchOnly(await openAt(file));
  });

  it('refuses a nested commitBatch and dropAll inside a batch', async () => {
    const store = await openAt(':memory:');
    await expect(store.commitBatch('a', 1n, (batch) => batch.commitBatch('b', 1n, async () => {}))).rejects.toThrow(/nested/);
    await expect(store.commitBatches(['a'], 1n, (batch) => batch.commitBatches!(['b'], 1n, async () => {}))).rejects.toThrow(/nested/);
    await expect(store.commitBatch('a', 1n, (batch) => batch.dropAll())).rejects.toThrow(/inside commitBatch/);
    expect(await store.getCheckpoint('a')).toBeNull();
  });

  it('answers equality lookups on an indexed field without scanning the collection', async () => {
    const store = await openAt(':memory:');
    await store.ensureIndexes([
      { collection: 'sharedScripts', keys: { shareId: 1 }, unique: true, sparse: true },
      { collection: 'scripts', keys: { ownerId: 1, folderId: 1 } },
    ]);
    await store.commitBatch('workspace', 1n, async (batch) => {
      for (let i = 0; i < 5000; i++) {
        await batch.collection('sharedScripts').replaceOne({ _id: `s${i}` }, { _id: `s${i}`, shareId: `share-${i}` }, { upsert: true });
        await batch.collection('scripts').replaceOne({ _id: `p${i}` }, { _id: `p${i}`, ownerId: `u${i % 100}`, folderId: null }, { upsert: true });
      }
    });

    store.stats.docsExamined = 0;
    expect(await store.collection('sharedScripts').findOne({ shareId: 'share-4321' })).toEqual({ _id: 's4321', shareId: 'share-4321' });
    expect(store.stats.docsExamined).toBe(1);

    store.stats.docsExamined = 0;
    expect(await store.collection('scripts').countDocuments({ ownerId: 'u7', folderId: null })).toBe(50);
    expect(store.stats.docsExamined).toBe(0); // equality on indexed fields only: counted by SQL, no document read

    store.stats.docsExamined = 0;
    expect(await store.collection('scripts').find({ ownerId: 'u7', folderId: null, n: { $exists: false } })).toHaveLength(50);
    expect(store.stats.docsExamined).toBe(50); // the index narrows to that owner's documents; mingo checks the rest

    store.stats.docsExamined = 0;
    expect(await store.collection('scripts').findOne({ _id: 'p42', ownerId: { $ne: 'x' } })).toMatchObject({ _id: 'p42' });
    expect(store.stats.docsExamined).toBe(1);
  });
});

describe('EmbeddedReadStore finds without a sort', () => {
  it('answer a range over an indexed field in insertion order, however the index orders it, and honour skip and limit', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    await store.ensureIndexes([{ collection: 'chunks', keys: { lastKey: 1 } }]);
    // inserted with keys descending, so the index's order is the reverse of insertion order
    await store.commitBatch('feed', 1n, async (batch) => {
      for (let i = 0; i < 300; i++) await batch.collection('chunks').replaceOne({ _id: `c${i}` }, { _id: `c${i}`, lastKey: String(1000 - i).padStart(4, '0') }, { upsert: true });
    });
    const chunks = store.collection('chunks');
    expect((await chunks.find({ lastKey: { $gte: '1001' } })).map((d) => d._id)).toEqual([]);
    const inRange = await chunks.find({ lastKey: { $lte: '0750' } });
    expect(inRange.map((d) => d._id)).toEqual(Array.from({ length: 50 }, (_, k) => `c${250 + k}`));
    expect((await chunks.find({ lastKey: { $lte: '0750' } }, { skip: 5, limit: 3 })).map((d) => d._id)).toEqual(['c255', 'c256', 'c257']);
    expect((await chunks.findOne({ lastKey: { $lt: '1000' } }))?._id).toBe('c1');
  });
});

describe('EmbeddedReadStore on disk', () => {
  it('pages one owner newest first, reading only the documents of that page', async () => {
    const store = await openEmbeddedReadStore(tempFile(), { cacheBytes: 0 });
    await store.ensureIndexes([
      { collection: 'scripts', keys: { ownerId: 1, folderId: 1 } },
      { collection: 'scripts', keys: { ownerId: 1, updatedAt: -1 } },
    ]);
    await store.commitBatch('workspace', 1n, async (batch) => {
      for (let i = 0; i < 4000; i++) {
        const doc = { _id: `s${i}`, ownerId: `u${i % 20}`, folderId: null, updatedAt: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`, content: 'x'.repeat(100) };
        await batch.collection('scripts').replaceOne({ _id: doc._id }, doc, { upsert: true });
      }
    });
    const scripts = store.collection('scripts');
    const sort = { updatedAt: -1 as const, _id: -1 as const };
    store.stats.docsExamined = 0;
    const first = await scripts.find({ ownerId: 'u7' }, { sort, limit: 11, projection: { content: 0 } });
    expect(first.map((d) => d._id)).toEqual(
      Array.from({ length: 200 }, (_, k) => 7 + 20 * k)
        .map((i) => ({ id: `s${i}`, updatedAt: 1 + (i % 28) }))
        .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1))
        .slice(0, 11)
        .map((d) => d.id),
    );
    expect(store.stats.docsExamined).toBe(11);

    const last = first[10]!;
    store.stats.docsExamined = 0;
    const next = await scripts.find(
      { ownerId: 'u7', $or: [{ updatedAt: { $lt: last.updatedAt } }, { updatedAt: last.updatedAt, _id: { $lt: last._id } }] },
      { sort, limit: 11 },
    );
    expect(next).toHaveLength(11);
    expect(next[0]!._id < last._id || (next[0]!.updatedAt as string) < (last.updatedAt as string)).toBe(true);
    expect(store.stats.docsExamined).toBe(11); // (updatedAt, _id) < (u, id) starts the index scan right after the last page
    expect(await scripts.countDocuments({ ownerId: 'u7' })).toBe(200);
    await store.close();
  });

  it('a failed batch leaves neither the cache nor the file changed, whatever readers saw during it', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    open.push(store);
    await store.ensureIndexes([{ collection: 'scripts', keys: { ownerId: 1 } }]);
    const scripts = store.collection('scripts');
    await scripts.replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', n: 1 }, { upsert: true });
    expect(await scripts.findOne({ _id: 'a' })).toEqual({ _id: 'a', ownerId: 'u1', n: 1 }); // cached now
    let seen: unknown[] = [];
    await expect(
      store.commitBatch('workspace', 1n, async (batch) => {
        await batch.collection('scripts').updateOne({ _id: 'a' }, { $set: { n: 2, ownerId: 'u2' } });
        await batch.collection('scripts').replaceOne({ _id: 'b' }, { _id: 'b', ownerId: 'u2', n: 3 }, { upsert: true });
        // readers outside the batch see its writes (as on MongoDB), through an index query that flushes them to SQL
        seen = (await scripts.find({ ownerId: 'u2' }, { sort: { n: 1 } })).map((d) => d.n);
        throw new Error('projection bug');
      }),
    ).rejects.toThrow('projection bug');
    expect(seen).toEqual([2, 3]);
    expect(await scripts.findOne({ _id: 'a' })).toEqual({ _id: 'a', ownerId: 'u1', n: 1 });
    expect(await scripts.find({ ownerId: 'u2' })).toEqual([]);
    expect(await scripts.find({ ownerId: 'u1' })).toEqual([{ _id: 'a', ownerId: 'u1', n: 1 }]);
    expect(await store.getCheckpoint('workspace')).toBeNull();
    await store.close();
    open.pop();
    const reopened = await openEmbeddedReadStore(file);
    open.push(reopened);
    expect(await reopened.collection('scripts').find({})).toEqual([{ _id: 'a', ownerId: 'u1', n: 1 }]);
  });

  it('a list that leaves contents out does not read them', async () => {
    const file = tempFile();
    const first = await openEmbeddedReadStore(file);
    await first.ensureIndexes([{ collection: 'versions', keys: { scriptId: 1, version: -1 } }]);
    await first.commitBatch('timeline', 1n, async (batch) => {
      for (let v = 1; v <= 5; v++) {
        await batch.collection('versions').replaceOne({ _id: `s1:${v}` }, { _id: `s1:${v}`, scriptId: 's1', version: v, content: `${v}`.repeat(1_000_000) }, { upsert: true });
      }
    });
    await first.close();
    const store = await openEmbeddedReadStore(file);
    open.push(store);
    const versions = store.collection('versions');
    const list = await versions.find({ scriptId: 's1', version: { $lt: 5 } }, { sort: { version: -1 }, limit: 3, projection: { content: 0 } });
    expect(list).toEqual([4, 3, 2].map((v) => ({ _id: `s1:${v}`, scriptId: 's1', version: v })));
    expect(store.cachedBytes()).toBe(0); // nothing 1 MB was parsed into the cache
    // nor parsed at all, by id either: the JSON read is the document's other fields only
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(await versions.find({ _id: 's1:4', scriptId: 's1' }, { limit: 1, projection: { content: 0 } })).toEqual([{ _id: 's1:4', scriptId: 's1', version: 4 }]);
      await versions.find({ scriptId: 's1' }, { projection: { content: 0 } });
      expect(Math.max(...parse.mock.calls.map(([json]) => String(json).length))).toBeLessThan(1000);
    } finally {
      parse.mockRestore();
    }
    // a filter on the left-out field still sees it
    expect(await versions.find({ scriptId: 's1', content: { $regex: '^4' } }, { projection: { content: 0 } })).toEqual([{ _id: 's1:4', scriptId: 's1', version: 4 }]);
  });

  it('opens without reading documents, and keeps at most the configured cache', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    await store.commitBatch('timeline', 1n, async (batch) => {
      for (let i = 0; i < 300; i++) {
        await batch.collection('versions').replaceOne({ _id: `v${i}` }, { _id: `v${i}`, content: 'y'.repeat(10_000) }, { upsert: true });
      }
    });
    await store.close();
    const reopened = await openEmbeddedReadStore(file, { cacheBytes: 200_000 });
    open.push(reopened);
    expect(reopened.cachedBytes()).toBe(0);
    for (let i = 0; i < 300; i++) expect((await reopened.collection('versions').findOne({ _id: `v${i}` }))?.content).toHaveLength(10_000);
    expect(reopened.cachedBytes()).toBeGreaterThan(0);
    expect(reopened.cachedBytes()).toBeLessThanOrEqual(200_000);
  });
});

describe('embedded read store: texts beside their documents', () => {
  const INDEX = [{ collection: 'notes', keys: { ownerId: 1 as const }, text: ['title', 'content'] }];
  const text = `lamp ${'é'.repeat(5000)} tail`;
  /** the notes table as stored: each row's JSON and its detached text */
  const rowsOf = (file: string) => {
    const db = new SqliteDatabase(file, { readOnly: true });
    try {
      const { seq } = db.prepare("SELECT seq FROM collections WHERE name = 'notes'").get() as { seq: number };
      return db.prepare(`SELECT id, doc, content FROM docs_${seq} ORDER BY id`).all() as { id: string; doc: string; content: string | null }[];
    } finally {
      db.close();
    }
  };
  const readsOf = async (file: string) => {
    const store = await openEmbeddedReadStore(file, { cacheBytes: 0 });
    const notes = store.collection('notes');
    const answers = {
      whole: await notes.find({ ownerId: 'u1' }, { sort: { n: 1 } }),
      withoutText: await notes.find({ ownerId: 'u1' }, { sort: { n: 1 }, projection: { content: 0, title: 0 } }),
      found: await notes.searchText(['lamp'], { filter: { ownerId: 'u1' }, limit: 10, prefixOf: { field: 'content', chars: 7 } }),
    };
    return { store, answers };
  };
  const expected = {
    whole: [
      { _id: 'n1', ownerId: 'u1', title: 'T', content: text, n: 1 },
      { _id: 'n2', ownerId: 'u1', title: 'lamp', content: null, n: 2 },
      { _id: 'n3', ownerId: 'u1', title: 'lamp', n: 3 },
    ],
    withoutText: [1, 2, 3].map((n) => ({ _id: `n${n}`, ownerId: 'u1', n })),
  };

  it('stores a text apart from its JSON, reads it back whole, left out or cut, and reads files from before the same way', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    await store.ensureIndexes(INDEX);
    for (const doc of expected.whole) await store.collection('notes').replaceOne({ _id: doc._id }, doc, { upsert: true });
    await store.close();
    // the text is not inside the JSON, so reads that leave it out never touch it
    expect(rowsOf(file).map((row) => [row.id, JSON.parse(row.doc).content, row.content])).toEqual([
      ['n1', undefined, text],
      ['n2', null, null],
      ['n3', undefined, null],
    ]);

    const check = async () => {
      const { store: reopened, answers } = await readsOf(file);
      expect(answers.whole).toEqual(expected.whole);
      expect(answers.withoutText).toEqual(expected.withoutText);
      expect(answers.found.map((d) => [d._id, d.content]).sort()).toEqual([['n1', 'lamp éé'], ['n2', null], ['n3', undefined]]);
      return reopened;
    };
    await (await check()).close();

    // A file written before texts were detached: the text inside the JSON, no column for it.
    const old = new SqliteDatabase(file);
    const { seq } = old.prepare("SELECT seq FROM collections WHERE name = 'notes'").get() as { seq: number };
    old.exec(`UPDATE docs_${seq} SET doc = json_set(doc, '$.content', content) WHERE content IS NOT NULL; ALTER TABLE docs_${seq} DROP COLUMN content;`);
    old.close();
    const upgraded = await check();
    // a document written again is stored the new way
    await upgraded.collection('notes').updateOne({ _id: 'n1' }, { $set: { n: 1 } });
    await upgraded.collection('notes').updateOne({ _id: 'n1' }, { $set: { title: 'T' } });
    await upgraded.close();
    expect(rowsOf(file).find((row) => row.id === 'n1')!.content).toBe(text);
    await (await check()).close();
  });
});

describe('embedded read store file layout', () => {
  it('drops a read-model file of the older id-keyed layout, so the projections rebuild it from the log', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'layout-')), 'read-models.sqlite');
    const old = new SqliteDatabase(file);
    old.exec(`
      CREATE TABLE docs (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID;
      CREATE TABLE checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL);
      INSERT INTO docs VALUES ('scripts', 's1', '{"_id":"s1"}');
      INSERT INTO checkpoints VALUES ('workspace', '42');
    `);
    old.close();
    const store = await openEmbeddedReadStore(file);
    expect(await store.getCheckpoint('workspace')).toBeNull();
    expect(await store.collection('scripts').find({})).toEqual([]);
    await store.collection('scripts').replaceOne({ _id: 's2' }, { _id: 's2', n: 1 }, { upsert: true });
    await store.close();
    const reopened = await openEmbeddedReadStore(file);
    expect(await reopened.collection('scripts').find({})).toEqual([{ _id: 's2', n: 1 }]);
    await reopened.close();
  });
});

describe('embedded full-text index (SQLite FTS5)', () => {
  const TEXT = [{ collection: 'notes', keys: { ownerId: 1 as const }, text: ['title', 'body'], weights: { title: 10 } }];
  const search = (store: EmbeddedReadStore, words: string[]) =>
    store
      .collection('notes')
      .searchText(words, { filter: { ownerId: 'u1' }, limit: 10 })
      .then((docs) => docs.map((d) => d._id).sort());
  /** rows of the FTS table, read through a second connection to the file */
  const indexRows = (file: string) => {
    const db = new SqliteDatabase(file, { readOnly: true });
    try {
      const table = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'docs\\_%\\_fts' ESCAPE '\\'").get() as { name: string };
      return (db.prepare(`SELECT rowid FROM ${table.name} ORDER BY rowid`).all() as { rowid: number }[]).map((r) => r.rowid);
    } finally {
      db.close();
    }
  };

  it('returns a text cut to its start when asked (prefixOf), read from disk or from its cache, the stored document whole', async () => {
    const body = `lamp ${'é'.repeat(5000)} tail`;
    for (const cacheBytes of [0, 1024 * 1024]) {
      const store = await openEmbeddedReadStore(':memory:', { cacheBytes });
      await store.ensureIndexes(TEXT);
      const notes = store.collection('notes');
      await notes.replaceOne({ _id: 'n1' }, { _id: 'n1', ownerId: 'u1', title: 'T', body, n: 1 }, { upsert: true });
      await notes.replaceOne({ _id: 'n2' }, { _id: 'n2', ownerId: 'u1', title: 'lamp', n: 2 }, { upsert: true }); // no body at all
      if (cacheBytes > 0) await notes.findOne({ _id: 'n1' }); // now held in the cache: cut in memory, the cached copy untouched
      const found = await notes.searchText(['lamp'], { filter: { ownerId: 'u1' }, limit: 10, prefixOf: { field: 'body', chars: 10 } });
      expect(found.map((d) => [d._id, d.body, d.n]).sort()).toEqual([['n1', body.slice(0, 10), 1], ['n2', undefined, 2]]);
      expect((await notes.findOne({ _id: 'n1' }))!.body).toBe(body);
      await store.close();
    }
  });

  it('indexes the first 256 KB of a text: a word past it is not found, the document is stored whole', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    await store.ensureIndexes(TEXT);
    const body = `early ${'x'.repeat(INDEXED_CHARS_MAX)} late`;
    await store.collection('notes').replaceOne({ _id: 'big' }, { _id: 'big', ownerId: 'u1', body }, { upsert: true });
    expect(await search(store, ['early'])).toEqual(['big']);
    expect(await search(store, ['late'])).toEqual([]);
    expect((await store.collection('notes').findOne({ _id: 'big' }))!.body).toBe(body);
    await store.close();
  });

  it('a background drain of large texts goes a budget of text at a time and still indexes every one', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    await store.ensureIndexes(TEXT);
    const words = (prefix: string) => Array.from({ length: 40_000 }, (_, i) => `${prefix}${i.toString(36)}`).join(' '); // ~250 KB each
    // one small write each: their text is queued (deferred), as a live save's is
    for (const id of ['a', 'b', 'c', 'd']) await store.collection('notes').replaceOne({ _id: id }, { _id: id, ownerId: 'u1', body: words(id) }, { upsert: true });
    await store.settleTextIndexes();
    expect(indexRows(file)).toHaveLength(4); // read from the file: nothing left queued for a search to finish
    expect(await search(store, ['dzz'])).toEqual(['d']);
    await store.close();
  });

  it('keeps the index across close and reopen; a failed batch leaves it as it was', async () => {
    const file = tempFile();
    const first = await openEmbeddedReadStore(file);
    await first.ensureIndexes(TEXT);
    await first.collection('notes').replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', title: 'Kept', body: 'durable words' }, { upsert: true });
    await expect(
      first.commitBatch('notes', 1n, async (batch) => {
        await batch.collection('notes').updateOne({ _id: 'a' }, { $set: { body: 'fleeting' } });
        await batch.collection('notes').replaceOne({ _id: 'b' }, { _id: 'b', ownerId: 'u1', body: 'fleeting' }, { upsert: true });
        expect(await search(first, ['fleeting'])).toEqual(['a', 'b']);
        throw new Error('projection bug');
      }),
    ).rejects.toThrow('projection bug');
    expect(await search(first, ['fleeting'])).toEqual([]);
    expect(await search(first, ['durable'])).toEqual(['a']);
    await first.close();

    const second = await openEmbeddedReadStore(file);
    try {
      expect(await search(second, ['kept', 'words'])).toEqual(['a']);
      await second.ensureIndexes(TEXT); // already there: nothing rebuilt
      await second.collection('notes').updateOne({ _id: 'a' }, { $set: { body: 'renewed' } });
      expect(await search(second, ['renewed'])).toEqual(['a']);
      expect(await search(second, ['durable'])).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('leaves no index row behind for a deleted document, and one row per document however often it is written', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    await store.ensureIndexes(TEXT);
    const notes = store.collection('notes');
    for (const id of ['a', 'b', 'c']) await notes.replaceOne({ _id: id }, { _id: id, ownerId: 'u1', body: `text ${id}`, views: 0 }, { upsert: true });
    await notes.updateOne({ _id: 'a' }, { $inc: { views: 1 } }); // text unchanged
    await notes.updateOne({ _id: 'b' }, { $set: { body: 'changed' } });
    await store.commitBatch('notes', 1n, async (batch) => {
      await batch.collection('notes').updateOne({ _id: 'c' }, { $set: { body: 'twice' } });
      await batch.collection('notes').updateOne({ _id: 'c' }, { $inc: { views: 1 } }); // the earlier change must still land
    });
    expect(await search(store, ['twice'])).toEqual(['c']);
    expect(indexRows(file)).toHaveLength(3);
    await notes.deleteOne({ _id: 'b' });
    await notes.deleteMany({ _id: 'c' });
    await store.settleTextIndexes(); // FTS5 is written when the text queue drains
    expect(indexRows(file)).toHaveLength(1);
    expect(await search(store, ['text'])).toEqual(['a']);
    await store.close();
  });

  it('indexes text after the write, in the background, and never loses what was queued when the process stops', async () => {
    const file = tempFile();
    const queued = () => {
      const db = new SqliteDatabase(file, { readOnly: true });
      try {
        const table = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'docs\\_%\\_fts\\_stale' ESCAPE '\\'").get() as { name: string };
        return (db.prepare(`SELECT count(*) AS n FROM ${table.name}`).get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const first = await openEmbeddedReadStore(file);
    await first.ensureIndexes(TEXT);
    await first.commitBatch('notes', 1n, async (batch) => {
      for (const id of ['a', 'b']) await batch.collection('notes').replaceOne({ _id: id }, { _id: id, ownerId: 'u1', body: `saved ${id}` }, { upsert: true });
    });
    // Committed with the documents, not yet in FTS5: the save did not pay for the indexing.
    expect(queued()).toBe(2);
    expect(indexRows(file)).toEqual([]);
    await first.close(); // as a crash would: the queue stays in the file

    const second = await openEmbeddedReadStore(file);
    try {
      // drained on its own soon after opening, with no search asking for it
      await vi.waitFor(() => expect(indexRows(file)).toHaveLength(2), { timeout: 5000, interval: 20 });
      expect(queued()).toBe(0);
      expect(await search(second, ['saved'])).toEqual(['a', 'b']);
      // A document written many times before a drain is indexed once, with its last text.
      for (let n = 0; n < 5; n++) await second.collection('notes').updateOne({ _id: 'a' }, { $set: { body: `draft ${n}` } });
      await second.collection('notes').deleteOne({ _id: 'b' });
      expect(queued()).toBe(2);
      expect(await search(second, ['draft'])).toEqual(['a']); // a search drains first: it finds what was just written
      expect(await search(second, ['saved'])).toEqual([]);
      expect(await second.collection('notes').searchText(['4'], { filter: { ownerId: 'u1' }, limit: 10 })).toMatchObject([{ _id: 'a' }]);
      expect(indexRows(file)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('drains a long text queue a chunk at a time, letting a batch commit between chunks', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    open.push(store);
    await store.ensureIndexes(TEXT);
    // 600 documents in one small write (under the bulk threshold): all queued, none indexed.
    await store.commitBatch('notes', 1n, async (batch) => {
      for (let n = 0; n < 600; n++) await batch.collection('notes').replaceOne({ _id: `n${n}` }, { _id: `n${n}`, ownerId: 'u1', body: `queued note ${n}` }, { upsert: true });
    });
    expect(indexRows(file)).toEqual([]);

    const settled = store.settleTextIndexes();
    // Asked for while the drain runs: it commits after the first chunk, not after the whole queue.
    await store.commitBatch('notes', 2n, async (batch) => {
      await batch.collection('notes').replaceOne({ _id: 'late' }, { _id: 'late', ownerId: 'u1', body: 'late words' }, { upsert: true });
    });
    const indexedWhenTheBatchCommitted = indexRows(file).length;
    expect(indexedWhenTheBatchCommitted).toBeGreaterThan(0);
    expect(indexedWhenTheBatchCommitted).toBeLessThan(600);

    await settled;
    expect(indexRows(file)).toHaveLength(601); // everything queued, the late write included
    expect(await search(store, ['late'])).toEqual(['late']);
    expect(await store.getCheckpoint('notes')).toBe(2n);
  });

  it('a bulk write indexes at once and settles what an earlier small write left queued', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file);
    open.push(store);
    await store.ensureIndexes(TEXT);
    await store.collection('notes').replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', body: 'queued words' }, { upsert: true });
    expect(indexRows(file)).toEqual([]); // small: queued
    await store.commitBatch('notes', 1n, async (batch) => {
      const notes = batch.collection('notes');
      await notes.updateOne({ _id: 'a' }, { $set: { body: 'rewritten in bulk' } });
      for (let n = 0; n < 1500; n++) await notes.replaceOne({ _id: `bulk${n}` }, { _id: `bulk${n}`, ownerId: 'u1', body: `bulk note ${n}` }, { upsert: true });
    });
    expect(indexRows(file)).toHaveLength(1501); // indexed with the documents, 'a' once
    expect(await search(store, ['queued'])).toEqual([]);
    expect(await search(store, ['rewritten'])).toEqual(['a']);
  });

  it('ranks on a worker thread when asked: other reads go on during a long ranking, and a swap or a close ends it cleanly', async () => {
    const file = tempFile();
    const store = await openEmbeddedReadStore(file, { searchOnWorker: true });
    open.push(store);
    await store.ensureIndexes(TEXT);
    const notes = store.collection('notes');
    // a word repeated a million times per document: FTS5 reads every position to rank it (seconds in all)
    const body = 'a '.repeat(1_000_000);
    for (let n = 1; n <= 8; n++) await notes.replaceOne({ _id: `n${n}` }, { _id: `n${n}`, ownerId: 'u1', title: `t${n}`, body }, { upsert: true });
    await store.settleTextIndexes();
    const finished: string[] = [];
    const ranking = notes.searchText(['a'], { filter: { ownerId: 'u1' }, limit: 3 }).then((docs) => {
      finished.push('search');
      return docs;
    });
    const read = notes.findOne({ _id: 'n1' }).then(() => finished.push('read'));
    const [found] = await Promise.all([ranking, read]);
    expect(finished).toEqual(['read', 'search']); // the read did not wait for the ranking
    expect(found.map((d) => d._id)).toHaveLength(3);
    // what was written meanwhile is found by the next search (the worker reads what is committed)
    await notes.replaceOne({ _id: 'x' }, { _id: 'x', ownerId: 'u1', title: 'zebra', body: 'b' }, { upsert: true });
    expect((await notes.searchText(['zebra'], { filter: { ownerId: 'u1' }, limit: 3 })).map((d) => d._id)).toEqual(['x']);
    // a rebuild swapped in during a ranking: the search answers from the new file (ranked again there)
    const rebuiltFile = join(dirname(file), 'read-models.rebuild.sqlite');
    const rebuilt = await openEmbeddedReadStore(rebuiltFile);
    await rebuilt.ensureIndexes(TEXT);
    await rebuilt.collection('notes').replaceOne({ _id: 'r1' }, { _id: 'r1', ownerId: 'u1', title: 'rebuilt', body: 'a b' }, { upsert: true });
    await rebuilt.settleTextIndexes();
    await rebuilt.close();
    const acrossSwap = notes.searchText(['a'], { filter: { ownerId: 'u1' }, limit: 3 });
    await store.replaceWithFile(rebuiltFile);
    expect((await acrossSwap).map((d) => d._id)).toEqual(['r1']);
    expect((await notes.searchText(['rebuilt'], { filter: { ownerId: 'u1' }, limit: 3 })).map((d) => d._id)).toEqual(['r1']);
    // a close during a ranking ends it with an error, not a hang
    await notes.replaceOne({ _id: 'big' }, { _id: 'big', ownerId: 'u1', title: 'big', body }, { upsert: true });
    await store.settleTextIndexes();
    const cut = expect(notes.searchText(['a'], { filter: { ownerId: 'u1' }, limit: 3 })).rejects.toThrow(/closed/);
    await store.close();
    await cut;
  });

  it('after a ranking on the worker, answers only documents still there, caches none under another id, and survives failing batches', async () => {
    const store = await openEmbeddedReadStore(tempFile(), { searchOnWorker: true });
    open.push(store);
    await store.ensureIndexes(TEXT);
    const notes = store.collection('notes');
    const note = (id: string, ownerId: string, title: string) => ({ _id: id, ownerId, tag: 'x', title, body: `${ownerId} secret` });
    await notes.replaceOne({ _id: 'A' }, note('A', 'alice', 'lamp'), { upsert: true });
    await notes.searchText(['warm'], { filter: { ownerId: 'alice' }, limit: 1 }); // the worker is up
    /** The worker ranks while the event loop is held, then `meanwhile` runs before its answer is read. */
    const rankedBefore = async (filter: Record<string, unknown>, meanwhile: () => Promise<void>) => {
      const pending = notes.searchText(['lamp'], { filter, limit: 10 });
      for (const until = Date.now() + 100; Date.now() < until; ); // the worker answers during this
      await meanwhile();
      return (await pending).map((d) => d._id);
    };
    // A deleted and Bob's B inserted meanwhile: B takes A's rowid (the newest row's is reused)
    const replaceAByB = async () => {
      await notes.deleteOne({ _id: 'A' });
      await notes.replaceOne({ _id: 'B' }, note('B', 'bob', 'other'), { upsert: true });
    };
    // a filter SQL cannot decide (`tag` has no key column): candidates are read here, by id
    expect(await rankedBefore({ ownerId: 'alice', tag: 'x' }, replaceAByB)).toEqual([]);
    expect(await notes.findOne({ _id: 'A' })).toBeNull(); // nothing cached under A's id
    // a filter SQL decides: the worker read the documents too, and A is gone since
    await notes.deleteOne({ _id: 'B' });
    await notes.replaceOne({ _id: 'A' }, note('A', 'alice', 'lamp'), { upsert: true });
    expect(await rankedBefore({ ownerId: 'alice' }, replaceAByB)).toEqual([]);

    // batches that fail while a ranking runs do not make it start again and again
    await notes.replaceOne({ _id: 'C' }, { _id: 'C', ownerId: 'alice', title: 'lamp', body: 'lamp '.repeat(2_000_000) }, { upsert: true });
    await store.settleTextIndexes();
    let answered = false;
    const ranking = notes.searchText(['lamp'], { filter: { ownerId: 'alice' }, limit: 10 }).then((docs) => ((answered = true), docs));
    for (let failures = 0; !answered && failures < 500; failures++) {
      await store
        .commitBatch('failing', 1n, async (batch) => {
          await batch.collection('notes').replaceOne({ _id: 'D' }, { _id: 'D', ownerId: 'alice', title: 'd' }, { upsert: true });
          throw new Error('a failing projection');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(answered).toBe(true); // while batches still failed
    expect((await ranking).map((d) => d._id)).toEqual(['C']);
  });

  it('refuses a second text index on a collection and a search without one', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    try {
      await store.ensureIndexes(TEXT);
      await expect(store.ensureIndexes([{ collection: 'notes', keys: {}, text: ['other'] }])).rejects.toThrow(/already has a text index/);
      await store.collection('plain').replaceOne({ _id: 'x' }, { _id: 'x' }, { upsert: true });
      await expect(store.collection('plain').searchText(['x'], { filter: {}, limit: 1 })).rejects.toThrow(/needs a text index/);
      await expect(store.collection('notes').searchText(['two words'], { filter: { ownerId: 'u1' }, limit: 1 })).rejects.toThrow(/not a search word/);
    } finally {
      await store.close();
    }
  });
});
