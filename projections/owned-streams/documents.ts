/**
 * Every script and folder a user ever created, deleted ones included: which streams time travel folds for a user.
 * The log has no per-user index beyond streams, and the workspace read models drop what is deleted.
 */
export interface OwnedStreamDoc {
  _id: string; // the stream name: `script-<id>` or `folder-<id>`
  ownerId: string;
  kind: 'script' | 'folder';
  entityId: string;
  /** when it was created (the creating event's `at`): streams created after an instant are never read for it */
  createdAt: string;
  lastPosition: string;
  /** purged for good: time travel leaves it out at every instant (a script: 404 "Script was purged"); absent: not purged */
  purgedAt?: string;
  [key: string]: unknown;
}

export const OWNED_STREAMS = 'ownedStreams';
