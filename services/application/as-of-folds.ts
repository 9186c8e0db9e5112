import type { RecordedEvent } from '../eventstore/event-store';
import type { FolderEvent } from '../domain/folder/events';
import type { ScriptEvent } from '../domain/script/events';
import { SCRIPT_EVENT_TYPES } from '../domain/script/events';
import { auditSummary } from '../../projections/version-timeline/audit-summary';
import type { AsOfFold, HistoryEntryAsOf } from './as-of-replay';

/** How scripts and folders are folded "as of" an instant (see `replayAsOf`): state, and audit entries. */

export interface ScriptStateAsOf {
  id: string;
  title: string;
  content: string;
  folderId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

export interface FolderStateAsOf {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

const entryOf = (recorded: RecordedEvent, summary: string): HistoryEntryAsOf => ({
  position: recorded.position.toString(),
  type: recorded.type,
  actorId: recorded.metadata.actorId,
  at: recorded.metadata.at,
  summary,
});

export const scriptAsOfFold: AsOfFold<ScriptStateAsOf> = {
  stateTypes: new Set<ScriptEvent['type']>([
    'ScriptCreated',
    'ScriptSaved',
    'ScriptRestored',
    'ScriptMoved',
    'ScriptDeleted',
    'ScriptTrashed',
    'ScriptPurged',
    'ScriptRestoredFromTrash',
  ]),
  // Only the aggregate's own events make the audit trail (a later schema's unknown type is skipped, not guessed).
  auditedTypes: SCRIPT_EVENT_TYPES,
  evolve(state, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ScriptEvent;
    const at = recorded.metadata.at;
    if (event.type === 'ScriptCreated') {
      const { scriptId, title, content, folderId } = event.data;
      return { id: scriptId, title, content, folderId, version: 1, createdAt: at, updatedAt: at, deleted: false };
    }
    if (!state) return null;
    switch (event.type) {
      case 'ScriptSaved':
      case 'ScriptRestored':
        return { ...state, title: event.data.title, content: event.data.content, version: event.data.version, updatedAt: at };
      case 'ScriptMoved':
        return { ...state, folderId: event.data.folderId, updatedAt: at };
      // In the trash or gone for good, it was not in the workspace then; restored from the trash, it was again.
      case 'ScriptDeleted':
      case 'ScriptTrashed':
      case 'ScriptPurged':
        return { ...state, deleted: true };
      case 'ScriptRestoredFromTrash':
        return { ...state, deleted: false };
      default:
        return state;
    }
  },
  entry: (recorded) => entryOf(recorded, auditSummary({ type: recorded.type, data: recorded.data } as ScriptEvent)),
};

/** A one-line, human description of a folder event for the workspace's activity. */
function folderSummary(event: FolderEvent): string {
  switch (event.type) {
    case 'FolderCreated':
      return `Created folder "${event.data.name}"`;
    case 'FolderRenamed':
      return `Renamed the folder to "${event.data.name}"`;
    case 'FolderMoved':
      return event.data.parentId ? 'Moved the folder into another folder' : 'Moved the folder to the root';
    case 'FolderVisibilityChanged':
      return event.data.isPublic ? 'Made the folder public' : 'Made the folder private';
    case 'FolderShared':
      return 'Generated a folder share link';
    case 'FolderShareRevoked':
      return 'Revoked the folder share link';
    case 'FolderDeleted':
      return 'Deleted the folder';
    case 'FolderTrashed':
      return 'Moved the folder to the trash';
    case 'FolderRestoredFromTrash':
      return 'Restored the folder from the trash';
    case 'FolderPurged':
      return 'Deleted the folder for good';
  }
}
const FOLDER_TYPES = new Set<FolderEvent['type']>([
  'FolderCreated',
  'FolderRenamed',
  'FolderMoved',
  'FolderVisibilityChanged',
  'FolderShared',
  'FolderShareRevoked',
  'FolderDeleted',
  'FolderTrashed',
  'FolderRestoredFromTrash',
  'FolderPurged',
]);

export const folderAsOfFold: AsOfFold<FolderStateAsOf> = {
  stateTypes: new Set<FolderEvent['type']>([
    'FolderCreated',
    'FolderRenamed',
    'FolderMoved',
    'FolderDeleted',
    'FolderTrashed',
    'FolderPurged',
    'FolderRestoredFromTrash',
  ]),
  auditedTypes: FOLDER_TYPES,
  evolve(state, recorded) {
    const event = { type: recorded.type, data: recorded.data } as FolderEvent;
    const at = recorded.metadata.at;
    if (event.type === 'FolderCreated') {
      const { folderId, name, parentId } = event.data;
      return { id: folderId, name, parentId, createdAt: at, updatedAt: at, deleted: false };
    }
    if (!state) return null;
    if (event.type === 'FolderRenamed') return { ...state, name: event.data.name, updatedAt: at };
    if (event.type === 'FolderMoved') return { ...state, parentId: event.data.parentId, updatedAt: at };
    if (event.type === 'FolderDeleted' || event.type === 'FolderTrashed' || event.type === 'FolderPurged') return { ...state, deleted: true };
    if (event.type === 'FolderRestoredFromTrash') return { ...state, deleted: false };
    return state;
  },
  entry: (recorded) => entryOf(recorded, folderSummary({ type: recorded.type, data: recorded.data } as FolderEvent)),
};
