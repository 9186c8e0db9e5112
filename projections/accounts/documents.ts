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

export const ACCOUNT_COLLECTIONS = { users: 'users', sessions: 'sessions', apiKeys: 'apiKeys' } as const;
