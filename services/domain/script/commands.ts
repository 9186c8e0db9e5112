import type { CommandMetadata } from '../shared/decider';
import type { PurgeReason } from './events';

/** `userId` is the user the command acts for; the decider checks it owns the script. `extension`: see ScriptCreated. */
export type CreateScript = {
  type: 'CreateScript';
  data: { scriptId: string; userId: string; title: string; content: string; folderId: string | null; comment?: string; extension?: string | null };
  metadata: CommandMetadata;
};
/**
 * `currentContent`: for a save without `content` (a title change), the script's current content as the caller read it;
 * the state keeps only its hash, and a stale read is refused rather than recorded.
 * `baseVersion`: the version the client's edit started from; a save based on an older one is refused (absent: no check).
 */
export type SaveScript = {
  type: 'SaveScript';
  data: { scriptId: string; userId: string; title?: string; content?: string; comment?: string; currentContent?: string; baseVersion?: number };
  metadata: CommandMetadata;
};
/**
 * `content`: the content of version `version` as the caller read it from the version timeline (null: not found there).
 * The decision state holds no old contents, so restoring never folds the whole stream.
 */
export type RestoreVersion = {
  type: 'RestoreVersion';
  data: { scriptId: string; userId: string; version: number; content: string | null };
  metadata: CommandMetadata;
};
export type MoveScript = {
  type: 'MoveScript';
  data: { scriptId: string; userId: string; folderId: string | null };
  metadata: CommandMetadata;
};
export type ShareScript = {
  type: 'ShareScript';
  /**
   * `shareId`: a fresh id proposed by the caller; ignored when the script is already shared.
   * `fullHistory`: whether the link serves versions saved before sharing; absent: false for a new link, unchanged for a live one.
   */
  data: { scriptId: string; userId: string; shareId: string; fullHistory?: boolean };
  metadata: CommandMetadata;
};
export type RevokeScriptShare = { type: 'RevokeScriptShare'; data: { scriptId: string; userId: string }; metadata: CommandMetadata };
/** Moves the script to the trash (its live link is revoked). `withFolderId`: as part of trashing that folder. */
export type TrashScript = { type: 'TrashScript'; data: { scriptId: string; userId: string; withFolderId?: string | null }; metadata: CommandMetadata };
export type RestoreScriptFromTrash = { type: 'RestoreScriptFromTrash'; data: { scriptId: string; userId: string }; metadata: CommandMetadata };
/**
 * Removes the script for good. Only from the trash, except for `account-deleted` and `discarded` (an upload rolled
 * back), which purge a live script directly.
 */
export type PurgeScript = { type: 'PurgeScript'; data: { scriptId: string; userId: string; reason: PurgeReason }; metadata: CommandMetadata };

export type ScriptCommand =
  | CreateScript
  | SaveScript
  | RestoreVersion
  | MoveScript
  | ShareScript
  | RevokeScriptShare
  | TrashScript
  | RestoreScriptFromTrash
  | PurgeScript;
