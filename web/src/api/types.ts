/** Shapes of docs/api.md, as the web app reads them. IDs are opaque strings; a version's id is its number. */
/** How a script is edited and served: Lua or Luau code, or one of Rojo's JSON files (plain text, no loadstring). */
export type ScriptLanguage = 'lua' | 'luau' | 'json';
/**
 * `extension`: what the script keeps from its upload or the editor's pick (`.luau`), null for one from before;
 * `fileName`: the name a pull writes (title + extension), shown in lists.
 */
export type ScriptFile = { extension: string | null; fileName: string; language: ScriptLanguage };
export type Script = ScriptFile & {
  id: string;
  title: string;
  content: string;
  folderId: string | null;
  shareId: string | null;
  /** whether the share link serves versions saved before it was made */
  shareFullHistory?: boolean;
  /** the version current when the share link was made; null when not shared */
  sharedAtVersion?: number | null;
  views: number;
  version: number;
  createdAt: string;
  updatedAt: string;
};
export type ShareResult = { shareId: string; fullHistory: boolean; sharedAtVersion: number };
/** GET /api/user `storage`: all versions of the account's scripts, in UTF-8 bytes; quotaBytes null = unlimited. */
export type StorageUse = { usedBytes: number; quotaBytes: number | null };
/** A script in a list: the first 300 characters (`preview`) and the size in bytes instead of the content. */
export type ScriptSummary = Omit<Script, 'content'> & { preview: string; size: number };
export type ScriptVersion = { id: number | string; version: number; comment: string | null; createdAt: string; content: string };
/** A version in a list: who saved it and its size, no content (fetch the version for it). */
export type VersionSummary = Omit<ScriptVersion, 'content'> & {
  authorId: string;
  authorName: string;
  size: number;
  /** lines added and removed since the version before; absent on versions recorded before they were counted */
  linesAdded?: number;
  linesRemoved?: number;
  /** the comment is the automatic one, which only states the date the list shows anyway */
  automaticComment?: boolean;
};
export type Folder = {
  id: string;
  name: string;
  parentId: string | null;
  isPublic: boolean;
  shareId: string | null;
  createdAt: string;
  updatedAt: string;
  /** in folder lists: scripts and subfolders directly inside */
  scriptCount?: number;
  folderCount?: number;
};
export type FolderPathItem = { id: string; name: string };
/** Search results carry their folder path, root-first (empty at the root). */
export type ScriptSearchResult = ScriptSummary & { path: FolderPathItem[] };
export type FolderSearchResult = Folder & { path: FolderPathItem[] };
/** A line of a content match: 1-based `line`, `text` cut to 300 characters, `highlights` as [start, end) UTF-16 offsets. */
export type ContentMatchLine = { line: number; text: string; highlights: [number, number][] };
/** `GET /api/search?type=content`: one item per matching version of a script (`current` false: an older version). */
export type ContentSearchResult = {
  scriptId: string;
  title: string;
  folderId: string | null;
  path: FolderPathItem[];
  version: number;
  current: boolean;
  titleMatch: boolean;
  lines: ContentMatchLine[];
};
export type ScriptOrder = 'updated' | 'title' | 'size';
export type AuditEntry = { position: string | number; type: string; actorId: string | null; actorName: string | null; at: string; summary: string };
export type UploadResult = { folderId: string; foldersCreated: number; scriptsCreated: number };
export type MultiUploadResult = { scriptsCreated: number; scripts: ScriptSummary[] };
export type SharedScript = Partial<ScriptFile> & { title: string; content: string; createdAt?: string; updatedAt: string; views?: number; version?: number };
/** a script opened through its folder's link; `path`: folder names from the shared folder down to the script's */
export type FolderSharedScript = SharedScript & { path: string[] };
/** `id`: opens the script through the folder's link only (no script share id: it would outlive the folder link) */
export type SharedFolderScript = { id: string; title: string; fileName?: string; updatedAt: string };
export type SharedFolderContents = { scripts: SharedFolderScript[]; subfolders: { name: string; contents: SharedFolderContents }[] };
export type SharedFolder = {
  folder: { name: string; updatedAt: string };
  contents?: SharedFolderContents;
  scripts?: SharedFolderScript[];
  /** the tree was larger than one answer lists: only its first entries are shown */
  truncated?: boolean;
};
export type AppConfig = { scriptQuota: number | null; maxUploadBytes: number };
/** Views of one script per UTC day (GET /api/scripts/{id}/views): 90 days, oldest first, zero-filled. */
export type ViewsByDay = {
  days: { date: string; pageViews: number; rawFetches: number }[];
  totals: { pageViews: number; rawFetches: number };
};
