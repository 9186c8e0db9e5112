import { Router, type Request, type Response } from 'express';
import { login, logout, register } from '../../application/accounts';
import type { SignInThrottle } from '../rate-limit/rate-limits';
import type { GatewayContext } from '../http-context';
import { actorOf, requireSession } from '../middleware/auth';
import { clearSessionCookie, sessionCookies, setSessionCookie } from '../middleware/session-cookie';
import { storageOf } from '../../application/storage';
import { LoginBody, Registration } from '../schemas';
import { parse } from '../validation';

export function sessionRoutes(ctx: GatewayContext, signIn: SignInThrottle): Router {
  const router = Router();
  const signedIn = requireSession(ctx, ctx.tokens);

  router.post('/register', async (req, res) => {
    const input = parse(Registration, req.body);
    const { user, session } = await register(ctx, input);
    setSessionCookie(req, res, ctx.config.publicOrigin, await ctx.tokens.issue({ userId: user.id, sessionId: session.sessionId }, new Date(session.expiresAt)), new Date(session.expiresAt));
    res.status(201).json(user);
  });

  router.post('/login', async (req, res) => {
    const credentials = parse(LoginBody, req.body);
    await signIn.attempt(req, res, credentials.username);
    const { user, session } = await login(ctx, credentials);
    await signIn.succeeded(req, credentials.username);
    setSessionCookie(req, res, ctx.config.publicOrigin, await ctx.tokens.issue({ userId: user.id, sessionId: session.sessionId }, new Date(session.expiresAt)), new Date(session.expiresAt));
    res.json(user);
  });

  // Signing out always succeeds for the caller; a live session is also revoked on the server. With several session
  // cookies (one tossed by another port of our host) each is ended and cleared: ending a session reads or writes no
  // data, and the one the user meant is among them (docs/decisions.md, "Session cookie names").
  router.post('/logout', async (req, res) => {
    const cookies = sessionCookies(req);
    for (const { value } of cookies) {
      const claims = value ? await ctx.tokens.verify(value) : null;
      if (claims) await logout(ctx, claims.userId, claims.sessionId);
    }
    clearSessionCookie(res, { everyPath: cookies.length > 1 });
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
