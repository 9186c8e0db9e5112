import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { workspaceProjection } from './workspace.projection';
import { WORKSPACE_COLLECTIONS as C } from './documents';
import { trashQueries } from './trash-queries';

/** The workspace projection's trash: where trashed, restored and purged scripts and folders end up, once per event. */

let position = 0n;
function event(type: string, data: Record<string, unknown>, at = '2026-11-24T10:00:00.000Z'): ProjectedEvent {
  position += 1n;
  const id = (data.scriptId ?? data.folderId) as string;
  return {
    type,
    data,
    streamName: `${data.scriptId ? 'script' : 'folder'}-${id}`,
    position,
    positionKey: toPositionKey(position),
    metadata: { actorId: 'user:u1', at, schemaVersion: 1 },
  } as unknown as ProjectedEvent;
}

const stores: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
async function freshStore() {
  const store = await openEmbeddedReadStore(':memory:');
  stores.push(store);
  return store;
}
const ids = async (store: EmbeddedReadStore, collection: string) => (await store.collection(collection).find({})).map((d) => d._id).sort();

describe('workspace projection: trash', () => {
  const folder = event('FolderCreated', { folderId: 'f1', ownerId: 'u1', name: 'Lib', parentId: null, isPublic: false });
  const created = event('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'print(1)', folderId: 'f1', version: 1, comment: 'c' });
  const shared = event('ScriptShared', { scriptId: 's1', shareId: 'sh1', fullHistory: false, sharedAtVersion: 1 });
  const revoked = event('ScriptShareRevoked', { scriptId: 's1', shareId: 'sh1' });
  const folderTrashed = event('FolderTrashed', { folderId: 'f1', withFolderId: null }, '2026-11-24T11:00:00.000Z');
  const scriptTrashed = event('ScriptTrashed', { scriptId: 's1', withFolderId: 'f1' }, '2026-11-24T11:00:01.000Z');
  const viewed = event('ScriptViewsCounted', { scriptId: 's1', count: 2 });
  const folderBack = event('FolderRestoredFromTrash', { folderId: 'f1' });
  const scriptBack = event('ScriptRestoredFromTrash', { scriptId: 's1' });

  it('moves trashed documents out of every workspace collection into the trash, and back on restore', async () => {
    const store = await freshStore();
    await workspaceProjection.applyBatch!([folder, created, shared, revoked, folderTrashed, scriptTrashed, viewed], store);
    expect(await ids(store, C.scripts)).toEqual([]);
    expect(await ids(store, C.folders)).toEqual([]);
    expect(await ids(store, C.sharedScripts)).toEqual([]);
    expect(await trashQueries(store).entriesPageOf('u1', { limit: 10 })).toEqual({
      items: [expect.objectContaining({ _id: 'f1', kind: 'folder', name: 'Lib', trashedAt: '2026-11-24T11:00:00.000Z', withFolderId: null })],
      next: null,
    });
    const along: unknown[] = [];
    await trashQueries(store).eachTrashedWith('u1', 'f1', 'script', async (items) => void along.push(...items));
    expect(along).toEqual([expect.objectContaining({ _id: 's1', kind: 'script', withFolderId: 'f1' })]);

    await workspaceProjection.applyBatch!([folderBack, scriptBack], store);
    expect(await ids(store, 'trash')).toEqual([]);
    const script = await store.collection(C.scripts).findOne({ _id: 's1' });
    expect(script).toMatchObject({ folderId: 'f1', content: 'print(1)', shareId: null });
    expect(script).not.toHaveProperty('trashedAt');
    expect(script).not.toHaveProperty('kind');
    expect(await store.collection(C.folders).findOne({ _id: 'f1' })).not.toHaveProperty('trashedAt');
  });

  it('a purge, or an old deletion, removes the document wherever it is', async () => {
    const store = await freshStore();
    await workspaceProjection.applyBatch!([folder, created, folderTrashed, scriptTrashed], store);
    await workspaceProjection.applyBatch!(
      [event('ScriptPurged', { scriptId: 's1', reason: 'emptied' }), event('FolderPurged', { folderId: 'f1', reason: 'emptied' })],
      store,
    );
    expect(await ids(store, 'trash')).toEqual([]);
    const live = await freshStore();
    await workspaceProjection.applyBatch!([folder, created, event('ScriptDeleted', { scriptId: 's1' }), event('FolderDeleted', { folderId: 'f1' })], live);
    expect([...(await ids(live, C.scripts)), ...(await ids(live, C.folders)), ...(await ids(live, 'trash'))]).toEqual([]);
  });

  it('replaying events already applied changes nothing', async () => {
    const store = await freshStore();
    const all = [folder, created, shared, revoked, folderTrashed, scriptTrashed, viewed, folderBack, scriptBack];
    await workspaceProjection.applyBatch!(all, store);
    const before = { scripts: await store.collection(C.scripts).find({}), folders: await store.collection(C.folders).find({}), trash: await ids(store, 'trash') };
    for (const e of all) await workspaceProjection.apply(e, store);
    await workspaceProjection.applyBatch!(all.slice(3, 7), store);
    expect({ scripts: await store.collection(C.scripts).find({}), folders: await store.collection(C.folders).find({}), trash: await ids(store, 'trash') }).toEqual(before);
  });
});
