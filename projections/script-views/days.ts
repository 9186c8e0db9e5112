/**
 * UTC calendar days as `YYYY-MM-DD` strings: they sort as strings in MongoDB, mingo and SQLite alike, and a day's
 * arithmetic is done on the date at midnight UTC so it never crosses a daylight-saving change.
 */

/** How many days of views the read model keeps and answers: today and the 89 days before it. */
export const VIEW_DAYS_KEPT = 90;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an ISO-8601 time, or null when it is not a time. */
export function utcDay(at: string): string | null {
  const time = Date.parse(at);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  if (!DAY_PATTERN.test(day)) throw new Error(`not a day: ${day}`);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The oldest day still kept when `newest` is the newest day: anything before it is deleted and never answered. */
export const oldestKeptDay = (newest: string) => addDays(newest, -(VIEW_DAYS_KEPT - 1));

/** The `count` days ending with `lastDay`, oldest first. */
export function dayRange(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - (count - 1)));
}

export interface DayViews {
  date: string;
  pageViews: number;
  rawFetches: number;
}

/** One entry per day of `days` (oldest first), zero where nothing was counted; rows outside `days` are ignored. */
export function zeroFill(days: string[], rows: readonly { day: string; pageViews: number; rawFetches: number }[]): DayViews[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((date) => ({ date, pageViews: byDay.get(date)?.pageViews ?? 0, rawFetches: byDay.get(date)?.rawFetches ?? 0 }));
}

export function totalsOf(days: readonly DayViews[]): { pageViews: number; rawFetches: number } {
  return days.reduce((sum, d) => ({ pageViews: sum.pageViews + d.pageViews, rawFetches: sum.rawFetches + d.rawFetches }), { pageViews: 0, rawFetches: 0 });
}
