import type { CommandMetadata } from '../shared/decider';
import type { PurgeReason } from '../script/events';

export type CreateFolder = {
  type: 'CreateFolder';
  data: { folderId: string; userId: string; name: string; parentId: string | null; isPublic: boolean };
  metadata: CommandMetadata;
};
/** Every field optional: only what changed becomes an event. Cycle checks on `parentId` are the caller's (they need the tree). */
export type UpdateFolder = {
  type: 'UpdateFolder';
  data: { folderId: string; userId: string; name?: string; parentId?: string | null; isPublic?: boolean };
  metadata: CommandMetadata;
};
export type ShareFolder = { type: 'ShareFolder'; data: { folderId: string; userId: string; shareId: string }; metadata: CommandMetadata };
export type RevokeFolderShare = { type: 'RevokeFolderShare'; data: { folderId: string; userId: string }; metadata: CommandMetadata };
/** Moves the folder to the trash (its live link is revoked). `withFolderId`: as part of trashing that ancestor. */
export type TrashFolder = { type: 'TrashFolder'; data: { folderId: string; userId: string; withFolderId?: string | null }; metadata: CommandMetadata };
export type RestoreFolderFromTrash = { type: 'RestoreFolderFromTrash'; data: { folderId: string; userId: string }; metadata: CommandMetadata };
/** Removes the folder for good: from the trash, or directly for `account-deleted` and `discarded`. */
export type PurgeFolder = { type: 'PurgeFolder'; data: { folderId: string; userId: string; reason: PurgeReason }; metadata: CommandMetadata };

export type FolderCommand = CreateFolder | UpdateFolder | ShareFolder | RevokeFolderShare | TrashFolder | RestoreFolderFromTrash | PurgeFolder;
