/** Pure geometry of the views chart: scales, line paths and axis labels. No React, so it is unit-tested alone. */

export interface DayViews {
  date: string;
  pageViews: number;
  rawFetches: number;
}

export interface Box {
  width: number;
  height: number;
  /** room for axis labels: left (y labels), bottom (x labels), top and right */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

/** The smallest 1, 2 or 5 times a power of ten at or above `max` (at least 1), so the top label is a round number. */
export function niceMax(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** SVG path through one value per day, left to right, scaled into the plot area of `box`. */
export function linePath(values: number[], top: number, box: Box): string {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (i: number) => box.left + (values.length === 1 ? plotWidth / 2 : (i * plotWidth) / (values.length - 1));
  const y = (v: number) => box.top + plotHeight - (v / top) * plotHeight;
  return values.map((v, i) => `${i === 0 ? 'M' : 'L'}${round(x(i))},${round(y(v))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

/** `2026-11-24` as `Nov 24` (UTC: a day's views are counted by UTC day). */
export function shortDate(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A sentence for screen readers: the range, the totals and the busiest day. */
export function describeViews(days: DayViews[]): string {
  if (days.length === 0) return 'No days to show.';
  const pageViews = days.reduce((s, d) => s + d.pageViews, 0);
  const rawFetches = days.reduce((s, d) => s + d.rawFetches, 0);
  const range = `${shortDate(days[0]!.date)} to ${shortDate(days[days.length - 1]!.date)} (UTC)`;
  if (pageViews + rawFetches === 0) return `No views from ${range}.`;
  const busiest = days.reduce((best, d) => (d.pageViews + d.rawFetches > best.pageViews + best.rawFetches ? d : best));
  return `From ${range}: ${plural(pageViews, 'page view')} and ${plural(rawFetches, 'raw fetch', 'raw fetches')}; busiest day ${shortDate(busiest.date)} with ${plural(busiest.pageViews + busiest.rawFetches, 'view')}.`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
