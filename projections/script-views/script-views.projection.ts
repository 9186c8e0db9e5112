import type { ReadCollection, ReadStore } from '../read-store/read-store';
import type { ProjectedEvent, Projection } from '../projection';
import type { ScriptViewsCounted } from '../../services/domain/script/events';
import { oldestKeptDay, utcDay } from './days';
import { SCRIPT_VIEWS_COLLECTIONS as C, viewDayId, type ScriptViewDayDoc, type ScriptViewTotalDoc } from './documents';

type ViewEvent = ProjectedEvent & ScriptViewsCounted;

/** One day document's share of a batch: its events in log order. */
interface DayGroup {
  scriptId: string;
  day: string;
  events: ViewEvent[];
}

/**
 * Views per script: the all-time total, and per UTC day, page views and raw fetches apart, for the last 90 days (by
 * the newest view event seen). A batch is summed per document in memory and written with one guarded `$inc` (an
 * upsert for a new document). Events without a `kind` (recorded before the split) count in the total only.
 * A purged script's total and days are deleted with it; days older than 90 are deleted as newer views arrive.
 */
export const scriptViewsProjection: Projection = {
  name: 'scriptViews',
  collections: Object.values(C),
  indexes: [
    // one script's series, and the purge
    { collection: C.days, keys: { scriptId: 1, day: 1 } },
    // one day's busiest scripts (admin top scripts), and the 90-day cut
    { collection: C.days, keys: { day: 1, total: -1 } },
    // the most viewed scripts of all time (admin statistics)
    { collection: C.totals, keys: { views: -1, _id: 1 } },
  ],
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const days = store.collection<ScriptViewDayDoc>(C.days);
  let groups = new Map<string, DayGroup>();
  let totals = new Map<string, ViewEvent[]>();
  let newestDay: string | null = null;
  const writeGathered = async () => {
    await writeGroups(groups, store);
    await writeTotals(totals, store);
    groups = new Map();
    totals = new Map();
  };
  // In log order: a purge drops the days and total gathered so far for its script, and views counted after it (a
  // flush that raced the purge) start again from nothing.
  for (const event of events) {
    if (event.type === 'ScriptPurged' || event.type === 'ScriptDeleted') {
      await writeGathered();
      await days.deleteMany({ scriptId: event.data.scriptId });
      await store.collection<ScriptViewTotalDoc>(C.totals).deleteOne({ _id: event.data.scriptId });
      continue;
    }
    if (event.type !== 'ScriptViewsCounted') continue;
    const view = event as ViewEvent;
    if (!(view.data.count > 0)) continue;
    const scriptTotal = totals.get(view.data.scriptId);
    if (scriptTotal) scriptTotal.push(view);
    else totals.set(view.data.scriptId, [view]);
    const day = utcDay(view.metadata.at);
    if (!day || !view.data.kind) continue;
    if (!newestDay || day > newestDay) newestDay = day;
    const id = viewDayId(view.data.scriptId, day);
    const group = groups.get(id);
    if (group) group.events.push(view);
    else groups.set(id, { scriptId: view.data.scriptId, day, events: [view] });
  }
  if (newestDay) {
    const oldest = oldestKeptDay(newestDay);
    for (const [id, group] of groups) if (group.day < oldest) groups.delete(id);
    await writeGathered();
    await days.deleteMany({ day: { $lt: oldest } });
  } else {
    await writeGathered();
  }
}

async function writeGroups(groups: Map<string, DayGroup>, store: ReadStore): Promise<void> {
  const days = store.collection<ScriptViewDayDoc>(C.days);
  for (const [id, group] of groups) {
    await addFresh(days, id, group.events, (fresh) => {
      const pageViews = sum(fresh, 'page');
      const rawFetches = sum(fresh, 'raw');
      return { pageViews, rawFetches, total: pageViews + rawFetches };
    }, { scriptId: group.scriptId, day: group.day });
  }
}

async function writeTotals(totals: Map<string, ViewEvent[]>, store: ReadStore): Promise<void> {
  const collection = store.collection<ScriptViewTotalDoc>(C.totals);
  for (const [scriptId, events] of totals) {
    await addFresh(collection, scriptId, events, (fresh) => ({ views: fresh.reduce((n, e) => n + e.data.count, 0) }), {});
  }
}

/**
 * Adds to one document the events it does not hold yet (position guard: a replay adds nothing), in one `$inc`.
 * The events are one script's, in log order, so the document's `lastPosition` tells exactly which ones it holds.
 */
async function addFresh<D extends { _id: string; lastPosition: string }>(
  collection: ReadCollection<D>,
  id: string,
  events: ViewEvent[],
  increments: (fresh: ViewEvent[]) => Record<string, number>,
  fieldsOnCreate: Record<string, unknown>,
): Promise<void> {
  const current = await collection.findOne({ _id: id });
  const fresh = current ? events.filter((e) => e.positionKey > current.lastPosition) : events;
  const last = fresh[fresh.length - 1];
  if (!last) return;
  const increment = { $inc: increments(fresh) };
  if (current) {
    await collection.updateOne({ _id: id, lastPosition: current.lastPosition }, { ...increment, $set: { lastPosition: last.positionKey } });
  } else {
    // A guarded filter cannot upsert (a failed guard would insert a duplicate id); the document is new here.
    await collection.updateOne({ _id: id }, { ...increment, $set: { ...fieldsOnCreate, lastPosition: last.positionKey } }, { upsert: true });
  }
}

const sum = (events: ViewEvent[], kind: 'page' | 'raw') => events.reduce((n, e) => (e.data.kind === kind ? n + e.data.count : n), 0);
