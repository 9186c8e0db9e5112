import { describe, expect, it } from 'vitest';
import { describeViews, linePath, niceMax, shortDate, type Box } from './views-chart-geometry';

const box: Box = { width: 110, height: 60, left: 10, right: 0, top: 0, bottom: 10 };

describe('views chart geometry', () => {
  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 40, 99, 101, 4999].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 100, 200, 5000]);
  });

  it('draws one point per day across the plot, zero on the baseline and the top value at the top', () => {
    expect(linePath([0, 5, 10], 10, box)).toBe('M10,50 L60,25 L110,0');
    expect(linePath([3], 10, box)).toBe('M60,35'); // a single day sits in the middle
  });

  it('labels days in UTC and describes the range, totals and busiest day', () => {
    expect(shortDate('2026-11-24')).toBe('Nov 24');
    const days = [
      { date: '2026-11-23', pageViews: 1, rawFetches: 0 },
      { date: '2026-11-24', pageViews: 0, rawFetches: 3 },
    ];
    expect(describeViews(days)).toBe('From Nov 23 to Nov 24 (UTC): 1 page view and 3 raw fetches; busiest day Nov 24 with 3 views.');
    expect(describeViews(days.map((d) => ({ ...d, pageViews: 0, rawFetches: 0 })))).toBe('No views from Nov 23 to Nov 24 (UTC).');
  });
});
