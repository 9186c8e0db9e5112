import { SCRIPT_NOT_FOUND } from '../domain/script/decider';
import { NotFoundError } from '../domain/shared/errors';
import { WORKSPACE_COLLECTIONS } from '../../projections/workspace/documents';
import { utcDay, VIEW_DAYS_KEPT } from '../../projections/script-views/days';
import { scriptViewQueries, type TopScriptSeries, type ViewSeries } from '../../projections/script-views/queries';
import type { Actor, AppContext } from './context';

/** Today's UTC day by the context's clock: the last day every series ends with. */
const today = (ctx: AppContext) => utcDay(ctx.now()) ?? new Date().toISOString().slice(0, 10);

/** The actor's own script's views over the last 90 days; another user's (or a missing) script is 404, like every script route. */
export async function ownScriptViews(ctx: AppContext, actor: Actor, scriptId: string): Promise<ViewSeries> {
  // Counted, not read: ownership needs no content (a script's document holds up to 5 MB).
  const owned = await ctx.readStore.collection(WORKSPACE_COLLECTIONS.scripts).countDocuments({ _id: scriptId, ownerId: actor.userId });
  if (owned === 0) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return scriptViewQueries(ctx.readStore).seriesOf(scriptId, today(ctx), VIEW_DAYS_KEPT);
}

/** The `top` scripts with the most views over the last `days` days, each with its daily series (admin). */
export function topScriptViews(ctx: AppContext, days: number, top: number): Promise<TopScriptSeries[]> {
  return scriptViewQueries(ctx.readStore).topScripts(today(ctx), Math.min(days, VIEW_DAYS_KEPT), top);
}
