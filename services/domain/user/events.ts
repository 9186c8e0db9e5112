/** User aggregate events. Stream: `user-<userId>`. */
export type UserRegistered = {
  type: 'UserRegistered';
  data: { userId: string; username: string; passwordHash: string; email: string | null };
};
/** Sessions are recorded so that sign-out revokes a token on every gateway. */
export type UserSignedIn = { type: 'UserSignedIn'; data: { userId: string; sessionId: string; expiresAt: string } };
export type UserSignedOut = { type: 'UserSignedOut'; data: { userId: string; sessionId: string } };

/**
 * Script slots: every script a user creates takes a slot on the user's stream first, so the script quota holds even
 * when several creates race (the stream's expected revision serialises them). Deleting a script gives its slot back.
 */
export type ScriptSlotsReserved = { type: 'ScriptSlotsReserved'; data: { userId: string; count: number } };
export type ScriptSlotsReleased = { type: 'ScriptSlotsReleased'; data: { userId: string; count: number } };

/** A new password hash; the sessions it ends are recorded as `UserSignedOut` events next to it. */
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: { userId: string; passwordHash: string } };
/**
 * The account is gone: no sign-in, no session, no new script. Its scripts, folders and keys were deleted by their own
 * events first; the username stays claimed (see docs/decisions.md), and the account's data key is destroyed.
 */
export type AccountDeleted = { type: 'AccountDeleted'; data: { userId: string } };

export type UserEvent =
  | UserRegistered
  | UserSignedIn
  | UserSignedOut
  | ScriptSlotsReserved
  | ScriptSlotsReleased
  | UserPasswordChanged
  | AccountDeleted;

/**
 * Username uniqueness: one stream per lower-cased username, appended with "no stream expected".
 * The store's own concurrency check makes the claim atomic, on every adapter.
 */
export type UsernameClaimed = { type: 'UsernameClaimed'; data: { username: string; userId: string } };

export const userStream = (userId: string) => `user-${userId}`;
export const usernameStream = (username: string) => `username-${username.toLowerCase()}`;
