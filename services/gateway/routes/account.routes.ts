import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { changePassword, deleteAccount, endOtherSessions, endOwnSession, listSessions } from '../../application/accounts';
import { PASSWORD_MIN, PASSWORD_TOO_SHORT } from '../../domain/user/decider';
import type { GatewayContext } from '../http-context';
import type { SignInThrottle } from '../rate-limit/rate-limits';
import { auth, clearSessionCookie } from '../middleware/auth';
import { pageRequest, sendPage } from '../pagination';
import { IdParam } from '../schemas';
import { parse } from '../validation';

const currentPassword = z.string({ error: 'Required' }).min(1, 'Required').max(200);
const ChangePasswordBody = z.object({
  currentPassword,
  newPassword: z.string({ error: 'Required' }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(200, 'Password must be at most 200 characters'),
});
const DeleteAccountBody = z.object({ password: currentPassword });

/** The session a request was made with: the account routes are session-only (an API key cannot manage the account). */
function sessionOf(res: Parameters<typeof auth>[0]): string {
  const sessionId = auth(res).sessionId;
  if (!sessionId) throw new Error('account routes are mounted behind requireSession');
  return sessionId;
}

/** `/api/account/...`, behind a session: password, sessions, deletion. */
export function accountRoutes(ctx: GatewayContext, signIn: SignInThrottle): Router {
  const router = Router();

  /**
   * A check of the account's password counts like a sign-in attempt for its username (same budget, same 429): a stolen
   * session cannot be used to guess the password faster than the sign-in form allows.
   */
  const withPasswordCheck = async (req: Request, res: Response, check: () => Promise<void>) => {
    const username = (res.locals.user as { username: string }).username;
    await signIn.attempt(req, res, username);
    await check();
    await signIn.succeeded(req, username);
  };

  router.post('/password', async (req, res) => {
    const body = parse(ChangePasswordBody, req.body);
    await withPasswordCheck(req, res, () => changePassword(ctx, auth(res).actor, sessionOf(res), body));
    res.status(204).end();
  });

  router.get('/sessions', async (req, res) => {
    const page = await listSessions(ctx, auth(res).actor, sessionOf(res), pageRequest('sessions', req.query));
    sendPage(req, res, 'sessions', page);
  });

  // Before `/:id`: "others" is not a session id.
  router.delete('/sessions/others', async (_req, res) => {
    await endOtherSessions(ctx, auth(res).actor, sessionOf(res));
    res.status(204).end();
  });

  router.delete('/sessions/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    await endOwnSession(ctx, auth(res).actor, id);
    if (id === sessionOf(res)) clearSessionCookie(res);
    res.status(204).end();
  });

  // POST, not DELETE: the password travels in a body, which DELETE requests may lose on the way.
  router.post('/delete', async (req, res) => {
    const { password } = parse(DeleteAccountBody, req.body);
    await withPasswordCheck(req, res, () => deleteAccount(ctx, auth(res).actor, password));
    clearSessionCookie(res);
    res.status(204).end();
  });

  return router;
}
