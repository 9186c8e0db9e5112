import type { ReadStore } from '../read-store/read-store';
import { guard, type ProjectedEvent, type Projection } from '../projection';
import { WORKSPACE_COLLECTIONS as C, type FolderDoc, type ScriptDoc, type SharedFolderDoc, type SharedScriptDoc, type TrashDoc } from './documents';
import { evolveScript, isTrashed, sharedView, type ScriptProjectedEvent } from './script-read-model';
import { SCRIPT_EVENT_TYPES } from '../../services/domain/script/events';

/**
 * Workspace: each user's scripts and folders, plus the shared views (by share id) derived from them.
 * One projection owns all four collections so a share link always reflects the script state at the same event.
 */
export const workspaceProjection: Projection = {
  name: 'workspace',
  collections: Object.values(C),
  indexes: [
    { collection: C.scripts, keys: { ownerId: 1 } },
    { collection: C.scripts, keys: { ownerId: 1, folderId: 1 } },
    // a user's scripts newest first, one page at a time (keyset on updatedAt, then _id)
    { collection: C.scripts, keys: { ownerId: 1, updatedAt: -1 } },
    // keyset pages (projections/keyset-page.ts): equality fields, then the sort field and `_id`
    { collection: C.scripts, keys: { ownerId: 1, updatedAt: -1, _id: -1 } },
    { collection: C.scripts, keys: { ownerId: 1, folderId: 1, updatedAt: -1, _id: -1 } },
    { collection: C.scripts, keys: { updatedAt: -1, _id: -1 } },
    // full-text search of one's own scripts (current version): title and content, the title weighing ten times more
    { collection: C.scripts, keys: { ownerId: 1 }, text: ['title', 'content'], weights: { title: 10, content: 1 } },
    { collection: C.folders, keys: { ownerId: 1 } },
    { collection: C.folders, keys: { ownerId: 1, parentId: 1 } },
    { collection: C.folders, keys: { ownerId: 1, name: 1, _id: 1 } },
    { collection: C.folders, keys: { ownerId: 1, parentId: 1, name: 1, _id: 1 } },
    { collection: C.sharedScripts, keys: { scriptId: 1 } },
    { collection: C.sharedFolders, keys: { folderId: 1 } },
    // the trash list (newest first), and what was trashed along with a folder
    { collection: C.trash, keys: { ownerId: 1, withFolderId: 1, trashedAt: -1, _id: -1 } },
    // what was trashed along with a folder, one kind at a time, by id (restores and purges page through it)
    { collection: C.trash, keys: { ownerId: 1, withFolderId: 1, kind: 1, _id: 1 } },
    { collection: C.trash, keys: { trashedAt: 1 } },
  ],
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

/**
 * A batch is folded per script in memory (`evolveScript`) and each script's document and share view written once,
 * instead of once per event: a script saved five times in a batch costs one write. Folder events are few and are
 * applied one by one, in order.
 */
async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const byScript = new Map<string, ScriptProjectedEvent[]>();
  for (const event of events) {
    // Views are not here: their totals have a read model of their own (script-views), so a view never rewrites a script.
    if (SCRIPT_EVENT_TYPES.has(event.type)) {
      const scriptEvent = event as ScriptProjectedEvent;
      const list = byScript.get(scriptEvent.data.scriptId);
      if (list) list.push(scriptEvent);
      else byScript.set(scriptEvent.data.scriptId, [scriptEvent]);
    } else if (event.type.startsWith('Folder')) {
      await applyFolderEvent(event as FolderProjectedEvent, store);
    }
  }
  for (const [scriptId, scriptEvents] of byScript) await applyScriptEvents(scriptId, scriptEvents, store);
}

