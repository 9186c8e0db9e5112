import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../shared/decider';
import { ConflictError, UnauthorizedError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { RegisterUser, UserCommand } from './commands';
import { MAX_SESSIONS, QuotaExceededError, USERNAME_INVALID, USERNAME_TOO_LONG, USERNAME_TOO_SHORT, userDecider } from './decider';
import type { UserEvent, UserRegistered } from './events';

const userId = 'u-1';
const meta: CommandMetadata = { actorId: userId, at: '2025-03-05T14:07:09.000Z' };
const HASH = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
const EXPIRES = '2025-03-12T14:07:09.000Z';

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId, username: 'alice', passwordHash: HASH, email: null },
};
const signedIn = (sessionId: string): UserEvent => ({ type: 'UserSignedIn', data: { userId, sessionId, expiresAt: EXPIRES } });
const signedOut = (sessionId: string): UserEvent => ({ type: 'UserSignedOut', data: { userId, sessionId } });

const register = (data: Partial<RegisterUser['data']> = {}): UserCommand => ({
  type: 'RegisterUser',
  data: { userId, username: 'alice', passwordHash: HASH, email: null, ...data },
  metadata: meta,
});
const startSession = (sessionId: string): UserCommand => ({
  type: 'StartSession',
  data: { userId, sessionId, expiresAt: EXPIRES },
  metadata: meta,
});
const endSession = (sessionId: string): UserCommand => ({ type: 'EndSession', data: { userId, sessionId }, metadata: meta });

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('records the registration with the hashed password and the optional email', () => {
      given(userDecider).when(register()).then([registered]);
      given(userDecider)
        .when(register({ email: 'alice@example.com' }))
        .then([{ ...registered, data: { ...registered.data, email: 'alice@example.com' } }]);
    });

    it('trims the username', () => {
      given(userDecider).when(register({ username: '  alice ' })).then([registered]);
    });

    it.each(['', 'ab', '  ab  ', '   '])("rejects a username shorter than 3 characters (%j) with the spec's message", (username) => {
      expect(USERNAME_TOO_SHORT).toBe('Username must be at least 3 characters');
      given(userDecider).when(register({ username })).thenThrows(ValidationError, USERNAME_TOO_SHORT);
    });

    it('accepts exactly 3 characters', () => {
      given(userDecider)
        .when(register({ username: 'bob' }))
        .then([{ ...registered, data: { ...registered.data, username: 'bob' } }]);
    });

    it('accepts 3 to 32 letters, digits, dots, dashes and underscores', () => {
      for (const username of ['A.b-c_9', 'x'.repeat(32), 'Zed', '...']) {
        given(userDecider)
          .when(register({ username }))
          .then([{ ...registered, data: { ...registered.data, username } }]);
      }
    });

    it('rejects a username longer than 32 characters', () => {
      given(userDecider).when(register({ username: 'x'.repeat(33) })).thenThrows(ValidationError, USERNAME_TOO_LONG);
    });

    it.each([
      ['markup', '<b>bob</b>'],
      ['a space', 'bob smith'],
      ['a NUL', 'bob\u0000x'],
      ['a zero-width space', 'bo\u200bb'],
      ['a right-to-left override', 'bob\u202Excod.exe'],
      ['a Cyrillic look-alike', 'b\u043eb'],
      ['an accented letter', 'jos\u00e9'],
      ['an at sign', 'bob@home'],
    ])('rejects a username with %s', (_what, username) => {
      given(userDecider).when(register({ username })).thenThrows(ValidationError, USERNAME_INVALID);
    });

    it('records only the event fields: an extra property on the command (a plain-text password) never reaches the log', () => {
      const data = { userId, username: 'alice', passwordHash: HASH, email: null, password: 'hunter22' };
      const command: RegisterUser = { type: 'RegisterUser', data, metadata: meta };
      given(userDecider).when(command).then([registered]);
    });

    it('refuses a second registration of the same user with a conflict', () => {
      given(userDecider, [registered]).when(register()).thenThrows(ConflictError, 'User already exists');
    });
  });

  describe('sessions', () => {
    it('a registered user starts a session', () => {
      given(userDecider, [registered]).when(startSession('sess-1')).then([signedIn('sess-1')]);
    });

    it('records only the session fields, whatever else the command carries', () => {
      const data = { userId, sessionId: 'sess-1', expiresAt: EXPIRES, token: 'eyJhbGciOi...' };
      const command: UserCommand = { type: 'StartSession', data, metadata: meta };
      given(userDecider, [registered]).when(command).then([signedIn('sess-1')]);
    });

    it('an unknown user cannot start a session', () => {
      given(userDecider).when(startSession('sess-1')).thenThrows(UnauthorizedError, 'Invalid username or password');
    });

    it('ends an active session', () => {
      given(userDecider, [registered, signedIn('sess-1')]).when(endSession('sess-1')).then([signedOut('sess-1')]);
    });

    it('ending an unknown or already ended session records nothing', () => {
      given(userDecider, [registered]).when(endSession('sess-x')).thenNothingHappens();
      given(userDecider, [registered, signedIn('sess-1')]).when(endSession('sess-x')).thenNothingHappens();
      given(userDecider, [registered, signedIn('sess-1'), signedOut('sess-1')]).when(endSession('sess-1')).thenNothingHappens();
    });

    it('ending a session of a user that does not exist records nothing', () => {
      given(userDecider).when(endSession('sess-1')).thenNothingHappens();
    });

    it(`keeps at most ${MAX_SESSIONS} sessions: signing in beyond ends the oldest`, () => {
      const sessions = Array.from({ length: MAX_SESSIONS }, (_, n) => signedIn(`sess-${n}`));
      const ids = (events: UserEvent[]) => events.map((e) => (e.data as { sessionId: string }).sessionId);
      given(userDecider, [registered, ...sessions]).when(startSession('sess-new')).then([signedOut('sess-0'), signedIn('sess-new')]);
      given(userDecider, [registered, ...sessions.slice(1)]).when(startSession('sess-new')).then([signedIn('sess-new')]);
      const state = given(userDecider, [registered, ...sessions, signedOut('sess-0'), signedIn('sess-new')]).state();
      expect(state).toMatchObject({ activeSessions: [...ids(sessions.slice(1)), 'sess-new'] });
    });

    it('several sessions live side by side; ending one keeps the others', () => {
      const state = given(userDecider, [registered, signedIn('sess-1'), signedIn('sess-2'), signedIn('sess-3'), signedOut('sess-2')]).state();
      expect(state).toEqual({ status: 'registered', activeSessions: ['sess-1', 'sess-3'], scriptSlots: 0 });
      given(userDecider, [registered, signedIn('sess-1'), signedIn('sess-2'), signedOut('sess-2')])
        .when(endSession('sess-1'))
        .then([signedOut('sess-1')]);
    });
  });

  describe('evolve', () => {
    it('starts absent and becomes registered with no sessions', () => {
      expect(given(userDecider).state()).toEqual({ status: 'absent' });
      // neither the name nor the password hash: no decision needs them, so the state does not carry them
      expect(given(userDecider, [registered]).state()).toEqual({ status: 'registered', activeSessions: [], scriptSlots: 0 });
    });

    it('session events for a user never registered leave it absent', () => {
      expect(given(userDecider, [signedIn('sess-1'), signedOut('sess-1')]).state()).toEqual({ status: 'absent' });
    });
  });

  describe('script slots (the quota)', () => {
    const reserve = (count: number, quota: number | null): UserCommand => ({ type: 'ReserveScriptSlots', data: { userId, count, quota }, metadata: meta });
    const release = (count: number): UserCommand => ({ type: 'ReleaseScriptSlots', data: { userId, count }, metadata: meta });
    const reserved = (count: number): UserEvent => ({ type: 'ScriptSlotsReserved', data: { userId, count } });
    const released = (count: number): UserEvent => ({ type: 'ScriptSlotsReleased', data: { userId, count } });

    it('reserves slots up to the quota, and refuses past it with 403', () => {
      given(userDecider, [registered, reserved(1)]).when(reserve(1, 2)).then([reserved(1)]);
      given(userDecider, [registered, reserved(2)]).when(reserve(1, 2)).thenThrows(QuotaExceededError);
      given(userDecider, [registered, reserved(1)]).when(reserve(2, 2)).thenThrows(QuotaExceededError);
    });

    it('a released slot can be taken again', () => {
      given(userDecider, [registered, reserved(2), released(1)]).when(reserve(1, 2)).then([reserved(1)]);
    });

    it('without a quota every reservation is recorded', () => {
      given(userDecider, [registered, reserved(500)]).when(reserve(10, null)).then([reserved(10)]);
    });

    it('never releases more than is reserved', () => {
      given(userDecider, [registered, reserved(1)]).when(release(3)).then([released(1)]);
      given(userDecider, [registered]).when(release(1)).thenNothingHappens();
    });

    it('an unknown user cannot reserve', () => {
      given(userDecider).when(reserve(1, null)).thenThrows(UnauthorizedError);
    });
  });

  describe('password, other sessions and deletion', () => {
    const NEW_HASH = 'scrypt$16384$8$1$bmV3$bmV3';
    const changePassword = (keepSessionId: string, passwordHash = NEW_HASH): UserCommand => ({
      type: 'ChangePassword',
      data: { userId, passwordHash, keepSessionId },
      metadata: meta,
    });
    const endOthers = (keepSessionId: string): UserCommand => ({ type: 'EndOtherSessions', data: { userId, keepSessionId }, metadata: meta });
    const deleteAccount: UserCommand = { type: 'DeleteAccount', data: { userId }, metadata: meta };
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId, passwordHash: NEW_HASH } };
    const accountDeleted: UserEvent = { type: 'AccountDeleted', data: { userId } };

    it('a new password ends every session but the one that changed it', () => {
      given(userDecider, [registered, signedIn('a'), signedIn('b'), signedIn('c'), signedOut('c')])
        .when(changePassword('b'))
        .then([changed, signedOut('a')]);
    });

    it('records only the hash, whatever else the command carries', () => {
      const data = { userId, passwordHash: NEW_HASH, keepSessionId: 'a', password: 'hunter22' };
      const command: UserCommand = { type: 'ChangePassword', data, metadata: meta };
      given(userDecider, [registered, signedIn('a')]).when(command).then([changed]);
    });

    it('refuses an empty hash and an unknown account', () => {
      given(userDecider, [registered]).when(changePassword('a', '')).thenThrows(ValidationError);
      given(userDecider).when(changePassword('a')).thenThrows(UnauthorizedError);
    });

    it('signing out the other sessions keeps the current one, and records nothing when there are none', () => {
      given(userDecider, [registered, signedIn('a'), signedIn('b'), signedIn('c')]).when(endOthers('c')).then([signedOut('a'), signedOut('b')]);
      given(userDecider, [registered, signedIn('a')]).when(endOthers('a')).thenNothingHappens();
    });

    it('deletes a registered account once; a second deletion records nothing; an unknown one is refused', () => {
      given(userDecider, [registered, signedIn('a')]).when(deleteAccount).then([accountDeleted]);
      given(userDecider, [registered, accountDeleted]).when(deleteAccount).thenNothingHappens();
      given(userDecider).when(deleteAccount).thenThrows(UnauthorizedError);
    });

    it('a deleted account cannot sign in, change its password, take script slots or register again', () => {
      const history = [registered, signedIn('a'), accountDeleted];
      expect(given(userDecider, history).state()).toEqual({ status: 'deleted' });
      given(userDecider, history).when(startSession('b')).thenThrows(UnauthorizedError, 'Invalid username or password');
      given(userDecider, history).when(changePassword('a')).thenThrows(UnauthorizedError);
      given(userDecider, history)
        .when({ type: 'ReserveScriptSlots', data: { userId, count: 1, quota: null }, metadata: meta })
        .thenThrows(UnauthorizedError);
      given(userDecider, history).when(register()).thenThrows(ConflictError);
      given(userDecider, history).when(endOthers('a')).thenNothingHappens();
    });
  });
});
