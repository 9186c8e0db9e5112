import { Router, type Request, type Response } from 'express';
import { login, logout, register } from '../../application/accounts';
import type { SignInThrottle } from '../rate-limit/rate-limits';
import { SESSION_COOKIE } from '../../security/session-tokens';
import type { GatewayContext } from '../http-context';
import { actorOf, readCookie, requireSession } from '../middleware/auth';
import { storageOf } from '../../application/storage';
import { LoginBody, Registration } from '../schemas';
import { parse } from '../validation';

function setSessionCookie(ctx: GatewayContext, req: Request, res: Response, token: string, expiresAt: string) {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure || ctx.config.publicOrigin?.startsWith('https:') === true,
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function sessionRoutes(ctx: GatewayContext, signIn: SignInThrottle): Router {
  const router = Router();
  const signedIn = requireSession(ctx, ctx.tokens);

  router.post('/register', async (req, res) => {
    const input = parse(Registration, req.body);
    const { user, session } = await register(ctx, input);
    setSessionCookie(ctx, req, res, await ctx.tokens.issue({ userId: user.id, sessionId: session.sessionId }, new Date(session.expiresAt)), session.expiresAt);
    res.status(201).json(user);
  });

  router.post('/login', async (req, res) => {
    const credentials = parse(LoginBody, req.body);
    await signIn.attempt(req, res, credentials.username);
    const { user, session } = await login(ctx, credentials);
    await signIn.succeeded(req, credentials.username);
    setSessionCookie(ctx, req, res, await ctx.tokens.issue({ userId: user.id, sessionId: session.sessionId }, new Date(session.expiresAt)), session.expiresAt);
    res.json(user);
  });

  // Signing out always succeeds for the caller; a live session is also revoked on the server.
  router.post('/logout', async (req, res) => {
    const token = readCookie(req, SESSION_COOKIE);
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (claims) await logout(ctx, claims.userId, claims.sessionId);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.status(204).end();
  });

  router.get('/user', signedIn, async (_req, res) => {
    res.json({ ...res.locals.user, storage: await storageOf(ctx, actorOf(res).userId) });
  });

  router.get('/config', (_req, res) => {
    res.json({ scriptQuota: ctx.config.scriptQuota ?? null, maxUploadBytes: 5 * 1024 * 1024, trashDays: ctx.config.trashDays });
  });

  return router;
}
