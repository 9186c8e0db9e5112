import { expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../services/eventstore/event-store';
import type { ReadStore } from './read-store/read-store';
import { Projector } from './projector';
import { allProjections } from './registry';
import { adoptReadModels, rebuildReadModels } from './rebuild';

const meta = (actorId: string) => ({ actorId, at: '2026-11-22T10:00:00.000Z', schemaVersion: 1 });

/** A small log touching every projection: users, keys, folders, scripts with saves, restores, shares, views, deletes. */
export async function seedLog(store: EventStore): Promise<void> {
  const append = (stream: string, events: NewEvent[]) => store.appendToStream(stream, events, { expectedRevision: 'any' });
  for (let u = 0; u < 3; u++) {
    const userId = `u${u}`;
    await append(`user-${userId}`, [
      { type: 'UserRegistered', data: { userId, username: `user${u}`, passwordHash: 'x', email: null }, metadata: meta(userId) },
      { type: 'UserSignedIn', data: { userId, sessionId: `s${u}`, expiresAt: '2099-01-01T00:00:00.000Z' }, metadata: meta(userId) },
    ]);
    await append(`apikey-k${u}`, [
      { type: 'ApiKeyCreated', data: { keyId: `k${u}`, ownerId: userId, name: 'ci', keyHash: `h${u}`, keyPreview: 'lv_...' }, metadata: meta(userId) },
      { type: 'ApiKeyUsed', data: { keyId: `k${u}`, usedAt: '2026-11-22T11:00:00.000Z' }, metadata: meta(userId) },
    ]);
    await append(`folder-f${u}`, [
      { type: 'FolderCreated', data: { folderId: `f${u}`, ownerId: userId, name: 'src', parentId: null, isPublic: false }, metadata: meta(userId) },
      { type: 'FolderShared', data: { folderId: `f${u}`, shareId: `fs${u}` }, metadata: meta(userId) },
    ]);
    for (let s = 0; s < 4; s++) {
      const scriptId = `${userId}s${s}`;
      await append(`script-${scriptId}`, [
        { type: 'ScriptCreated', data: { scriptId, ownerId: userId, title: `T${s}`, content: 'print(1)', folderId: s % 2 ? `f${u}` : null, version: 1, comment: 'Initial version' }, metadata: meta(userId) },
        { type: 'ScriptSaved', data: { scriptId, title: `T${s}`, content: 'print(2)', version: 2, comment: 'two' }, metadata: meta(userId) },
        { type: 'ScriptShared', data: { scriptId, shareId: `sh${scriptId}` }, metadata: meta(userId) },
        { type: 'ScriptRestored', data: { scriptId, restoredFrom: 1, title: `T${s}`, content: 'print(1)', version: 3, comment: 'Restored from version 1' }, metadata: meta(userId) },
      ]);
      await append(`scriptviews-${scriptId}`, [{ type: 'ScriptViewsCounted', data: { scriptId, count: s + 1 }, metadata: meta('system:views') }]);
    }
    await append(`script-${userId}s3`, [{ type: 'ScriptDeleted', data: { scriptId: `${userId}s3` }, metadata: meta(userId) }]);
  }
}

/** What full-text search finds for one user: scripts by a title word, versions by content words (owner from version 1). */
async function searchable(store: ReadStore) {
  const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();
  return {
    scripts: ids(await store.collection('scripts').searchText(['t0'], { filter: { ownerId: 'u0' }, limit: 50 })),
    tampered: ids(await store.collection('scripts').searchText(['tampered'], { filter: { ownerId: 'u0' }, limit: 50 })),
    versions: ids(await store.collection('versions').searchText(['print', '2'], { filter: { ownerId: 'u0', trashedAt: null }, limit: 50 })),
  };
}

export async function snapshot(store: ReadStore, collections: string[]) {
  const out: Record<string, unknown[]> = {};
  for (const name of collections) out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  return out;
}

/** A rebuild from the start of the log produces exactly the read models that live projection built. */
export function rebuildContract(
  factory: () => Promise<{ eventStore: EventStore; readStore: ReadStore; /** a second, empty store of the same kind */ openOther(): Promise<ReadStore>; cleanup(): Promise<void> }>,
) {
  it('rebuilds every read model identical to the live projection', async () => {
    const { eventStore, readStore, cleanup } = await factory();
    try {
      await seedLog(eventStore);
      const projector = new Projector(eventStore, readStore, allProjections);
      await projector.start();
      expect(await projector.waitFor(await eventStore.headPosition(), 20_000)).toBe(true);
      await projector.stop();
      const collections = allProjections.flatMap((p) => p.collections);
      const live = await snapshot(readStore, collections);
      expect((live.scripts ?? []).length).toBe(9);
      const found = await searchable(readStore);
      expect(found).toEqual({ scripts: ['u0s0'], tampered: [], versions: ['u0s0:2', 'u0s1:2', 'u0s2:2'] });

      await rebuildReadModels(eventStore, readStore, allProjections);
      expect(await snapshot(readStore, collections)).toEqual(live);
      expect(await searchable(readStore)).toEqual(found);
      for (const projection of allProjections) expect(await readStore.getCheckpoint(projection.name)).toBe(await eventStore.headPosition());
    } finally {
      await cleanup();
    }
  });

  it('adopting a rebuilt copy makes the live read models and checkpoints equal it', async () => {
    const { eventStore, readStore, openOther, cleanup } = await factory();
    const copy = await openOther();
    try {
      await seedLog(eventStore);
      const live = new Projector(eventStore, readStore, allProjections);
      await live.start();
      expect(await live.waitFor(await eventStore.headPosition(), 20_000)).toBe(true);
      await live.stop();
      const collections = allProjections.flatMap((p) => p.collections);
      const expected = await snapshot(readStore, collections);
      const found = await searchable(readStore);
      // The live read models drift (a stray document, a changed one), and the copy is rebuilt from the log.
      await readStore.collection('scripts').replaceOne({ _id: 'stray' }, { _id: 'stray', title: 'x', lastPosition: '0' }, { upsert: true });
      // more strays than one page of the adoption's walk (500), on either side of the real ids
      for (let i = 0; i < 600; i++) {
        const _id = `${i % 2 ? 'a' : 'z'}-stray-${String(i).padStart(3, '0')}`;
        await readStore.collection('scripts').replaceOne({ _id }, { _id, title: 'x', lastPosition: '0' }, { upsert: true });
      }
      await readStore.collection('scripts').updateOne({ _id: 'u0s0' }, { $set: { title: 'tampered' } });
      await rebuildReadModels(eventStore, copy, allProjections);

      expect((await searchable(readStore)).tampered).toEqual(['u0s0']);

      await adoptReadModels(copy, readStore, allProjections);
      expect(await snapshot(readStore, collections)).toEqual(expected);
      expect(await searchable(readStore)).toEqual(found); // the copy's writes reached the text indexes too
      for (const projection of allProjections) expect(await readStore.getCheckpoint(projection.name)).toBe(await eventStore.headPosition());
    } finally {
      await copy.dropAll();
      await copy.close();
      await cleanup();
    }
  });
}
