import type { CommandMetadata } from '../shared/decider';

export type RegisterUser = {
  type: 'RegisterUser';
  /** The password arrives hashed: hashing is slow I/O-like work done before deciding. */
  data: { userId: string; username: string; passwordHash: string; email: string | null };
  metadata: CommandMetadata;
};
export type StartSession = { type: 'StartSession'; data: { userId: string; sessionId: string; expiresAt: string }; metadata: CommandMetadata };
export type EndSession = { type: 'EndSession'; data: { userId: string; sessionId: string }; metadata: CommandMetadata };

/** `quota`: most scripts the user may hold (null: unlimited), from configuration. */
export type ReserveScriptSlots = { type: 'ReserveScriptSlots'; data: { userId: string; count: number; quota: number | null }; metadata: CommandMetadata };
export type ReleaseScriptSlots = { type: 'ReleaseScriptSlots'; data: { userId: string; count: number }; metadata: CommandMetadata };

/** The current password was verified by the caller; every session but `keepSessionId` ends. */
export type ChangePassword = {
  type: 'ChangePassword';
  data: { userId: string; passwordHash: string; keepSessionId: string };
  metadata: CommandMetadata;
};
export type EndOtherSessions = { type: 'EndOtherSessions'; data: { userId: string; keepSessionId: string }; metadata: CommandMetadata };
/** The password was verified by the caller; the account's scripts, folders and keys were deleted before. */
export type DeleteAccount = { type: 'DeleteAccount'; data: { userId: string }; metadata: CommandMetadata };

export type UserCommand =
  | RegisterUser
  | StartSession
  | EndSession
  | ReserveScriptSlots
  | ReleaseScriptSlots
  | ChangePassword
  | EndOtherSessions
  | DeleteAccount;
