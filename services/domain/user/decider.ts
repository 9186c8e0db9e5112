import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, DomainError, UnauthorizedError, ValidationError } from '../shared/errors';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';

/**
 * What decisions need: sessions that can still be ended and the slots taken. Name and password hash are not needed
 * (sign-in reads the accounts read model), so they are not kept. Slots are a count, however many creates made them.
 */
export type UserState =
  | { status: 'absent' }
  | { status: 'registered'; activeSessions: string[]; scriptSlots: number }
  /** Deleted accounts decide nothing any more: no sign-in, no slot, no second deletion. */
  | { status: 'deleted' };

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;
export const USERNAME_TOO_SHORT = 'Username must be at least 3 characters';
export const USERNAME_TOO_LONG = `Username must be at most ${USERNAME_MAX} characters`;
export const USERNAME_INVALID = 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)';
/**
 * ASCII letters, digits, `_`, `.` and `-` only: no markup, control, zero-width, right-to-left or look-alike
 * characters, and lower-casing (the uniqueness key) is exact.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The first rule a new username breaks, or null. Applies at registration; existing accounts keep signing in. */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return USERNAME_TOO_SHORT;
  if (username.length > USERNAME_MAX) return USERNAME_TOO_LONG;
  if (!USERNAME_PATTERN.test(username)) return USERNAME_INVALID;
  return null;
}
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
/** Sessions one account keeps at most: signing in beyond ends the oldest. */
export const MAX_SESSIONS = 100;

export class QuotaExceededError extends DomainError {
  constructor(quota: number) {
    super(403, `Script limit reached: your account can hold at most ${quota} scripts. Delete a script and empty the trash to make room (scripts in the trash still count).`, { quota });
  }
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'absent') throw new ConflictError('User already exists');
      const username = command.data.username.trim();
      const problem = usernameProblem(username);
      if (problem) throw new ValidationError(problem, { field: 'username' });
      // Fields are picked, never spread: a caller's extra property (a plain-text password) must not reach the log.
      const { userId, passwordHash, email } = command.data;
      return [{ type: 'UserRegistered', data: { userId, username, passwordHash, email } }];
    }
    case 'StartSession': {
      if (state.status !== 'registered') throw new UnauthorizedError('Invalid username or password');
      const { userId, sessionId, expiresAt } = command.data;
      // Sessions that expire without a sign-out stay in the state: past the cap, the oldest ones end here, so the
      // state (and what a password change has to end) stays bounded however often the account signs in.
      const excess = state.activeSessions.length + 1 - MAX_SESSIONS;
      const oldest = excess > 0 ? state.activeSessions.slice(0, excess) : [];
      return [
        ...oldest.map((oldId): UserEvent => ({ type: 'UserSignedOut', data: { userId, sessionId: oldId } })),
        { type: 'UserSignedIn', data: { userId, sessionId, expiresAt } },
      ];
    }
    case 'EndSession': {
      if (state.status !== 'registered' || !state.activeSessions.includes(command.data.sessionId)) return [];
      return [{ type: 'UserSignedOut', data: { userId: command.data.userId, sessionId: command.data.sessionId } }];
    }
    case 'ReserveScriptSlots': {
      if (state.status !== 'registered') throw new UnauthorizedError();
      const { userId, count, quota } = command.data;
      if (quota !== null && state.scriptSlots + count > quota) throw new QuotaExceededError(quota);
      return [{ type: 'ScriptSlotsReserved', data: { userId, count } }];
    }
    case 'ReleaseScriptSlots': {
      if (state.status !== 'registered' || command.data.count <= 0) return [];
      // Never below zero: a release without a matching reservation (older data) is recorded as what it frees.
      const count = Math.min(command.data.count, state.scriptSlots);
      return count > 0 ? [{ type: 'ScriptSlotsReleased', data: { userId: command.data.userId, count } }] : [];
    }
    case 'ChangePassword': {
      if (state.status !== 'registered') throw new UnauthorizedError();
      const { userId, passwordHash, keepSessionId } = command.data;
      if (!passwordHash) throw new ValidationError('A password hash is required', { field: 'password' });
      return [{ type: 'UserPasswordChanged', data: { userId, passwordHash } }, ...endSessionsBut(userId, state.activeSessions, keepSessionId)];
    }
    case 'EndOtherSessions': {
      if (state.status !== 'registered') return [];
      return endSessionsBut(command.data.userId, state.activeSessions, command.data.keepSessionId);
    }
    case 'DeleteAccount': {
      if (state.status === 'deleted') return [];
      if (state.status !== 'registered') throw new UnauthorizedError();
      return [{ type: 'AccountDeleted', data: { userId: command.data.userId } }];
    }
    default:
      return assertNever(command);
  }
}

function endSessionsBut(userId: string, sessions: string[], keepSessionId: string): UserEvent[] {
  return sessions.filter((id) => id !== keepSessionId).map((sessionId) => ({ type: 'UserSignedOut', data: { userId, sessionId } }));
}

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', activeSessions: [], scriptSlots: 0 };
    case 'UserSignedIn':
      return state.status !== 'registered' ? state : { ...state, activeSessions: [...state.activeSessions, event.data.sessionId] };
    case 'UserSignedOut':
      return state.status !== 'registered'
        ? state
        : { ...state, activeSessions: state.activeSessions.filter((id) => id !== event.data.sessionId) };
    case 'ScriptSlotsReserved':
      return state.status !== 'registered' ? state : { ...state, scriptSlots: state.scriptSlots + event.data.count };
    case 'ScriptSlotsReleased':
      return state.status !== 'registered' ? state : { ...state, scriptSlots: Math.max(0, state.scriptSlots - event.data.count) };
    case 'UserPasswordChanged':
      return state;
    case 'AccountDeleted':
      return { status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const initialState = (): UserState => ({ status: 'absent' });

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { decide, evolve, initialState };
