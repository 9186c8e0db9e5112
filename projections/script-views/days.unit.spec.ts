import { describe, expect, it } from 'vitest';
import { addDays, dayRange, oldestKeptDay, totalsOf, utcDay, VIEW_DAYS_KEPT, zeroFill } from './days';

describe('views by day: day arithmetic', () => {
  it('buckets a time into its UTC day, whatever offset it was written with', () => {
    expect(utcDay('2026-11-24T23:59:59.999Z')).toBe('2026-11-24');
    expect(utcDay('2026-11-25T00:00:00.000Z')).toBe('2026-11-25');
    // 01:30 in UTC+02:00 is still the previous day in UTC
    expect(utcDay('2026-11-25T01:30:00+02:00')).toBe('2026-11-24');
    expect(utcDay('not a time')).toBeNull();
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a European DST change day is still 24 hours of UTC
    expect(() => addDays('2026-1-1', 1)).toThrow();
  });

  it('keeps exactly 90 days: today and the 89 before', () => {
    expect(VIEW_DAYS_KEPT).toBe(90);
    expect(oldestKeptDay('2026-11-24')).toBe('2026-08-27');
    const range = dayRange('2026-11-24', 90);
    expect(range).toHaveLength(90);
    expect(range[0]).toBe(oldestKeptDay('2026-11-24'));
    expect(range[89]).toBe('2026-11-24');
  });

  it('zero-fills missing days, oldest first, and ignores rows outside the range', () => {
    const days = dayRange('2026-11-24', 3);
    const filled = zeroFill(days, [
      { day: '2026-11-24', pageViews: 2, rawFetches: 5 },
      { day: '2026-11-22', pageViews: 0, rawFetches: 1 },
      { day: '2026-11-01', pageViews: 9, rawFetches: 9 },
    ]);
    expect(filled).toEqual([
      { date: '2026-11-22', pageViews: 0, rawFetches: 1 },
      { date: '2026-11-23', pageViews: 0, rawFetches: 0 },
      { date: '2026-11-24', pageViews: 2, rawFetches: 5 },
    ]);
    expect(totalsOf(filled)).toEqual({ pageViews: 2, rawFetches: 6 });
  });
});
