import { userDecider, PASSWORD_MIN, PASSWORD_TOO_SHORT, usernameProblem } from '../domain/user/decider';
import type { UserCommand } from '../domain/user/commands';
import { userStream, usernameStream } from '../domain/user/events';
import { apiKeyDecider } from '../domain/api-key/decider';
import type { ApiKeyCommand } from '../domain/api-key/commands';
import { apiKeyStream } from '../domain/api-key/events';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError, WrongExpectedRevisionError } from '../domain/shared/errors';
import { accountQueries } from '../../projections/accounts/queries';
import { workspaceQueries } from '../../projections/workspace/queries';
import type { PageAfter, PageRequest } from '../../projections/keyset-page';
import { purgeScript } from './scripts';
import { purgeLiveFolder } from './folders';
import { purgeAllTrashOf } from './trash';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../security/passwords';
import { generateApiKey, hashApiKey } from '../security/api-key-secrets';
import { handleCommand } from './command-handler';
import type { Actor, AppContext } from './context';
import { apiKeyView, userView } from './views';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USERNAME_TAKEN = 'Username already taken';

const SESSION_DAYS = 30;

function runUserCommand(ctx: AppContext, actorId: string, command: Omit<UserCommand, 'metadata'>, options?: { awaitReadModels?: boolean }) {
  return handleCommand(ctx, userDecider, userStream(command.data.userId), { ...command, metadata: { actorId, at: ctx.now() } } as UserCommand, options);
}

/** Takes `count` script slots on the user's stream; refused with 403 past SCRIPT_QUOTA, however many creates race. */
export async function reserveScriptSlots(ctx: AppContext, actor: Actor, count: number): Promise<void> {
  const quota = ctx.config.scriptQuota ?? null;
  // No read model shows slots, so nothing to wait for.
  await runUserCommand(ctx, actor.actorId, { type: 'ReserveScriptSlots', data: { userId: actor.userId, count, quota } }, { awaitReadModels: false });
}

export async function releaseScriptSlots(ctx: AppContext, actor: Actor, count: number): Promise<void> {
  if (count <= 0) return;
  await runUserCommand(ctx, actor.actorId, { type: 'ReleaseScriptSlots', data: { userId: actor.userId, count } }, { awaitReadModels: false });
}

async function startSession(ctx: AppContext, userId: string) {
  const sessionId = ctx.newId();
  const expiresAt = new Date(Date.parse(ctx.now()) + SESSION_DAYS * 86_400_000).toISOString();
  await runUserCommand(ctx, `user:${userId}`, { type: 'StartSession', data: { userId, sessionId, expiresAt } });
  return { sessionId, expiresAt };
}

