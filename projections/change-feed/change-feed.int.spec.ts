import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { changeFeedProjection } from './change-feed.projection';
import { CHANGE_FEED_COLLECTIONS as C } from './documents';

function saves(count: number): ProjectedEvent[] {
  const at = new Date().toISOString();
  const metadata = { actorId: 'user:u1', at, schemaVersion: 1 };
  return Array.from({ length: count }, (_, i) => {
    const position = BigInt(i);
    const data =
      i === 0
        ? { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'x', folderId: null, version: 1, comment: '' }
        : { scriptId: 's1', title: 'T', content: 'x', version: i + 1, comment: '' };
    return { type: i === 0 ? 'ScriptCreated' : 'ScriptSaved', data, streamName: 'script-s1', position, positionKey: toPositionKey(position), metadata } as unknown as ProjectedEvent;
  });
}

async function project(events: ProjectedEvent[], batchSize: number) {
  const store = await openEmbeddedReadStore(':memory:');
  await store.ensureIndexes(changeFeedProjection.indexes);
  for (let i = 0; i < events.length; i += batchSize) {
    const batch = events.slice(i, i + batchSize);
    await store.commitBatch(changeFeedProjection.name, batch[batch.length - 1]!.position, (b) => changeFeedProjection.applyBatch!(batch, b));
  }
  const result = {
    entries: await store.collection(C.entries).find({}, { sort: { positionKey: 1 } }),
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
});
