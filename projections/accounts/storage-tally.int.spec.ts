import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { accountsProjection } from './accounts.projection';
import { accountQueries } from './queries';

let position = 0n;
function event(type: string, data: Record<string, unknown>): ProjectedEvent {
  position += 1n;
  return {
    type,
    data,
    streamName: `script-${String(data.scriptId)}`,
    position,
    positionKey: toPositionKey(position),
    metadata: { actorId: 'user:u1', at: '2026-11-24T10:00:00.000Z', schemaVersion: 1 },
  } as unknown as ProjectedEvent;
}

const stores: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
async function project(events: ProjectedEvent[], store?: EmbeddedReadStore) {
  const target = store ?? (await openEmbeddedReadStore(':memory:'));
  if (!store) stores.push(target);
  for (const e of events) await accountsProjection.apply(e, target);
  return target;
}

describe('storage tally (accounts projection)', () => {
  const created = event('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'print("é")', folderId: null, version: 1, comment: 'c' });
  const saved = event('ScriptSaved', { scriptId: 's1', title: 'T', content: 'x'.repeat(100), version: 2, comment: 'c' });
  const restored = event('ScriptRestored', { scriptId: 's1', restoredFrom: 1, title: 'T', content: 'print("é")', version: 3, comment: 'c' });
  const other = event('ScriptCreated', { scriptId: 's2', ownerId: 'u1', title: 'U', content: 'abc', folderId: null, version: 1, comment: 'c' });
  const deleted = event('ScriptDeleted', { scriptId: 's1' });

  it('adds the UTF-8 bytes of every version and gives a deleted script back', async () => {
    const store = await project([created, saved, restored, other]);
    expect(await accountQueries(store).storageOf('u1')).toBe(11 + 100 + 11 + 3);
    await project([deleted], store);
    expect(await accountQueries(store).storageOf('u1')).toBe(3);
    expect(await accountQueries(store).storageOf('nobody')).toBe(0);
  });

  it('changes nothing when events are applied again (a replay after a crash), deletions included', async () => {
    const all = [created, saved, restored, other, deleted];
    const store = await project(all);
    await project(all, store);
    await project([saved, restored, deleted], store);
    expect(await accountQueries(store).storageOf('u1')).toBe(3);
  });
});
