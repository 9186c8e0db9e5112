import type { ProjectedEvent } from '../projection';
import type { ChangeType, OwnerDoc } from './documents';

export interface Described {
  /** the owner record after the event (null: the event is not about a script or folder we know) */
  owner: OwnerDoc | null;
  change: { type: ChangeType; data: Record<string, unknown> } | null;
}

export const ownerKey = (kind: 'script' | 'folder', id: string) => `${kind}:${id}`;

/** The owner key an event is about, or null for events that are not about a script or folder. */
export function ownerKeyOf(event: ProjectedEvent): string | null {
  if (event.type.startsWith('Script') && event.type !== 'ScriptViewsCounted') return ownerKey('script', (event.data as { scriptId: string }).scriptId);
  if (event.type.startsWith('Folder')) return ownerKey('folder', (event.data as { folderId: string }).folderId);
  return null;
}

/**
 * What one event means to its owner's live clients, as a pure fold over the owner record: enough to patch a list
 * (ids, title or name, folder, version) or to tell an open editor that its script changed. No contents.
 */
export function describeChange(event: ProjectedEvent, before: OwnerDoc | null): Described {
  const lastPosition = event.positionKey;
  const none: Described = { owner: before, change: null };
  if (event.type === 'ScriptCreated') {
    const { scriptId, ownerId, title, folderId } = event.data;
    const owner: OwnerDoc = { _id: ownerKey('script', scriptId), ownerId, name: title, parentId: folderId, version: 1, deleted: false, lastPosition };
    return { owner, change: { type: 'script.created', data: { scriptId, title, folderId, version: 1 } } };
  }
  if (event.type === 'FolderCreated') {
    const { folderId, ownerId, name, parentId } = event.data;
    const owner: OwnerDoc = { _id: ownerKey('folder', folderId), ownerId, name, parentId, version: 0, deleted: false, lastPosition };
    return { owner, change: { type: 'folder.created', data: { folderId, name, parentId } } };
  }
  if (!before || before.lastPosition >= lastPosition) return none;
  const next = (patch: Partial<OwnerDoc>): OwnerDoc => ({ ...before, ...patch, lastPosition });
  const script = (type: ChangeType, owner: OwnerDoc, extra: Record<string, unknown> = {}): Described => ({
    owner,
    change: { type, data: { scriptId: owner._id.slice('script:'.length), title: owner.name, folderId: owner.parentId, version: owner.version, ...extra } },
  });
  const folder = (type: ChangeType, owner: OwnerDoc, extra: Record<string, unknown> = {}): Described => ({
    owner,
    change: { type, data: { folderId: owner._id.slice('folder:'.length), name: owner.name, parentId: owner.parentId, ...extra } },
  });

  switch (event.type) {
    case 'ScriptSaved':
    case 'ScriptRestored': {
      const { title, version } = event.data;
      const extra: Record<string, unknown> = {};
      if (title !== before.name) extra.previousTitle = before.name;
      if (event.type === 'ScriptRestored') extra.restoredFrom = event.data.restoredFrom;
      return script('script.saved', next({ name: title, version }), extra);
    }
    case 'ScriptMoved':
      return script('script.moved', next({ parentId: event.data.folderId }), { fromFolderId: event.data.fromFolderId });
    case 'ScriptShared':
      return script('script.shared', next({}), { shareId: event.data.shareId, fullHistory: event.data.fullHistory === true });
    case 'ScriptShareHistoryChanged':
      return script('script.shared', next({}), { shareId: event.data.shareId, fullHistory: event.data.fullHistory });
    case 'ScriptShareRevoked':
      return script('script.unshared', next({}));
    case 'ScriptDeleted':
    case 'ScriptTrashed': // to a list, a script moved to the trash is gone; back from it, it is there again
      return script('script.deleted', next({ deleted: true }));
    case 'ScriptRestoredFromTrash':
      return script('script.created', next({ deleted: false }));
    case 'ScriptPurged':
      return { owner: next({ deleted: true }), change: null };
    case 'ScriptReadByAdmin':
      return before.deleted ? none : script('script.read-by-admin', next({}));
    case 'FolderRenamed':
      return folder('folder.renamed', next({ name: event.data.name }), { previousName: before.name });
    case 'FolderMoved':
      return folder('folder.moved', next({ parentId: event.data.parentId }), { fromParentId: event.data.fromParentId });
    case 'FolderVisibilityChanged':
      return folder('folder.visibility', next({}), { isPublic: event.data.isPublic });
    case 'FolderShared':
      return folder('folder.shared', next({}), { shareId: event.data.shareId });
    case 'FolderShareRevoked':
      return folder('folder.unshared', next({}));
    case 'FolderDeleted':
    case 'FolderTrashed':
      return folder('folder.deleted', next({ deleted: true }));
    case 'FolderRestoredFromTrash':
      return folder('folder.created', next({ deleted: false }));
    case 'FolderPurged':
      return { owner: next({ deleted: true }), change: null };
    default:
      return none;
  }
}
