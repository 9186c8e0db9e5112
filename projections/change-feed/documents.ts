/**
 * Collections of the change feed: what happened to each user's scripts and folders, recent entries only. Named anew
 * when entries moved from one document each to one document per user per batch: an existing install projects these
 * from the start of the log (nothing older than the age limit is written, so that is cheap) and leaves the
 * collections of the old layout (`changeFeed`, `changeFeedOwners`, `changeFeedMarks`) unused.
 */
export const CHANGE_FEED_COLLECTIONS = {
  /** entries, one document per user per projected batch (see ChangeChunkDoc) */
  chunks: 'changeFeedChunks',
  /** who owns each script and folder (script events other than the first do not name the owner) */
  owners: 'changeFeedChunkOwners',
  /** per user: how many entries the feed ever held and the newest position pruned (a client behind it must reload) */
  marks: 'changeFeedChunkMarks',
} as const;

/** The most entries kept per user, and for how long (whichever is reached first). */
export const CHANGE_FEED_MAX_ENTRIES = 1000;
export const CHANGE_FEED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Types a client receives (the SSE `event:` field). */
export type ChangeType =
  | 'script.created'
  | 'script.saved'
  | 'script.moved'
  | 'script.shared'
  | 'script.unshared'
  | 'script.deleted'
  /** the administrator opened the script (a private one: docs/security.md) */
  | 'script.read-by-admin'
  | 'folder.created'
  | 'folder.renamed'
  | 'folder.moved'
  | 'folder.visibility'
  | 'folder.shared'
  | 'folder.unshared'
  | 'folder.deleted';

/** One change as clients get it: keyed by the log position of its event (one entry per event, replay-safe). */
export interface ChangeEntryDoc {
  _id: string;
  userId: string;
  positionKey: string;
  /** this entry's number among the user's entries, 1, 2, 3... (the cap counts them) */
  seq: number;
  /** ISO time of the event */
  at: string;
  type: ChangeType;
  data: Record<string, unknown>;
  [key: string]: unknown;
}

/** One change as stored inside a chunk. */
export type ChangeEntry = Pick<ChangeEntryDoc, 'positionKey' | 'seq' | 'at' | 'type' | 'data'>;

/**
 * One user's entries from one projected batch, oldest first. A live save is a batch of its own (one entry); a catch-up
 * or a rebuild writes one document per user per batch instead of one per event. `_id` is the position of the first
 * entry the batch wrote for the user, so a replay of the batch rewrites the same document; pruning may drop entries
 * from its start (the `_id` stays: entries are never older than it). A user's chunks never overlap.
 */
export interface ChangeChunkDoc {
  _id: string;
  userId: string;
  /** position of the newest entry */
  lastKey: string;
  /** number of the oldest entry */
  firstSeq: number;
  /** time of the oldest entry (age pruning) */
  oldestAt: string;
  entries: ChangeEntry[];
  [key: string]: unknown;
}

/** The owner and last known place and name of a script or folder (`_id`: `script:<id>` or `folder:<id>`). */
export interface OwnerDoc {
  _id: string;
  ownerId: string;
  /** script title or folder name */
  name: string;
  /** script: its folder; folder: its parent */
  parentId: string | null;
  version: number;
  deleted: boolean;
  lastPosition: string;
  [key: string]: unknown;
}

/** Per user: how many entries the feed ever held (`seq`) and the newest position pruned. */
export interface MarkDoc {
  _id: string;
  seq: number;
  prunedThrough?: string;
  [key: string]: unknown;
}
