import type { ReadStore } from '../read-store/read-store';
import { WORKSPACE_COLLECTIONS, type ScriptDoc, type WithViews } from '../workspace/documents';
import { dayRange, totalsOf, zeroFill, type DayViews } from './days';
import { SCRIPT_VIEWS_COLLECTIONS as C, type ScriptViewDayDoc, type ScriptViewTotalDoc } from './documents';

/** How many of each day's busiest scripts are candidates for the top of a window (see `topScripts`). */
export const DAY_CANDIDATES = 50;

export interface ViewSeries {
  days: DayViews[];
  totals: { pageViews: number; rawFetches: number };
}

export interface TopScriptSeries extends ViewSeries {
  scriptId: string;
  title: string;
  ownerId: string;
}

/**
 * The documents (scripts, or a script's share views: `scriptIdOf`) with their all-time view totals: one indexed `$in`
 * read for a page of them. A document projected before the totals existed adds the `views` it still carries: counted
 * up to then, while the total counts from then on (a rebuild of the read models counts everything in the total).
 */
export async function withViewTotals<T extends { _id: string; views?: number }>(
  store: ReadStore,
  docs: T[],
  scriptIdOf: (doc: T) => string = (doc) => doc._id,
): Promise<WithViews<T>[]> {
  if (docs.length === 0) return [];
  const ids = [...new Set(docs.map(scriptIdOf))];
  const totals = await store.collection<ScriptViewTotalDoc>(C.totals).find({ _id: ids.length === 1 ? ids[0]! : { $in: ids } }, { projection: { views: 1 } });
  const byId = new Map(totals.map((t) => [t._id, t.views]));
  return docs.map((doc) => withTotal(doc, byId.get(scriptIdOf(doc))));
}

/** `doc` with its all-time views: its `total` in this read model, plus what a document projected earlier carries. */
export const withTotal = <T extends { views?: number }>(doc: T, total: number | undefined): WithViews<T> => ({ ...doc, views: (doc.views ?? 0) + (total ?? 0) });

/** One document with its view total (see `withViewTotals`); null stays null. */
export async function withViewTotal<T extends { _id: string; views?: number }>(
  store: ReadStore,
  doc: T | null,
  scriptIdOf?: (doc: T) => string,
): Promise<WithViews<T> | null> {
  return doc ? (await withViewTotals(store, [doc], scriptIdOf))[0]! : null;
}

/** Questions the views-by-day read model answers. `today` comes from the caller's clock (a `YYYY-MM-DD` UTC day). */
export const scriptViewQueries = (store: ReadStore) => {
  const days = store.collection<ScriptViewDayDoc>(C.days);
  const scripts = store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts);
  const window = (today: string, count: number) => {
    const range = dayRange(today, count);
    return { range, filter: { day: { $gte: range[0]!, $lte: today } } };
  };
  const seriesFrom = (range: string[], rows: ScriptViewDayDoc[]): ViewSeries => {
    const filled = zeroFill(range, rows);
    return { days: filled, totals: totalsOf(filled) };
  };

  return {
    /** One script's last `count` days, oldest first, zero-filled: at most `count` indexed reads. */
    async seriesOf(scriptId: string, today: string, count: number): Promise<ViewSeries> {
      const { range, filter } = window(today, count);
      const rows = await days.find({ scriptId, ...filter }, { sort: { day: 1 } });
      return seriesFrom(range, rows);
    },

    /**
     * The `top` live scripts with the most views (page and raw together) over the last `count` days, each with its
     * series. Bounded: candidates are each day's `DAY_CANDIDATES` busiest scripts (one indexed, sorted read per day),
     * ranked by their views on the days they were among them; then the winners' whole series are read. A script
     * that is never among a day's 50 busiest is not ranked, which only matters when more than 50 scripts a day
     * outrank it yet none of them does over the window.
     */
    async topScripts(today: string, count: number, top: number): Promise<TopScriptSeries[]> {
      const { range, filter } = window(today, count);
      const partial = new Map<string, number>();
      for (const day of range) {
        const busiest = await days.find({ day }, { sort: { total: -1 }, limit: DAY_CANDIDATES, projection: { scriptId: 1, total: 1 } });
        for (const row of busiest) partial.set(row.scriptId, (partial.get(row.scriptId) ?? 0) + row.total);
      }
      const ranked = [...partial].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([scriptId]) => scriptId);
      // Only scripts that still exist and are not in the trash (a purge's days go with it; views that raced it stay behind).
      const winners: Pick<ScriptDoc, '_id' | 'title' | 'ownerId'>[] = [];
      for (let i = 0; i < ranked.length && winners.length < top; i += top) {
        const slice = ranked.slice(i, i + top);
        const live = new Map(
          (await scripts.find({ _id: { $in: slice } }, { projection: { _id: 1, title: 1, ownerId: 1 } })).map((s) => [s._id, s]),
        );
        for (const id of slice) {
          const script = live.get(id);
          if (script && winners.length < top) winners.push(script);
        }
      }
      if (winners.length === 0) return [];
      const rows = await days.find({ scriptId: { $in: winners.map((w) => w._id) }, ...filter }, { sort: { day: 1 } });
      const byScript = new Map<string, ScriptViewDayDoc[]>();
      for (const row of rows) byScript.set(row.scriptId, [...(byScript.get(row.scriptId) ?? []), row]);
      const series = winners.map((w) => ({ scriptId: w._id, title: w.title, ownerId: w.ownerId, ...seriesFrom(range, byScript.get(w._id) ?? []) }));
      // Ranked again by the whole window: the candidates' sums left out the days they were not among the busiest.
      const sumOf = (s: ViewSeries) => s.totals.pageViews + s.totals.rawFetches;
      return series.sort((a, b) => sumOf(b) - sumOf(a) || (a.scriptId < b.scriptId ? -1 : 1));
    },
  };
};
