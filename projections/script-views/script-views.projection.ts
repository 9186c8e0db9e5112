import type { ReadStore } from '../read-store/read-store';
import type { ProjectedEvent, Projection } from '../projection';
import type { ScriptViewsCounted } from '../../services/domain/script/events';
import { oldestKeptDay, utcDay } from './days';
import { SCRIPT_VIEWS_COLLECTIONS as C, viewDayId, type ScriptViewDayDoc } from './documents';

type ViewEvent = ProjectedEvent & ScriptViewsCounted;

/** One day document's share of a batch: its events in log order. */
interface DayGroup {
  scriptId: string;
  day: string;
  events: ViewEvent[];
}

/**
 * Views per script per UTC day, page views and raw fetches apart, for the last 90 days (by the newest view event
 * seen). A batch is summed per day document in memory and written with one guarded `$inc` (an upsert for a new day).
 * Events without a `kind` (recorded before the split) are not bucketed: they stay in the all-time `views` total only.
 * A purged script's days are deleted with it; days older than 90 are deleted as newer views arrive.
 */
export const scriptViewsProjection: Projection = {
  name: 'scriptViews',
  collections: Object.values(C),
  indexes: [
    // one script's series, and the purge
    { collection: C.days, keys: { scriptId: 1, day: 1 } },
    // one day's busiest scripts (admin top scripts), and the 90-day cut
    { collection: C.days, keys: { day: 1, total: -1 } },
  ],
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const days = store.collection<ScriptViewDayDoc>(C.days);
  let groups = new Map<string, DayGroup>();
  let newestDay: string | null = null;
  // In log order: a purge drops the days gathered so far for its script, and views counted after it (a flush that
  // raced the purge) start again from nothing.
  for (const event of events) {
    if (event.type === 'ScriptPurged' || event.type === 'ScriptDeleted') {
      await writeGroups(groups, store);
      groups = new Map();
      await days.deleteMany({ scriptId: event.data.scriptId });
      continue;
    }
    if (event.type !== 'ScriptViewsCounted') continue;
    const view = event as ViewEvent;
    const day = utcDay(view.metadata.at);
    if (!day || !view.data.kind || !(view.data.count > 0)) continue;
    if (!newestDay || day > newestDay) newestDay = day;
    const id = viewDayId(view.data.scriptId, day);
    const group = groups.get(id);
    if (group) group.events.push(view);
    else groups.set(id, { scriptId: view.data.scriptId, day, events: [view] });
  }
  if (!newestDay) {
    await writeGroups(groups, store);
    return;
  }
  const oldest = oldestKeptDay(newestDay);
  for (const [id, group] of groups) if (group.day < oldest) groups.delete(id);
  await writeGroups(groups, store);
  await days.deleteMany({ day: { $lt: oldest } });
}

/**
 * Each day document gets the events it does not hold yet (position guard: a replay adds nothing) in one write.
 * One script's events come in log order, so the document's `lastPosition` tells exactly which ones it holds.
 */
async function writeGroups(groups: Map<string, DayGroup>, store: ReadStore): Promise<void> {
  const days = store.collection<ScriptViewDayDoc>(C.days);
  for (const [id, group] of groups) {
    const current = await days.findOne({ _id: id });
    const fresh = current ? group.events.filter((e) => e.positionKey > current.lastPosition) : group.events;
    const last = fresh[fresh.length - 1];
    if (!last) continue;
    const pageViews = sum(fresh, 'page');
    const rawFetches = sum(fresh, 'raw');
    const increment = { $inc: { pageViews, rawFetches, total: pageViews + rawFetches } };
    if (current) {
      await days.updateOne({ _id: id, lastPosition: current.lastPosition }, { ...increment, $set: { lastPosition: last.positionKey } });
    } else {
      // A guarded filter cannot upsert (a failed guard would insert a duplicate id); the document is new here.
      await days.updateOne({ _id: id }, { ...increment, $set: { scriptId: group.scriptId, day: group.day, lastPosition: last.positionKey } }, { upsert: true });
    }
  }
}

const sum = (events: ViewEvent[], kind: 'page' | 'raw') => events.reduce((n, e) => (e.data.kind === kind ? n + e.data.count : n), 0);
