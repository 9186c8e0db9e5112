import { assertNever, type Decider } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { FolderCommand } from './commands';
import type { FolderEvent } from './events';
import { isBlank, nameCharacterProblem } from '../shared/text';

export type FolderState =
  | { status: 'absent' }
  /** `trashed`: in the trash, restorable; `deleted`: purged (or deleted before trash existed), gone for good */
  | { status: 'active' | 'trashed' | 'deleted'; ownerId: string; name: string; parentId: string | null; isPublic: boolean; shareId: string | null };

export const FOLDER_NOT_FOUND = 'Folder not found';
export const FOLDER_NAME_REQUIRED = 'Folder name cannot be empty';
export const FOLDER_NOT_IN_TRASH = 'Folder not found in the trash';

function requireOwnedActive(state: FolderState, userId: string) {
  if (state.status !== 'active' || state.ownerId !== userId) throw new NotFoundError(FOLDER_NOT_FOUND);
  return state;
}

/** A name given: not blank, no control, invisible or direction characters (unless it is the name kept as it was). */
function requireName(name: string, current?: string): string {
  const trimmed = name.trim();
  if (isBlank(trimmed)) throw new ValidationError(FOLDER_NAME_REQUIRED);
  const problem = trimmed === current ? null : nameCharacterProblem('Folder name', trimmed);
  if (problem) throw new ValidationError(problem);
  return trimmed;
}

export function decide(command: FolderCommand, state: FolderState): FolderEvent[] {
  switch (command.type) {
    case 'CreateFolder': {
      if (state.status !== 'absent') throw new ValidationError('Folder already exists');
      const { folderId, userId, name, parentId, isPublic } = command.data;
      return [{ type: 'FolderCreated', data: { folderId, ownerId: userId, name: requireName(name), parentId, isPublic } }];
    }
    case 'UpdateFolder': {
      const current = requireOwnedActive(state, command.data.userId);
      const { folderId, name, parentId, isPublic } = command.data;
      const events: FolderEvent[] = [];
      if (name !== undefined) {
        const newName = requireName(name, current.name);
        if (newName !== current.name) events.push({ type: 'FolderRenamed', data: { folderId, name: newName } });
      }
      if (parentId !== undefined && parentId !== current.parentId) {
        if (parentId === folderId) throw new ValidationError('A folder cannot be inside itself');
        events.push({ type: 'FolderMoved', data: { folderId, fromParentId: current.parentId, parentId } });
      }
      if (isPublic !== undefined && isPublic !== current.isPublic) {
        events.push({ type: 'FolderVisibilityChanged', data: { folderId, isPublic } });
      }
      return events;
    }
    case 'ShareFolder': {
      const current = requireOwnedActive(state, command.data.userId);
      if (current.shareId) return [];
      return [{ type: 'FolderShared', data: { folderId: command.data.folderId, shareId: command.data.shareId } }];
    }
    case 'RevokeFolderShare': {
      const current = requireOwnedActive(state, command.data.userId);
      if (!current.shareId) return [];
      return [{ type: 'FolderShareRevoked', data: { folderId: command.data.folderId, shareId: current.shareId } }];
    }
    case 'TrashFolder': {
      const current = requireOwnedActive(state, command.data.userId);
      const { folderId, withFolderId = null } = command.data;
      // The link is revoked by its own event, so restoring never brings a link back: the owner shares again.
      const revoke: FolderEvent[] = current.shareId ? [{ type: 'FolderShareRevoked', data: { folderId, shareId: current.shareId } }] : [];
      return [...revoke, { type: 'FolderTrashed', data: { folderId, withFolderId } }];
    }
    case 'RestoreFolderFromTrash': {
      if (state.status !== 'trashed' || state.ownerId !== command.data.userId) throw new NotFoundError(FOLDER_NOT_IN_TRASH);
      return [{ type: 'FolderRestoredFromTrash', data: { folderId: command.data.folderId } }];
    }
    case 'PurgeFolder': {
      const { folderId, userId, reason } = command.data;
      const purgeable = state.status === 'trashed' || (state.status === 'active' && (reason === 'account-deleted' || reason === 'discarded'));
      if (!purgeable || state.ownerId !== userId) throw new NotFoundError(FOLDER_NOT_IN_TRASH);
      return [{ type: 'FolderPurged', data: { folderId, reason } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: FolderState, event: FolderEvent): FolderState {
  switch (event.type) {
    case 'FolderCreated': {
      const { ownerId, name, parentId, isPublic } = event.data;
      return { status: 'active', ownerId, name, parentId, isPublic, shareId: null };
    }
    case 'FolderRenamed':
      return state.status === 'absent' ? state : { ...state, name: event.data.name };
    case 'FolderMoved':
      return state.status === 'absent' ? state : { ...state, parentId: event.data.parentId };
    case 'FolderVisibilityChanged':
      return state.status === 'absent' ? state : { ...state, isPublic: event.data.isPublic };
    case 'FolderShared':
      return state.status === 'absent' ? state : { ...state, shareId: event.data.shareId };
    case 'FolderShareRevoked':
      return state.status === 'absent' ? state : { ...state, shareId: null };
    case 'FolderTrashed':
      return state.status === 'absent' ? state : { ...state, status: 'trashed', shareId: null };
    case 'FolderRestoredFromTrash':
      return state.status === 'trashed' ? { ...state, status: 'active' } : state;
    case 'FolderDeleted':
    case 'FolderPurged':
      return state.status === 'absent' ? state : { ...state, status: 'deleted', shareId: null };
    default:
      return assertNever(event);
  }
}

export const initialState = (): FolderState => ({ status: 'absent' });

export const folderDecider: Decider<FolderState, FolderCommand, FolderEvent> = { decide, evolve, initialState };
