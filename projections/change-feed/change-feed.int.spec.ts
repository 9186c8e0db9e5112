import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { changeFeedProjection } from './change-feed.projection';
import { CHANGE_FEED_COLLECTIONS as C } from './documents';
import { changeFeedQueries } from './queries';

/** `count` saves of one script per user, the users' events interleaved (u1, u2, u1, u2... for two users). */
function saves(count: number, users = ['u1']): ProjectedEvent[] {
  const at = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const position = BigInt(i);
    const user = users[i % users.length]!;
    const scriptId = `s-${user}`;
    const version = Math.floor(i / users.length) + 1;
    const metadata = { actorId: `user:${user}`, at, schemaVersion: 1 };
    const data =
      version === 1
        ? { scriptId, ownerId: user, title: 'T', content: 'x', folderId: null, version, comment: '' }
        : { scriptId, title: 'T', content: 'x', version, comment: '' };
    const type = version === 1 ? 'ScriptCreated' : 'ScriptSaved';
    return { type, data, streamName: `script-${scriptId}`, position, positionKey: toPositionKey(position), metadata } as unknown as ProjectedEvent;
  });
}

async function projected(events: ProjectedEvent[], batchSize: number) {
  const store = await openEmbeddedReadStore(':memory:');
  await store.ensureIndexes(changeFeedProjection.indexes);
  for (let i = 0; i < events.length; i += batchSize) {
    const batch = events.slice(i, i + batchSize);
    await store.commitBatch(changeFeedProjection.name, batch[batch.length - 1]!.position, (b) => changeFeedProjection.applyBatch!(batch, b));
  }
  return store;
}

async function project(events: ProjectedEvent[], batchSize: number) {
  const store = await projected(events, batchSize);
  const result = {
    entries: await changeFeedQueries(store).forUserAfter('u1', '', 10_000),
    between: await changeFeedQueries(store).between('', toPositionKey(BigInt(events.length)), 10_000),
    marks: await store.collection(C.marks).find({}),
  };
  await store.close();
  return result;
}

describe('change feed projection', () => {
  it('keeps the same entries however the events fall into batches (a resumed projector equals a fresh rebuild)', async () => {
    const events = saves(1337);
    const whole = await project(events, 10_000);
    const small = await project(events, 7);
    expect(whole.entries.length).toBe(1037); // 1,337 numbered entries, the cap moved in steps of 100: 1..300 gone
    expect(small).toEqual(whole);
    expect(whole.marks).toEqual([{ _id: 'u1', seq: 1337, prunedThrough: toPositionKey(299n) }]);
  });

  it("pages every user's entries oldest first, whatever the page size and however batches grouped them", async () => {
    const events = saves(240, ['u1', 'u2', 'u3']);
    const all = events.map((event) => event.positionKey);
    for (const batchSize of [1, 7, 100, 10_000]) {
      const store = await projected(events, batchSize);
      const feed = changeFeedQueries(store);
      const through = all[all.length - 1]!;
      for (const limit of [1, 3, 50, 500]) {
        const keys: string[] = [];
        for (let after = ''; ; ) {
          const page = await feed.between(after, through, limit);
          keys.push(...page.map((entry) => entry.positionKey));
          if (page.length < limit) break;
          after = page[page.length - 1]!.positionKey;
        }
        expect(keys, `batches of ${batchSize}, pages of ${limit}`).toEqual(all);
      }
      // an upper bound inside the users' chunks, and one user's entries from the middle on
      expect((await feed.between(all[10]!, all[20]!, 500)).map((entry) => entry.positionKey)).toEqual(all.slice(11, 21));
      const u2 = events.filter((_, i) => i % 3 === 1).map((event) => event.positionKey);
      expect((await feed.forUserAfter('u2', u2[5]!, 7)).map((entry) => entry.positionKey)).toEqual(u2.slice(6, 13));
      expect((await feed.forUserAfter('u2', '', 500)).map((entry) => [entry.userId, entry.seq])).toEqual(u2.map((_, i) => ['u2', i + 1]));
      await store.close();
    }
  });

  it('forgets the owner record of a purged script or folder, whether the purge comes in the same batch or a later one', async () => {
    const at = new Date().toISOString();
    const events = [
      ['ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'x', folderId: null, version: 1, comment: '' }],
      ['FolderCreated', { folderId: 'f1', ownerId: 'u1', name: 'F', parentId: null, isPublic: false }],
      ['ScriptCreated', { scriptId: 's2', ownerId: 'u1', title: 'T', content: 'x', folderId: null, version: 1, comment: '' }],
      ['ScriptTrashed', { scriptId: 's1', withFolderId: null }],
      ['ScriptPurged', { scriptId: 's1', reason: 'emptied' }],
      ['FolderTrashed', { folderId: 'f1', withFolderId: null }],
      ['FolderPurged', { folderId: 'f1', reason: 'emptied' }],
    ].map(([type, data], i) => {
      const position = BigInt(i);
      return { type, data, streamName: 'x', position, positionKey: toPositionKey(position), metadata: { actorId: 'user:u1', at, schemaVersion: 1 } } as unknown as ProjectedEvent;
    });
    for (const batchSize of [1, 3, 100]) {
      const store = await projected(events, batchSize);
      expect((await store.collection(C.owners).find({})).map((o) => o._id), `batches of ${batchSize}`).toEqual(['script:s2']);
      // the deletion is still told to open clients
      expect((await changeFeedQueries(store).forUserAfter('u1', '', 100)).map((e) => e.type)).toContain('folder.deleted');
      await store.close();
    }
  });
});
