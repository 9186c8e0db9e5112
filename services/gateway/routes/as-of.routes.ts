import { Router } from 'express';
import { z } from 'zod';
import { AS_OF_PAGE_MAX, scriptAsOf, workspaceAsOf } from '../../application/time-travel';
import { actorName } from '../../application/views';
import { accountQueries } from '../../../projections/accounts/queries';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { IdParam } from '../schemas';
import { parse } from '../validation';

const INVALID_AT = 'at must be an ISO-8601 date and time, e.g. 2026-11-23T18:00:00Z';

/** Whether the value's date exists: `Date.parse` rolls 2026-02-31 over to March 3 instead of refusing it. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An instant, normalised to the form the log's metadata uses (`toISOString`), so instants compare as strings. */
const at = z
  .string({ error: INVALID_AT })
  .max(40, INVALID_AT)
  .regex(/^\d{4}-\d{2}-\d{2}T/, INVALID_AT)
  .transform((value, check) => {
    const time = Date.parse(value);
    if (Number.isNaN(time) || !isCalendarDate(value)) {
      check.addIssue({ code: 'custom', message: INVALID_AT });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const WorkspaceAsOfQuery = z.object({
  at,
  limit: z.coerce.number({ error: 'Invalid limit' }).int('Invalid limit').min(1, 'Invalid limit').max(AS_OF_PAGE_MAX, `limit must be at most ${AS_OF_PAGE_MAX}`).default(AS_OF_PAGE_MAX),
  after: IdParam.shape.id.optional(),
});
const ScriptAsOfQuery = z.object({ at });

/** Mounted at `/api/as-of` behind a session: the signed-in user's own workspace and scripts as they were, read-only. */
export function asOfRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const accounts = accountQueries(ctx.readStore);
  /** Each entry with the username of its actor (`user:<id>`; an API key or the system keeps a plain label). */
  const withActorNames = async <E extends { actorId: string }>(entries: E[]) => {
    const userIds = [...new Set(entries.filter((e) => e.actorId.startsWith('user:')).map((e) => e.actorId.slice('user:'.length)))];
    const names = new Map((await accounts.usersByIds(userIds)).map((u) => [u._id, u.username]));
    return entries.map((e) => ({ ...e, actorName: actorName(e.actorId, names) }));
  };

  router.get('/workspace', async (req, res) => {
    const { at, limit, after } = parse(WorkspaceAsOfQuery, req.query);
    const workspace = await workspaceAsOf(ctx, actorOf(res), at, { limit, after });
    res.json({ ...workspace, activity: await withActorNames(workspace.activity) });
  });

  router.get('/scripts/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { at } = parse(ScriptAsOfQuery, req.query);
    const script = await scriptAsOf(ctx, actorOf(res), id, at);
    res.json({ ...script, history: await withActorNames(script.history) });
  });

  return router;
}
