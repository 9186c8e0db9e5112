/** Script aggregate events. Stream: `script-<scriptId>`. Every version carries the full content. */
export type ScriptCreated = {
  type: 'ScriptCreated';
  /**
   * `extension`: the file extension the script keeps (`.lua`, `.luau`, `.json`; its file name is title + extension,
   * see file-name.ts). Absent in events recorded before it existed, and for scripts created without one.
   */
  data: { scriptId: string; ownerId: string; title: string; content: string; folderId: string | null; version: 1; comment: string; extension?: string };
};
export type ScriptSaved = {
  type: 'ScriptSaved';
  data: { scriptId: string; title: string; content: string; version: number; comment: string };
};
export type ScriptRestored = {
  type: 'ScriptRestored';
  data: { scriptId: string; restoredFrom: number; title: string; content: string; version: number; comment: string };
};
export type ScriptMoved = {
  type: 'ScriptMoved';
  data: { scriptId: string; fromFolderId: string | null; folderId: string | null };
};
/**
 * `sharedAtVersion`: the version current when the link was made; the link serves it and later versions only, unless
 * `fullHistory`. Events recorded before these fields existed mean "versions since sharing", the version being the
 * script's at that point of the log.
 */
export type ScriptShared = { type: 'ScriptShared'; data: { scriptId: string; shareId: string; fullHistory?: boolean; sharedAtVersion?: number } };
/** The owner changed what a live link exposes: every version (`fullHistory`) or versions since sharing. */
export type ScriptShareHistoryChanged = { type: 'ScriptShareHistoryChanged'; data: { scriptId: string; shareId: string; fullHistory: boolean } };
export type ScriptShareRevoked = { type: 'ScriptShareRevoked'; data: { scriptId: string; shareId: string } };
/** Recorded before trash existed: the script is gone for good, like `ScriptPurged` (never in the trash). */
export type ScriptDeleted = { type: 'ScriptDeleted'; data: { scriptId: string } };
/** Deleting moves the script to the trash. `withFolderId`: trashed along with that folder, and restored with it. */
export type ScriptTrashed = { type: 'ScriptTrashed'; data: { scriptId: string; withFolderId: string | null } };
export type ScriptRestoredFromTrash = { type: 'ScriptRestoredFromTrash'; data: { scriptId: string } };
/** Why a script left for good: the owner emptied it from the trash, TRASH_DAYS passed, or the account was deleted. */
export type PurgeReason = 'emptied' | 'expired' | 'account-deleted' | 'discarded';
export type ScriptPurged = { type: 'ScriptPurged'; data: { scriptId: string; reason: PurgeReason } };

export type ScriptEvent =
  | ScriptCreated
  | ScriptSaved
  | ScriptRestored
  | ScriptMoved
  | ScriptShared
  | ScriptShareHistoryChanged
  | ScriptShareRevoked
  | ScriptDeleted
  | ScriptTrashed
  | ScriptRestoredFromTrash
  | ScriptPurged;

/** Every type of the script aggregate's own stream, for readers that pick script events out of the log. */
export const SCRIPT_EVENT_TYPES: ReadonlySet<string> = new Set<ScriptEvent['type']>([
  'ScriptCreated',
  'ScriptSaved',
  'ScriptRestored',
  'ScriptMoved',
  'ScriptShared',
  'ScriptShareHistoryChanged',
  'ScriptShareRevoked',
  'ScriptDeleted',
  'ScriptTrashed',
  'ScriptRestoredFromTrash',
  'ScriptPurged',
]);

/**
 * How a shared script was viewed: `page` (a share page's JSON, opened by a person) or `raw` (a raw URL, fetched by a
 * game server or a tool). Events recorded before the split carry no kind: they count in the all-time total only.
 */
export type ViewKind = 'page' | 'raw';
export const VIEW_KINDS: readonly ViewKind[] = ['page', 'raw'];

/** Views are counted in batches in their own stream (`scriptviews-<scriptId>`), so a busy raw URL never contends with saves. */
export type ScriptViewsCounted = { type: 'ScriptViewsCounted'; data: { scriptId: string; count: number; kind?: ViewKind } };

/**
 * The administrator opened the script's content while it had no live share link (docs/security.md). In its own stream
 * (`scriptaccess-<scriptId>`), so a read never contends with the owner's saves; shown in the owner's Activity.
 */
export type ScriptReadByAdmin = { type: 'ScriptReadByAdmin'; data: { scriptId: string; version: number } };

export const scriptStream = (scriptId: string) => `script-${scriptId}`;
export const scriptAccessStream = (scriptId: string) => `scriptaccess-${scriptId}`;
export const scriptViewsStream = (scriptId: string) => `scriptviews-${scriptId}`;
