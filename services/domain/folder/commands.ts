import type { CommandMetadata } from '../shared/decider';

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
export type DeleteFolder = { type: 'DeleteFolder'; data: { folderId: string; userId: string }; metadata: CommandMetadata };

export type FolderCommand = CreateFolder | UpdateFolder | ShareFolder | RevokeFolderShare | DeleteFolder;
