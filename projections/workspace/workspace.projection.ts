import type { ReadStore } from '../read-store/read-store';
import { guard, notYetApplied, type ProjectedEvent, type Projection } from '../projection';
import { WORKSPACE_COLLECTIONS as C, type FolderDoc, type ScriptDoc, type SharedFolderDoc, type SharedScriptDoc } from './documents';
import { contentEtag } from './etag';

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
    { collection: C.scripts, keys: { views: -1 } },
    { collection: C.folders, keys: { ownerId: 1 } },
    { collection: C.folders, keys: { ownerId: 1, parentId: 1 } },
    { collection: C.sharedScripts, keys: { scriptId: 1 } },
    { collection: C.sharedFolders, keys: { folderId: 1 } },
  ],
  async apply(event, store) {
    switch (event.type) {
      case 'ScriptCreated':
      case 'ScriptSaved':
      case 'ScriptRestored':
      case 'ScriptMoved':
      case 'ScriptShared':
      case 'ScriptShareRevoked':
      case 'ScriptDeleted':
      case 'ScriptViewsCounted':
        return applyScriptEvent(event, store);
      case 'FolderCreated':
      case 'FolderRenamed':
      case 'FolderMoved':
      case 'FolderVisibilityChanged':
      case 'FolderShared':
      case 'FolderShareRevoked':
      case 'FolderDeleted':
        return applyFolderEvent(event, store);
      default:
        return;
    }
  },
};

type ScriptProjectedEvent = Extract<ProjectedEvent, { data: { scriptId: string } }>;

async function applyScriptEvent(event: ScriptProjectedEvent, store: ReadStore): Promise<void> {
  const scripts = store.collection<ScriptDoc>(C.scripts);
  const shared = store.collection<SharedScriptDoc>(C.sharedScripts);
  const at = event.metadata.at;
  const lastPosition = event.positionKey;
  const scriptId = event.data.scriptId;

  if (event.type === 'ScriptCreated') {
    const { ownerId, title, content, folderId } = event.data;
    const doc: ScriptDoc = { _id: scriptId, ownerId, title, content, folderId, shareId: null, views: 0, version: 1, createdAt: at, updatedAt: at, lastPosition };
    await scripts.replaceOne({ _id: scriptId }, doc, { upsert: true });
    return;
  }

  // Writes are guarded by position, so each applies once however often a batch is replayed.
  const sharedViewsOfScript = { scriptId, ...notYetApplied(event) };
  switch (event.type) {
    case 'ScriptSaved':
    case 'ScriptRestored': {
      const { title, content, version } = event.data;
      await scripts.updateOne(guard(scriptId, event), { $set: { title, content, version, updatedAt: at, lastPosition } });
      await shared.updateMany(sharedViewsOfScript, { $set: { title, content, version, etag: contentEtag(content), updatedAt: at, lastPosition } });
      return;
    }
    case 'ScriptMoved':
      await scripts.updateOne(guard(scriptId, event), { $set: { folderId: event.data.folderId, updatedAt: at, lastPosition } });
      return;
    case 'ScriptShared': {
      const current = await scripts.findOne(guard(scriptId, event));
      if (!current) return; // already applied, or the script is gone
      const { shareId } = event.data;
      await scripts.updateOne(guard(scriptId, event), { $set: { shareId, lastPosition } });
      const view: SharedScriptDoc = {
        _id: shareId,
        scriptId,
        ownerId: current.ownerId,
        title: current.title,
        content: current.content,
        etag: contentEtag(current.content),
        version: current.version,
        views: current.views,
        createdAt: current.createdAt,
        updatedAt: current.updatedAt,
        lastPosition,
      };
      await shared.replaceOne({ _id: shareId }, view, { upsert: true });
      return;
    }
    case 'ScriptShareRevoked':
      await scripts.updateOne(guard(scriptId, event), { $set: { shareId: null, lastPosition } });
      await shared.deleteOne({ _id: event.data.shareId });
      return;
    case 'ScriptDeleted':
      await scripts.deleteOne({ _id: scriptId });
      await shared.deleteMany({ scriptId });
      return;
    case 'ScriptViewsCounted':
      await scripts.updateOne(guard(scriptId, event), { $inc: { views: event.data.count }, $set: { lastPosition } });
      await shared.updateMany(sharedViewsOfScript, { $inc: { views: event.data.count }, $set: { lastPosition } });
      return;
  }
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
      const current = await folders.findOne(guard(folderId, event));
      if (!current) return;
      await folders.updateOne(guard(folderId, event), { $set: { shareId: event.data.shareId, lastPosition } });
      const view: SharedFolderDoc = { _id: event.data.shareId, folderId, ownerId: current.ownerId, lastPosition };
      await sharedFolders.replaceOne({ _id: event.data.shareId }, view, { upsert: true });
      return;
    }
    case 'FolderShareRevoked':
      await folders.updateOne(guard(folderId, event), { $set: { shareId: null, lastPosition } });
      await sharedFolders.deleteOne({ _id: event.data.shareId });
      return;
    case 'FolderDeleted':
      await folders.deleteOne({ _id: folderId });
      await sharedFolders.deleteMany({ folderId });
      return;
  }
}
