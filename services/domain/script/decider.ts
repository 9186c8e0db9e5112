import { assertNever, type Decider } from '../shared/decider';
import { automaticSaveComment } from '../shared/comments';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { ScriptCommand } from './commands';
import type { ScriptEvent } from './events';

export interface ScriptVersionState {
  version: number;
  title: string;
  content: string;
}

export type ScriptState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      ownerId: string;
      title: string;
      content: string;
      folderId: string | null;
      shareId: string | null;
      /** whether the live link serves versions saved before it was made */
      shareFullHistory: boolean;
      versions: ScriptVersionState[];
    };

export const SCRIPT_NOT_FOUND = 'Script not found';
export const TITLE_REQUIRED = 'Please enter a title for your script';
export const CONTENT_REQUIRED = 'Script content cannot be empty';

function requireOwnedActive(state: ScriptState, userId: string) {
  // Another user's script answers exactly like a missing one: no existence leak.
  if (state.status !== 'active' || state.ownerId !== userId) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return state;
}

function requireText(value: string, message: string): string {
  if (value.trim() === '') throw new ValidationError(message);
  return value;
}

export function decide(command: ScriptCommand, state: ScriptState): ScriptEvent[] {
  switch (command.type) {
    case 'CreateScript': {
      if (state.status !== 'absent') throw new ValidationError('Script already exists');
      const { scriptId, userId, title, content, folderId, comment } = command.data;
      return [
        {
          type: 'ScriptCreated',
          data: {
            scriptId,
            ownerId: userId,
            title: requireText(title, TITLE_REQUIRED).trim(),
            content: requireText(content, CONTENT_REQUIRED),
            folderId,
            version: 1,
            comment: comment?.trim() || 'Initial version',
          },
        },
      ];
    }
    case 'SaveScript': {
      const current = requireOwnedActive(state, command.data.userId);
      const title = command.data.title === undefined ? current.title : requireText(command.data.title, TITLE_REQUIRED).trim();
      const content = command.data.content === undefined ? current.content : requireText(command.data.content, CONTENT_REQUIRED);
      return [
        {
          type: 'ScriptSaved',
          data: {
            scriptId: command.data.scriptId,
            title,
            content,
            version: current.versions.length + 1,
            comment: command.data.comment?.trim() || automaticSaveComment(command.metadata.at),
          },
        },
      ];
    }
    case 'RestoreVersion': {
      const current = requireOwnedActive(state, command.data.userId);
      const source = current.versions.find((v) => v.version === command.data.version);
      if (!source) throw new NotFoundError('Version not found');
      return [
        {
          type: 'ScriptRestored',
          data: {
            scriptId: command.data.scriptId,
            restoredFrom: source.version,
            // The title is the script's, not the version's: restoring brings back content only.
            title: current.title,
            content: source.content,
            version: current.versions.length + 1,
            comment: `Restored from version ${source.version}`,
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
      return [{ type: 'ScriptShared', data: { scriptId, shareId, fullHistory: fullHistory ?? false, sharedAtVersion: current.versions.length } }];
    }
    case 'RevokeScriptShare': {
      const current = requireOwnedActive(state, command.data.userId);
      if (!current.shareId) return [];
      return [{ type: 'ScriptShareRevoked', data: { scriptId: command.data.scriptId, shareId: current.shareId } }];
    }
    case 'DeleteScript': {
      requireOwnedActive(state, command.data.userId);
      return [{ type: 'ScriptDeleted', data: { scriptId: command.data.scriptId } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: ScriptState, event: ScriptEvent): ScriptState {
  switch (event.type) {
    case 'ScriptCreated': {
      const { ownerId, title, content, folderId } = event.data;
      return { status: 'active', ownerId, title, content, folderId, shareId: null, shareFullHistory: false, versions: [{ version: 1, title, content }] };
    }
    case 'ScriptSaved':
    case 'ScriptRestored': {
      if (state.status === 'absent') return state;
      const { title, content, version } = event.data;
      return { ...state, title, content, versions: [...state.versions, { version, title, content }] };
    }
    case 'ScriptMoved':
      return state.status === 'absent' ? state : { ...state, folderId: event.data.folderId };
    case 'ScriptShared':
      return state.status === 'absent' ? state : { ...state, shareId: event.data.shareId, shareFullHistory: event.data.fullHistory ?? false };
    case 'ScriptShareHistoryChanged':
      return state.status === 'absent' ? state : { ...state, shareFullHistory: event.data.fullHistory };
    case 'ScriptShareRevoked':
      return state.status === 'absent' ? state : { ...state, shareId: null, shareFullHistory: false };
    case 'ScriptDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted', shareId: null, shareFullHistory: false };
    default:
      return assertNever(event);
  }
}

export const initialState = (): ScriptState => ({ status: 'absent' });

export const scriptDecider: Decider<ScriptState, ScriptCommand, ScriptEvent> = { decide, evolve, initialState };
