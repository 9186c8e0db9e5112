export interface UserDoc {
  _id: string;
  username: string;
  /** lower-cased, for case-insensitive sign-in */
  usernameKey: string;
  email: string | null;
  passwordHash: string;
  createdAt: string;
  [key: string]: unknown;
}

/** A live session; sign-out deletes it, so a revoked token is refused on every gateway. */
export interface SessionDoc {
  _id: string;
  userId: string;
  expiresAt: string;
  /** sign-in time; absent on sessions projected before it was recorded */
  createdAt?: string;
  [key: string]: unknown;
}

export interface ApiKeyDoc {
  _id: string;
  ownerId: string;
  name: string;
  keyHash: string;
  keyPreview: string;
  createdAt: string;
  lastUsed: string | null;
  [key: string]: unknown;
}

/**
 * Storage an account uses: the UTF-8 bytes of every version of its live scripts (a deleted script's versions stop
 * counting). Guarded by `lastPosition` like every projected document.
 */
export interface StorageDoc {
  _id: string;
  usedBytes: number;
  lastPosition: string;
  [key: string]: unknown;
}

/** Bytes of one live script's versions and its owner: what a deletion gives back, and whom save events charge. */
export interface ScriptSizeDoc {
  _id: string;
  ownerId: string;
  bytes: number;
  lastPosition: string;
  [key: string]: unknown;
}

export const ACCOUNT_COLLECTIONS = {
  users: 'users',
  sessions: 'sessions',
  apiKeys: 'apiKeys',
  storage: 'storage',
  scriptSizes: 'scriptSizes',
} as const;
