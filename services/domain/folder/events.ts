import type { PurgeReason } from '../script/events';

/** Folder aggregate events. Stream: `folder-<folderId>`. */
export type FolderCreated = {
  type: 'FolderCreated';
  data: { folderId: string; ownerId: string; name: string; parentId: string | null; isPublic: boolean };
};
export type FolderRenamed = { type: 'FolderRenamed'; data: { folderId: string; name: string } };
export type FolderMoved = { type: 'FolderMoved'; data: { folderId: string; fromParentId: string | null; parentId: string | null } };
export type FolderVisibilityChanged = { type: 'FolderVisibilityChanged'; data: { folderId: string; isPublic: boolean } };
export type FolderShared = { type: 'FolderShared'; data: { folderId: string; shareId: string } };
export type FolderShareRevoked = { type: 'FolderShareRevoked'; data: { folderId: string; shareId: string } };
/** Recorded before trash existed: the folder is gone for good, like `FolderPurged` (never in the trash). */
export type FolderDeleted = { type: 'FolderDeleted'; data: { folderId: string } };
/** Deleting moves the folder to the trash. `withFolderId`: a subfolder trashed along with that folder, restored with it. */
export type FolderTrashed = { type: 'FolderTrashed'; data: { folderId: string; withFolderId: string | null } };
export type FolderRestoredFromTrash = { type: 'FolderRestoredFromTrash'; data: { folderId: string } };
export type FolderPurged = { type: 'FolderPurged'; data: { folderId: string; reason: PurgeReason } };

export type FolderEvent =
  | FolderCreated
  | FolderRenamed
  | FolderMoved
  | FolderVisibilityChanged
  | FolderShared
  | FolderShareRevoked
  | FolderDeleted
  | FolderTrashed
  | FolderRestoredFromTrash
  | FolderPurged;

export const folderStream = (folderId: string) => `folder-${folderId}`;
