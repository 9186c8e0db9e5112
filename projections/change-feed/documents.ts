/** Collections of the change feed: what happened to each user's scripts and folders, recent entries only. */
export const CHANGE_FEED_COLLECTIONS = {
  entries: 'changeFeed',
  /** who owns each script and folder (script events other than the first do not name the owner) */
  owners: 'changeFeedOwners',
  /** per user: the newest position pruned from the feed (a client behind it must reload) */
  marks: 'changeFeedMarks',
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
  | 'folder.created'
  | 'folder.renamed'
  | 'folder.moved'
  | 'folder.visibility'
  | 'folder.shared'
  | 'folder.unshared'
  | 'folder.deleted';

/** One change, keyed by the log position of its event (`_id` = `positionKey`: one entry per event, replay-safe). */
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
