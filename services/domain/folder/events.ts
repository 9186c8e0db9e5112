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
export type FolderDeleted = { type: 'FolderDeleted'; data: { folderId: string } };

export type FolderEvent =
  | FolderCreated
  | FolderRenamed
  | FolderMoved
  | FolderVisibilityChanged
  | FolderShared
  | FolderShareRevoked
  | FolderDeleted;

export const folderStream = (folderId: string) => `folder-${folderId}`;
