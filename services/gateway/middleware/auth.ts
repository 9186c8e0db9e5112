import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { UnauthorizedError } from '../../domain/shared/errors';
import type { Actor, AppContext } from '../../application/context';
import { authenticateApiKey, recordApiKeyUse, userForSession } from '../../application/accounts';
import type { SessionClaims, SessionTokens } from '../../security/session-tokens';
import { safeEqual } from '../../security/secrets';
import { clearSessionCookie, mentionsSessionCookie, sessionCookies } from './session-cookie';

export interface RequestAuth {
  actor: Actor;
  sessionId?: string;
}

export { clearSessionCookie } from './session-cookie';

export function auth(res: Response): RequestAuth {
  const value = res.locals.auth as RequestAuth | undefined;
  if (!value) throw new UnauthorizedError();
  return value;
}

export const actorOf = (res: Response): Actor => auth(res).actor;

/** Set by requireSession and requireApiKey: whether the credential the request was authenticated with still is live. */
type Recheck = () => Promise<boolean>;
const RECHECK = 'recheckCredential';
const STALE_SESSION = 'Not authenticated - the session ended while the request was being sent';
const STALE_API_KEY = 'Invalid API key - it was deleted while the request was being sent';
export const SEVERAL_SESSION_COOKIES = 'Not authenticated - the request carried more than one session cookie (all are now cleared): sign in again';

/**
 * Authentication runs once the headers are in, but a body may take up to REQUEST_TIMEOUT_MS to follow (one byte at
 * a time, each within the idle timeout). The body readers (json-body.ts, uploads/multipart.ts) call this once the body
 * has arrived and before anything runs: a session signed out or ended by a password change, a deleted key or a
 * deleted account meanwhile answers 401, and the command never runs. A request with no credential passes (none to check).
 */
export async function confirmCredentialStillLive(res: Response): Promise<void> {
  const recheck = res.locals[RECHECK] as Recheck | undefined;
  if (recheck && !(await recheck())) throw new UnauthorizedError(res.locals.auth?.sessionId ? STALE_SESSION : STALE_API_KEY);
}

/** The authenticated account (a session's or an API key's owner), if any yet: what limits and budgets count against. */
export const userIdOf = (res: Pick<Response, 'locals'>): string | undefined => (res.locals.auth as RequestAuth | undefined)?.actor.userId;

/** Browser routes: a signed session cookie whose session is still live in the read model (logout revokes it everywhere). */
export function requireSession(ctx: AppContext, tokens: SessionTokens): RequestHandler {
  // A token's signature is checked once a minute, not per request (HMAC through WebCrypto was a sixth of a save's CPU).
  // Only the signature is remembered: revocation and expiry are checked on every request against the sessions model.
  const verified = new LRUCache<string, SessionClaims>({ max: 10_000, ttl: 60_000 });
  return async (req, res, next) => {
    const cookies = sessionCookies(req);
    if (cookies.length > 1) {
      // Which one is the user's? A page on another port of our host can add its own: act on none (cookie tossing).
      clearSessionCookie(res, { everyPath: true });
      next(new UnauthorizedError(SEVERAL_SESSION_COOKIES));
      return;
    }
    const token = cookies[0]?.value ?? undefined;
    let claims = token ? (verified.get(token) ?? null) : null;
    if (token && !claims) {
      claims = await tokens.verify(token);
      if (claims) verified.set(token, claims);
    }
    const user = claims ? await userForSession(ctx, claims.userId, claims.sessionId) : null;
    if (!claims || !user) {
      // A cookie that does not authenticate (malformed, forged, expired or signed out) is cleared, so the browser stops sending it.
      if (cookies.length > 0 || mentionsSessionCookie(req)) clearSessionCookie(res);
      next(new UnauthorizedError('Not authenticated'));
      return;
    }
    res.locals.auth = { actor: { userId: user.id, actorId: `user:${user.id}` }, sessionId: claims.sessionId } satisfies RequestAuth;
    res.locals.user = user;
    const { userId, sessionId } = claims;
    res.locals[RECHECK] = (async () => {
      if (await userForSession(ctx, userId, sessionId)) return true;
      clearSessionCookie(res);
      return false;
    }) satisfies Recheck;
    next();
  };
}

const USE_RECORD_INTERVAL_MS = 60_000;
const RECENT_KEYS_REMEMBERED = 10_000;

/** `/api/v1`: `X-API-Key` of a live key. `lastUsed` is recorded at most once a minute per key, off the request path. */
export function requireApiKey(ctx: AppContext, log: (message: string, error: unknown) => void): RequestHandler {
  // Bounded: a process serving keys for years would otherwise remember every key it ever saw. A key pushed out
  // early is only recorded again sooner than once a minute.
  const lastRecorded = new LRUCache<string, number>({ max: RECENT_KEYS_REMEMBERED });
  return async (req, res, next) => {
    const key = req.get('x-api-key');
    const found = key ? await authenticateApiKey(ctx, key) : null;
    if (!key || !found) {
      next(new UnauthorizedError(key ? 'Invalid API key' : 'Missing X-API-Key header'));
      return;
    }
    const now = Date.now();
    const recentlyRecorded = (lastRecorded.get(found.keyId) ?? 0) > now - USE_RECORD_INTERVAL_MS;
    const recentlyUsed = found.lastUsed !== null && Date.parse(found.lastUsed) > now - USE_RECORD_INTERVAL_MS;
    if (!recentlyRecorded && !recentlyUsed) {
      lastRecorded.set(found.keyId, now);
      recordApiKeyUse(ctx, found.keyId).catch((error) => log('recording API key use failed', error));
    }
    res.locals.auth = { actor: { userId: found.userId, actorId: `apikey:${found.keyId}` } } satisfies RequestAuth;
    res.locals[RECHECK] = (async () => (await authenticateApiKey(ctx, key))?.keyId === found.keyId) satisfies Recheck;
    next();
  };
}

/** `/admin-api`: the admin key from configuration (never in the client), compared in constant time. */
export function requireAdminKey(adminKey: string): RequestHandler {
  return (req, _res, next) => {
    const given = req.get('x-api-key');
    if (!given || !safeEqual(given, adminKey)) next(new UnauthorizedError('Invalid access key'));
    else next();
  };
}
