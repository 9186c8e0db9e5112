import type { Response } from 'express';
import type { RequestAuth } from './auth';

/** The account a request's held bytes count against (its session's or API key's owner); none before authentication. */
export function accountHolding(res: Pick<Response, 'locals'>): string | undefined {
  return (res.locals.auth as RequestAuth | undefined)?.actor.userId;
}
