import { assertNever, type Decider } from '../shared/decider';
import { automaticSaveComment } from '../shared/comments';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { ScriptCommand } from './commands';
import { contentHash } from './content-hash';
import type { ScriptEvent } from './events';
import { isBlank, nameCharacterProblem } from '../shared/text';
import { requireExtension } from './file-name';

/**
 * What decisions need, and nothing that grows with the history: no version's content is kept (a restore is given the
 * old content in its command), so a state is a few hundred bytes however many versions the script has.
 */
export type ScriptState =
  | { status: 'absent' }
  | {
      /** `trashed`: in the trash, restorable; `deleted`: purged (or deleted before trash existed), gone for good */
      status: 'active' | 'trashed' | 'deleted';
      ownerId: string;
      title: string;
      folderId: string | null;
      shareId: string | null;
      /** whether the live link serves versions saved before it was made */
      shareFullHistory: boolean;
      /** the current version number (versions are 1..version) */
      version: number;
      /** `contentHash` of the current version's content */
      contentHash: string;
    };

export const SCRIPT_NOT_FOUND = 'Script not found';
export const TITLE_REQUIRED = 'Please enter a title for your script';
export const CONTENT_REQUIRED = 'Script content cannot be empty';
export const VERSION_NOT_FOUND = 'Version not found';
export const STALE_CONTENT = 'The script changed while saving; please retry';
export const SAVE_CONFLICT = 'The script changed since this edit started: it is at a newer version';

/** A save based on a version that is no longer the current one; carries the current version number. */
export class SaveConflictError extends ConflictError {
  constructor(readonly currentVersion: number) {
    super(SAVE_CONFLICT, { currentVersion });
  }
}

/** A save that names the version it was based on must be based on the current one, or it would silently overwrite. */
function requireBaseVersion(state: ActiveScript, baseVersion: number | undefined) {
  if (baseVersion !== undefined && baseVersion !== state.version) throw new SaveConflictError(state.version);
}

export const NOT_IN_TRASH = 'Script not found in the trash';

function requireOwnedActive(state: ScriptState, userId: string) {
  // Another user's script answers exactly like a missing one: no existence leak.
  if (state.status !== 'active' || state.ownerId !== userId) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return state;
}

function requireText(value: string, message: string): string {
  if (isBlank(value)) throw new ValidationError(message);
  return value;
}

/** A title given: not blank, no control, invisible or direction characters (unless it is the title kept as it was). */
function requireTitle(value: string, current?: string): string {
  const title = requireText(value, TITLE_REQUIRED).trim();
  const problem = title === current ? null : nameCharacterProblem('Title', title);
  if (problem) throw new ValidationError(problem);
  return title;
}

type ActiveScript = Exclude<ScriptState, { status: 'absent' }>;

/** Versions are numbered 1..current without gaps. */
export const isVersionOf = (state: ActiveScript, version: number) => Number.isInteger(version) && version >= 1 && version <= state.version;

/** A title-only save carries the current content forward; the caller read it, the hash tells whether it is still current. */
function unchangedContent(state: ActiveScript, currentContent: string | undefined): string {
  if (currentContent === undefined || contentHash(currentContent) !== state.contentHash) throw new ConflictError(STALE_CONTENT);
  return currentContent;
}