async function applyScriptEvents(scriptId: string, events: ScriptProjectedEvent[], store: ReadStore): Promise<void> {
  const scripts = store.collection<ScriptDoc>(C.scripts);
  const shared = store.collection<SharedScriptDoc>(C.sharedScripts);
  const live = await scripts.findOne({ _id: scriptId });
  const before = live ?? ((await store.collection<TrashDoc>(C.trash).findOne({ _id: scriptId, kind: 'script' })) as ScriptDoc | null);
  let after = before;
  for (const event of events) after = evolveScript(after, event);
  // Nothing new for the script document (a replay, or a batch that failed part-way on a store without transactions):
  // the document may be current while its share views are not, so those are brought in line with it anyway.
  // A script in the trash has no share views at all.
  if (after === before) return reconcileSharedViews(scriptId, live ? after : null, store);
  if (before && !live) {
    await applyTrashedScript(store, before, after);
    return;
  }
  if (after && isTrashed(after)) {
    await store.collection<TrashDoc>(C.trash).replaceOne({ _id: scriptId }, { ...after, kind: 'script' } as TrashDoc, { upsert: true });
    await scripts.deleteOne({ _id: scriptId });
    await shared.deleteMany({ scriptId });
    return;
  }

  if (!after) {
    if (before) await scripts.deleteOne({ _id: scriptId });
    await shared.deleteMany({ scriptId });
    return;
  }
  // Guarded like every projected write: replaced only if no later event reached the document meanwhile.
  if (before) await scripts.replaceOne({ _id: scriptId, lastPosition: before.lastPosition }, after);
  else await scripts.replaceOne({ _id: scriptId }, after, { upsert: true });
  // A script with no document before this batch has no share views to sweep (they are written after the document; a
  // batch that failed after removing a document but not its views removes them when its event is applied again):
  // most scripts of a rebuild, each spared a query.
  await writeSharedViews(after, before?.shareId === after.shareId ? await sharedOf(after, store) : null, store, before !== null);
}

/** The script's share views as its document says: none but the current share id, holding the document's state. */
async function writeSharedViews(script: ScriptDoc, previous: SharedScriptDoc | null, store: ReadStore, sweep = true): Promise<void> {
  const shared = store.collection<SharedScriptDoc>(C.sharedScripts);
  // By script id, not by the previous share id: a replay may find the document already past a revoke or re-share.
  if (sweep) await shared.deleteMany(script.shareId ? { scriptId: script._id, _id: { $ne: script.shareId } } : { scriptId: script._id });
  if (script.shareId) await shared.replaceOne({ _id: script.shareId }, sharedView(script as ScriptDoc & { shareId: string }, previous), { upsert: true });
}

async function sharedOf(script: ScriptDoc, store: ReadStore): Promise<SharedScriptDoc | null> {
  return script.shareId ? store.collection<SharedScriptDoc>(C.sharedScripts).findOne({ _id: script.shareId }) : null;
}

async function reconcileSharedViews(scriptId: string, script: ScriptDoc | null, store: ReadStore): Promise<void> {
  const shared = store.collection<SharedScriptDoc>(C.sharedScripts);
  if (!script) {
    await shared.deleteMany({ scriptId });
    return;
  }
  const previous = await sharedOf(script, store);
  // Already current (the usual replay): one lookup and the stale-view sweep, no rewrite.
  if (previous && previous.lastPosition === script.lastPosition) {
    await shared.deleteMany({ scriptId, _id: { $ne: previous._id } });
    return;
  }
  await writeSharedViews(script, previous, store);
}

/** A script that was in the trash: it stays there, comes back to `scripts` (restored, without a link), or is purged. */
async function applyTrashedScript(store: ReadStore, before: ScriptDoc, after: ScriptDoc | null): Promise<void> {
  const trash = store.collection<TrashDoc>(C.trash);
  if (!after) {
    await trash.deleteOne({ _id: before._id });
    return;
  }
  if (isTrashed(after)) {
    await trash.replaceOne({ _id: before._id, lastPosition: before.lastPosition }, { ...after, kind: 'script' } as TrashDoc);
    return;
  }
  await store.collection<ScriptDoc>(C.scripts).replaceOne({ _id: after._id }, after, { upsert: true });
  await trash.deleteOne({ _id: before._id });
}

