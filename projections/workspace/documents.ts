/** Read-model documents of the workspace projection: what the owner's screens and the share links read. */

/** A script as lists read it: everything but the content. */
export interface ScriptSummaryDoc {
  _id: string;
  ownerId: string;
  title: string;
  /** the file extension kept from the upload or the editor's pick (file-name.ts); null or absent: from before, none */
  extension?: string | null;
  /** the first PREVIEW_CHARS characters of `content`, so lists never read whole scripts */
  preview: string;
  /** `content` in UTF-8 bytes */
  size: number;
  folderId: string | null;
  shareId: string | null;
  /** whether the live link serves versions saved before it was made (absent in documents projected before it existed) */
  shareFullHistory?: boolean;
  /** the version current when the live link was made; null when not shared */
  sharedAtVersion?: number | null;
  /** Documents projected before view totals had a read model of their own (script-views) still carry their count. */
  views?: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  lastPosition: string;
  [key: string]: unknown;
}

export interface ScriptDoc extends ScriptSummaryDoc {
  content: string;
}

/** A document with its all-time view total, read from the script-views read model (`withViewTotals`). */
export type WithViews<T> = T & { views: number };

export interface FolderDoc {
  _id: string;
  ownerId: string;
  name: string;
  parentId: string | null;
  isPublic: boolean;
  shareId: string | null;
  createdAt: string;
  updatedAt: string;
  lastPosition: string;
  [key: string]: unknown;
}

/** One per live share link of a script, keyed by share id: the raw URL's whole answer, ETag included. */
export interface SharedScriptDoc {
  _id: string;
  scriptId: string;
  ownerId: string;
  title: string;
  /** as in ScriptSummaryDoc */
  extension?: string | null;
  content: string;
  etag: string;
  version: number;
  /** `?version=N` serves N >= sharedAtVersion only, unless fullHistory */
  fullHistory: boolean;
  sharedAtVersion: number;
  /** as in ScriptSummaryDoc: only in documents projected before view totals had a read model of their own */
  views?: number;
  createdAt: string;
  updatedAt: string;
  lastPosition: string;
  [key: string]: unknown;
}

/** A share view without its content. */
export type SharedScriptHead = Pick<SharedScriptDoc, '_id' | 'scriptId' | 'ownerId' | 'title' | 'extension' | 'etag' | 'version' | 'fullHistory' | 'sharedAtVersion' | 'views' | 'createdAt' | 'updatedAt' | 'lastPosition'>;

/** One per live share link of a folder; the tree itself is read from `folders` and `scripts`. */
export interface SharedFolderDoc {
  _id: string;
  folderId: string;
  ownerId: string;
  lastPosition: string;
  [key: string]: unknown;
}

/**
 * A script or folder in the trash: its whole document as it was, plus when it was trashed. Kept apart from `scripts`
 * and `folders` so no workspace list, search or shared view can ever show it. `withFolderId`: trashed along with that
 * folder (not listed on its own; restored and purged with it); null for an entry the owner deleted itself.
 */
export type TrashDoc = (ScriptDoc & { kind: 'script' } | FolderDoc & { kind: 'folder' }) & { trashedAt: string; withFolderId: string | null };

export const WORKSPACE_COLLECTIONS = {
  scripts: 'scripts',
  folders: 'folders',
  sharedScripts: 'sharedScripts',
  sharedFolders: 'sharedFolders',
  trash: 'trash',
} as const;
