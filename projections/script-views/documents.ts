/** Read-model documents of the script-views projection. */

/** Views of one script on one UTC day, page views and raw fetches apart. */
export interface ScriptViewDayDoc {
  /** `<scriptId>:<day>` */
  _id: string;
  scriptId: string;
  /** `YYYY-MM-DD`, UTC, from the view event's metadata `at` */
  day: string;
  pageViews: number;
  rawFetches: number;
  /** pageViews + rawFetches, so a day's busiest scripts are one indexed, sorted read */
  total: number;
  lastPosition: string;
  [key: string]: unknown;
}

/**
 * One script's views of every kind since it was created: the total its lists, its share page and the admin's top
 * viewed show. A document of its own, so counting views never rewrites the script's document (its content included).
 */
export interface ScriptViewTotalDoc {
  /** the script id */
  _id: string;
  views: number;
  lastPosition: string;
  [key: string]: unknown;
}

export const SCRIPT_VIEWS_COLLECTIONS = { days: 'scriptViewDays', totals: 'scriptViewTotals' } as const;

export const viewDayId = (scriptId: string, day: string) => `${scriptId}:${day}`;