export async function register(ctx: AppContext, input: { username: string; password: string; email: string | null }) {
  if (input.password.length < PASSWORD_MIN) throw new ValidationError(PASSWORD_TOO_SHORT, { field: 'password' });
  const username = input.username.trim();
  // Checked before the name is claimed: a refused name must not stay claimed.
  const problem = usernameProblem(username);
  if (problem) throw new ValidationError(problem, { field: 'username' });
  const userId = ctx.newId();
  const at = ctx.now();
  // Claim the name first: the store's "stream must not exist" check makes it unique on every adapter.
  try {
    await ctx.eventStore.appendToStream(
      usernameStream(username),
      [{ type: 'UsernameClaimed', data: { username, userId }, metadata: { actorId: `user:${userId}`, at, schemaVersion: 1 } }],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new ConflictError(USERNAME_TAKEN);
    throw error;
  }
  const passwordHash = await hashPassword(input.password);
  await runUserCommand(ctx, `user:${userId}`, { type: 'RegisterUser', data: { userId, username, passwordHash, email: input.email } });
  const session = await startSession(ctx, userId);
  return { user: await requireUser(ctx, userId), session };
}

export async function login(ctx: AppContext, input: { username: string; password: string }) {
  const user = await accountQueries(ctx.readStore).userByName(input.username);
  // Verify against a dummy hash for unknown names: same work, so timing reveals nothing.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
  const session = await startSession(ctx, user._id);
  return { user: userView(user), session };
}

export async function logout(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  await runUserCommand(ctx, `user:${userId}`, { type: 'EndSession', data: { userId, sessionId } });
}

export async function requireUser(ctx: AppContext, userId: string) {
  const user = await accountQueries(ctx.readStore).userById(userId);
  if (!user) throw new UnauthorizedError();
  return userView(user);
}

/** The session's user, or null when the session was revoked, expired or never existed. */
export async function userForSession(ctx: AppContext, userId: string, sessionId: string) {
  const queries = accountQueries(ctx.readStore);
  const session = await queries.session(sessionId);
  if (!session || session.userId !== userId || session.expiresAt <= ctx.now()) return null;
  const user = await queries.userById(userId);
  return user ? userView(user) : null;
}

/** Of these sessions, the ids of those still live (as userForSession decides, one query for all of them). */
export async function liveSessionIds(ctx: AppContext, sessions: { userId: string; sessionId: string }[]): Promise<Set<string>> {
  const now = ctx.now();
  const found = new Map((await accountQueries(ctx.readStore).sessionsByIds(sessions.map((s) => s.sessionId))).map((doc) => [doc._id, doc]));
  // a deleted account's sessions go with it (AccountDeleted), so a session found means its account is there
  const live = sessions.filter(({ userId, sessionId }) => {
    const doc = found.get(sessionId);
    return doc !== undefined && doc.userId === userId && doc.expiresAt > now;
  });
  return new Set(live.map((s) => s.sessionId));
}

function runApiKeyCommand(ctx: AppContext, actorId: string, command: Omit<ApiKeyCommand, 'metadata'>) {
  return handleCommand(ctx, apiKeyDecider, apiKeyStream(command.data.keyId), { ...command, metadata: { actorId, at: ctx.now() } } as ApiKeyCommand);
}

export async function createApiKey(ctx: AppContext, actor: Actor, name: string) {
  const keyId = ctx.newId();
  const { key, keyHash, keyPreview } = generateApiKey();
  await runApiKeyCommand(ctx, actor.actorId, { type: 'CreateApiKey', data: { keyId, userId: actor.userId, name, keyHash, keyPreview } });
  const created = await accountQueries(ctx.readStore).apiKeyOf(actor.userId, keyId);
  if (!created) throw new NotFoundError('API key not found');
  return { ...apiKeyView(created), key };
}

export async function deleteApiKey(ctx: AppContext, actor: Actor, keyId: string): Promise<void> {
  await runApiKeyCommand(ctx, actor.actorId, { type: 'DeleteApiKey', data: { keyId, userId: actor.userId } });
}

/** The key's owner, or null for an unknown or deleted key. */
export async function authenticateApiKey(ctx: AppContext, key: string) {
  const doc = await accountQueries(ctx.readStore).apiKeyByHash(hashApiKey(key));
  return doc ? { keyId: doc._id, userId: doc.ownerId, lastUsed: doc.lastUsed } : null;
}

export async function recordApiKeyUse(ctx: AppContext, keyId: string): Promise<void> {
  await runApiKeyCommand(ctx, `apikey:${keyId}`, { type: 'RecordApiKeyUse', data: { keyId } });
}

export const WRONG_PASSWORD = 'Current password is incorrect';
export const SESSION_NOT_FOUND = 'Session not found';

/** The account's stored password hash checked against `password`; 403 (not 401: the session itself is fine) when wrong. */
async function requirePassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const user = await accountQueries(ctx.readStore).userById(userId);
  if (!user) throw new UnauthorizedError();
  if (!(await verifyPassword(password, user.passwordHash))) throw new ForbiddenError(WRONG_PASSWORD);
}