export function decide(command: ScriptCommand, state: ScriptState): ScriptEvent[] {
  switch (command.type) {
    case 'CreateScript': {
      if (state.status !== 'absent') throw new ValidationError('Script already exists');
      const { scriptId, userId, title, content, folderId, comment, extension } = command.data;
      return [
        {
          type: 'ScriptCreated',
          data: {
            scriptId,
            ownerId: userId,
            title: requireTitle(title),
            content: requireText(content, CONTENT_REQUIRED),
            folderId,
            version: 1,
            comment: comment?.trim() || 'Initial version',
            // only when given: a script without one is named as before extensions were stored
            ...(extension ? { extension: requireExtension(extension) } : {}),
          },
        },
      ];
    }
    case 'SaveScript': {
      const current = requireOwnedActive(state, command.data.userId);
      requireBaseVersion(current, command.data.baseVersion);
      const title = command.data.title === undefined ? current.title : requireTitle(command.data.title, current.title);
      const content = command.data.content === undefined ? unchangedContent(current, command.data.currentContent) : requireText(command.data.content, CONTENT_REQUIRED);
      return [
        {
          type: 'ScriptSaved',
          data: {
            scriptId: command.data.scriptId,
            title,
            content,
            version: current.version + 1,
            comment: command.data.comment?.trim() || automaticSaveComment(command.metadata.at),
          },
        },
      ];
    }
    case 'RestoreVersion': {
      const current = requireOwnedActive(state, command.data.userId);
      const { version, content } = command.data;
      if (!isVersionOf(current, version) || content === null) throw new NotFoundError(VERSION_NOT_FOUND);
      return [
        {
          type: 'ScriptRestored',
          data: {
            scriptId: command.data.scriptId,
            restoredFrom: version,
            // The title is the script's, not the version's: restoring brings back content only.
            title: current.title,
            content,
            version: current.version + 1,
            comment: `Restored from version ${version}`,
          },
        },
      ];
    }
    case 'MoveScript': {
      const current = requireOwnedActive(state, command.data.userId);
      if (current.folderId === command.data.folderId) return [];
      return [{ type: 'ScriptMoved', data: { scriptId: command.data.scriptId, fromFolderId: current.folderId, folderId: command.data.folderId } }];
    }
    case 'ShareScript': {
      const current = requireOwnedActive(state, command.data.userId);
      const { scriptId, shareId, fullHistory } = command.data;
      if (current.shareId) {
        // Sharing again keeps the link; only an explicit, different choice of history is recorded.
        if (fullHistory === undefined || fullHistory === current.shareFullHistory) return [];
        return [{ type: 'ScriptShareHistoryChanged', data: { scriptId, shareId: current.shareId, fullHistory } }];
      }
      return [{ type: 'ScriptShared', data: { scriptId, shareId, fullHistory: fullHistory ?? false, sharedAtVersion: current.version } }];
    }
    case 'RevokeScriptShare': {
      const current = requireOwnedActive(state, command.data.userId);
      if (!current.shareId) return [];
      return [{ type: 'ScriptShareRevoked', data: { scriptId: command.data.scriptId, shareId: current.shareId } }];
    }
    case 'TrashScript': {
      const current = requireOwnedActive(state, command.data.userId);
      const { scriptId, withFolderId = null } = command.data;
      // The link is revoked by its own event, so restoring never brings a link back: the owner shares again.
      const revoke: ScriptEvent[] = current.shareId ? [{ type: 'ScriptShareRevoked', data: { scriptId, shareId: current.shareId } }] : [];
      return [...revoke, { type: 'ScriptTrashed', data: { scriptId, withFolderId } }];
    }
    case 'RestoreScriptFromTrash': {
      if (state.status !== 'trashed' || state.ownerId !== command.data.userId) throw new NotFoundError(NOT_IN_TRASH);
      return [{ type: 'ScriptRestoredFromTrash', data: { scriptId: command.data.scriptId } }];
    }
    case 'PurgeScript': {
      const { scriptId, userId, reason } = command.data;
      const purgeable = state.status === 'trashed' || (state.status === 'active' && (reason === 'account-deleted' || reason === 'discarded'));
      if (!purgeable || state.ownerId !== userId) throw new NotFoundError(NOT_IN_TRASH);
      return [{ type: 'ScriptPurged', data: { scriptId, reason } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: ScriptState, event: ScriptEvent): ScriptState {
  switch (event.type) {
    case 'ScriptCreated': {
      const { ownerId, title, content, folderId } = event.data;
      return { status: 'active', ownerId, title, folderId, shareId: null, shareFullHistory: false, version: 1, contentHash: contentHash(content) };
    }
    case 'ScriptSaved':
    case 'ScriptRestored': {
      if (state.status === 'absent') return state;
      const { title, content, version } = event.data;
      return { ...state, title, version, contentHash: contentHash(content) };
    }
    case 'ScriptMoved':
      return state.status === 'absent' ? state : { ...state, folderId: event.data.folderId };
    case 'ScriptShared':
      return state.status === 'absent' ? state : { ...state, shareId: event.data.shareId, shareFullHistory: event.data.fullHistory ?? false };
    case 'ScriptShareHistoryChanged':
      return state.status === 'absent' ? state : { ...state, shareFullHistory: event.data.fullHistory };
    case 'ScriptShareRevoked':
      return state.status === 'absent' ? state : { ...state, shareId: null, shareFullHistory: false };
    case 'ScriptTrashed':
      return state.status === 'absent' ? state : { ...state, status: 'trashed', shareId: null, shareFullHistory: false };
    case 'ScriptRestoredFromTrash':
      return state.status === 'trashed' ? { ...state, status: 'active' } : state;
    case 'ScriptDeleted':
    case 'ScriptPurged':
      return state.status === 'absent' ? state : { ...state, status: 'deleted', shareId: null, shareFullHistory: false };
    default:
      return assertNever(event);
  }
}

export const initialState = (): ScriptState => ({ status: 'absent' });

export const scriptDecider: Decider<ScriptState, ScriptCommand, ScriptEvent> = { decide, evolve, initialState };