type FolderProjectedEvent = Extract<ProjectedEvent, { data: { folderId: string } }>;

async function applyFolderEvent(event: FolderProjectedEvent, store: ReadStore): Promise<void> {
  const folders = store.collection<FolderDoc>(C.folders);
  const sharedFolders = store.collection<SharedFolderDoc>(C.sharedFolders);
  const at = event.metadata.at;
  const lastPosition = event.positionKey;
  const folderId = event.data.folderId;

  switch (event.type) {
    case 'FolderCreated': {
      const { ownerId, name, parentId, isPublic } = event.data;
      const doc: FolderDoc = { _id: folderId, ownerId, name, parentId, isPublic, shareId: null, createdAt: at, updatedAt: at, lastPosition };
      await folders.replaceOne({ _id: folderId }, doc, { upsert: true });
      return;
    }
    case 'FolderRenamed':
      await folders.updateOne(guard(folderId, event), { $set: { name: event.data.name, updatedAt: at, lastPosition } });
      return;
    case 'FolderMoved':
      await folders.updateOne(guard(folderId, event), { $set: { parentId: event.data.parentId, updatedAt: at, lastPosition } });
      return;
    case 'FolderVisibilityChanged':
      await folders.updateOne(guard(folderId, event), { $set: { isPublic: event.data.isPublic, updatedAt: at, lastPosition } });
      return;
    case 'FolderShared': {
      const current = await folders.findOne({ _id: folderId });
      if (!current) return;
      // Not yet applied, or applied by a batch that failed before its shared view was written: the view is (re)written
      // unless a later event already moved the folder past this share (its revoke or re-share replays after this).
      const applied = current.lastPosition >= lastPosition;
      if (applied && current.shareId !== event.data.shareId) return;
      if (!applied) await folders.updateOne(guard(folderId, event), { $set: { shareId: event.data.shareId, lastPosition } });
      const view: SharedFolderDoc = { _id: event.data.shareId, folderId, ownerId: current.ownerId, lastPosition };
      await sharedFolders.replaceOne({ _id: event.data.shareId }, view, { upsert: true });
      return;
    }
    case 'FolderShareRevoked':
      await folders.updateOne(guard(folderId, event), { $set: { shareId: null, lastPosition } });
      await sharedFolders.deleteOne({ _id: event.data.shareId });
      return;
    case 'FolderTrashed': {
      const current = await folders.findOne(guard(folderId, event));
      if (!current) return; // already moved (a replay)
      const doc = { ...current, kind: 'folder', trashedAt: at, withFolderId: event.data.withFolderId, lastPosition } as TrashDoc;
      await store.collection<TrashDoc>(C.trash).replaceOne({ _id: folderId }, doc, { upsert: true });
      await folders.deleteOne({ _id: folderId });
      await sharedFolders.deleteMany({ folderId });
      return;
    }
    case 'FolderRestoredFromTrash': {
      const trash = store.collection<TrashDoc>(C.trash);
      const trashed = await trash.findOne({ ...guard(folderId, event), kind: 'folder' });
      if (!trashed) return;
      const { kind: _kind, trashedAt: _trashedAt, withFolderId: _with, ...folder } = trashed;
      await folders.replaceOne({ _id: folderId }, { ...(folder as FolderDoc), lastPosition }, { upsert: true });
      await trash.deleteOne({ _id: folderId });
      return;
    }
    case 'FolderDeleted': // from before the trash: gone for good, like a purge
    case 'FolderPurged':
      await folders.deleteOne({ _id: folderId });
      await store.collection<TrashDoc>(C.trash).deleteOne({ _id: folderId, kind: 'folder' });
      await sharedFolders.deleteMany({ folderId });
      return;
  }
}
