import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../read-store/embedded-read-store';
import type { ReadCollection, ReadStore } from '../read-store/read-store';
import { WORKSPACE_COLLECTIONS as C, type FolderDoc } from './documents';
import { workspaceProjection } from './workspace.projection';
import { workspaceQueries } from './queries';

const dir = mkdtempSync(join(tmpdir(), 'luavault-subtree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const folder = (id: string, parentId: string | null): FolderDoc => ({
  _id: id,
  ownerId: 'u1',
  name: id,
  parentId,
  isPublic: false,
  shareId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastPosition: '0',
});

/** The store, with every document its `find`s return counted: what a query costs. */
function counting(store: ReadStore) {
  const counter = { documents: 0 };
  const counted = Object.create(store) as ReadStore;
  counted.collection = <T extends { _id: string }>(name: string) => {
    const collection = store.collection<T>(name);
    const wrapped = Object.create(collection) as ReadCollection<T>;
    wrapped.find = async (...args) => {
      const docs = await collection.find(...args);
      counter.documents += docs.length;
      return docs;
    };
    return wrapped;
  };
  return { counted, counter };
}

describe('a folder subtree in a large workspace', () => {
  it('reads the subtree through the parent index, not every folder the owner has', async () => {
    const store = await openEmbeddedReadStore(join(dir, 'reads.sqlite'));
    await store.ensureIndexes(workspaceProjection.indexes);
    const folders = store.collection<FolderDoc>(C.folders);
    // 3,000 unrelated folders, and a subtree: a with b and c, c with d
    for (let i = 0; i < 3000; i++) await folders.replaceOne({ _id: `x${i}` }, folder(`x${i}`, i % 2 ? `x${i - 1}` : null), { upsert: true });
    for (const [id, parent] of [['a', null], ['b', 'a'], ['c', 'a'], ['d', 'c']] as const) await folders.replaceOne({ _id: id }, folder(id, parent), { upsert: true });

    const { counted, counter } = counting(store);
    const subtree = await workspaceQueries(counted).folderSubtree('u1', 'a');
    expect(subtree.map((f) => f._id).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(counter.documents).toBeLessThanOrEqual(3);
    await store.close();
  });
});
