/** A version as lists read it: everything but the content. */
export interface VersionSummaryDoc {
  _id: string; // `${scriptId}:${version}`
  scriptId: string;
  version: number;
  title: string;
  /** the content in UTF-8 bytes, so version lists never read contents */
  size: number;
  comment: string;
  createdAt: string;
  actorId: string;
  /** the event that made this version; with `position`, the version is also its own audit-trail entry */
  kind: 'ScriptCreated' | 'ScriptSaved' | 'ScriptRestored';
  restoredFrom: number | null;
  position: string;
  /** the script's owner, so a search of one's own versions reads one user's entries (absent before full-text search) */
  ownerId?: string;
  /** when the script went to the trash (its versions stay for a restore but leave search); null or absent when live */
  trashedAt?: string | null;
  /** lines added and removed since the version before (line-changes.ts); absent on versions projected before them */
  linesAdded?: number;
  linesRemoved?: number;
  /** the title of the version before, when this version changed it (a rename) */
  previousTitle?: string;
  /** whether the comment is the automatic one, which only states the save's date */
  automaticComment?: boolean;
  [key: string]: unknown;
}

/** One document per version of a script: the timeline the History dialog and pinned raw URLs read. */
export interface VersionDoc extends VersionSummaryDoc {
  content: string;
}

/**
 * One document per recorded script event that made no version (move, share, revoke, delete): the rest of the audit
 * trail. Versions are not repeated here; the history merges both, ordered by log position.
 */
export interface AuditEntryDoc {
  _id: string; // the event's position key: unique and ordered
  scriptId: string;
  type: string;
  actorId: string;
  at: string;
  summary: string;
  /** ScriptMoved: the folders, named when the trail is read (a folder's name may have changed since) */
  fromFolderId?: string | null;
  folderId?: string | null;
  [key: string]: unknown;
}

export const TIMELINE_COLLECTIONS = { versions: 'versions', auditLog: 'auditLog' } as const;

export const versionDocId = (scriptId: string, version: number) => `${scriptId}:${version}`;