/** A new password; every other session of the account ends with it, the caller's own stays. */
export async function changePassword(ctx: AppContext, actor: Actor, sessionId: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  if (input.newPassword.length < PASSWORD_MIN) throw new ValidationError(PASSWORD_TOO_SHORT, { field: 'newPassword' });
  await requirePassword(ctx, actor.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await runUserCommand(ctx, actor.actorId, { type: 'ChangePassword', data: { userId: actor.userId, passwordHash, keepSessionId: sessionId } });
}

/** One page of the account's live sessions, newest first, the caller's own marked. */
export async function listSessions(ctx: AppContext, actor: Actor, currentSessionId: string, page: PageRequest) {
  const result = await accountQueries(ctx.readStore).sessionsPageOf(actor.userId, page);
  const now = ctx.now();
  return {
    items: result.items
      .filter((s) => s.expiresAt > now)
      .map((s) => ({ id: s._id, createdAt: s.createdAt ?? null, expiresAt: s.expiresAt, current: s._id === currentSessionId })),
    next: result.next,
  };
}

/** Signs out one of the account's sessions (404 for a session of nobody or of someone else). */
export async function endOwnSession(ctx: AppContext, actor: Actor, sessionId: string): Promise<void> {
  const session = await accountQueries(ctx.readStore).session(sessionId);
  if (!session || session.userId !== actor.userId) throw new NotFoundError(SESSION_NOT_FOUND);
  await runUserCommand(ctx, actor.actorId, { type: 'EndSession', data: { userId: actor.userId, sessionId } });
}

export async function endOtherSessions(ctx: AppContext, actor: Actor, currentSessionId: string): Promise<void> {
  await runUserCommand(ctx, actor.actorId, { type: 'EndOtherSessions', data: { userId: actor.userId, keepSessionId: currentSessionId } });
}

/**
 * Deletes the account after checking its password: every script (their share links go with them), every folder
 * (folder links too) and every API key, by their own events so each read model removes them as it always does; then
 * the account's data key is destroyed (its sealed content in the log becomes unreadable) and the account is closed.
 * Whatever a racing request created meanwhile is swept once more after the account is closed.
 */
export async function deleteAccount(ctx: AppContext, actor: Actor, password: string): Promise<void> {
  await requirePassword(ctx, actor.userId, password);
  await deleteEverythingOf(ctx, actor);
  await ctx.shredder?.destroyKey(actor.userId);
  await runUserCommand(ctx, actor.actorId, { type: 'DeleteAccount', data: { userId: actor.userId } });
  await deleteEverythingOf(ctx, actor);
}

/** Purges, never trashes: nothing of a deleted account waits in a trash. */
async function deleteEverythingOf(ctx: AppContext, actor: Actor): Promise<void> {
  const workspace = workspaceQueries(ctx.readStore);
  const { userId } = actor;
  for (;;) {
    const page = await workspace.scriptsPageOf(userId, undefined, { limit: 200 });
    if (page.items.length === 0) break;
    for (const script of page.items) await purgeScript(ctx, actor, script._id, 'account-deleted').catch(ignoreNotFound);
  }
  // Every folder, whether or not its parent is still there (a concurrent move), one subtree at a time.
  for (;;) {
    const page = await workspace.foldersPageOf(userId, undefined, { limit: 200 });
    if (page.items.length === 0) break;
    for (const folder of page.items) await purgeLiveFolder(ctx, actor, folder._id, 'account-deleted').catch(ignoreNotFound);
  }
  await purgeAllTrashOf(ctx, actor);
  // Page by page (an account may hold any number of keys), continuing after the last key seen.
  const accounts = accountQueries(ctx.readStore);
  for (let after: PageAfter | undefined; ; ) {
    const page = await accounts.apiKeysPageOf(userId, { limit: 200, ...(after ? { after } : {}) });
    for (const key of page.items) await deleteApiKey(ctx, actor, key._id).catch(ignoreNotFound);
    if (!page.next) break;
    after = page.next;
  }
}

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof NotFoundError)) throw error;
}
