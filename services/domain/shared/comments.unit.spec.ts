import { afterEach, describe, expect, it, vi } from 'vitest';
import { automaticSaveComment } from './comments';

afterEach(() => {
  vi.useRealTimers();
});

describe('automaticSaveComment', () => {
  it('states the date and time of the save, in UTC', () => {
    expect(automaticSaveComment('2025-03-05T14:07:09.000Z')).toBe('Updated on March 5, 2025 at 2:07 PM UTC');
  });

  it.each([
    ['2025-01-01T00:00:00.000Z', 'Updated on January 1, 2025 at 12:00 AM UTC'],
    ['2025-06-15T12:00:00.000Z', 'Updated on June 15, 2025 at 12:00 PM UTC'],
    ['2024-12-31T23:59:59.999Z', 'Updated on December 31, 2024 at 11:59 PM UTC'],
    ['2024-02-29T09:05:00Z', 'Updated on February 29, 2024 at 9:05 AM UTC'],
  ])('formats %s as %j (12-hour clock, minutes padded, seconds dropped)', (at, expected) => {
    expect(automaticSaveComment(at)).toBe(expected);
  });

  it('converts a timestamp with an offset to UTC, date included', () => {
    expect(automaticSaveComment('2025-07-04T00:30:00+02:00')).toBe('Updated on July 3, 2025 at 10:30 PM UTC');
  });

  it('reads the same whatever the clock and the local time zone say', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2031-08-09T03:04:05.000Z'));
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    try {
      expect(automaticSaveComment('2025-03-05T14:07:09.000Z')).toBe('Updated on March 5, 2025 at 2:07 PM UTC');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is plain ASCII (no narrow no-break space before AM/PM, as some ICU versions emit)', () => {
    expect(automaticSaveComment('2025-03-05T14:07:09.000Z')).toMatch(/^[\x20-\x7e]+$/);
  });
});
