import { describe, expect, it } from 'vitest';
import { formatBytes, formatBytesLong, formatDate, formatRelative } from './format';

describe('format', () => {
  it('formats dates in long US form with 12-hour time, N/A when empty', () => {
    expect(formatDate('2026-03-04T15:07:00')).toBe('March 4, 2026 at 3:07 PM');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });
  it('formats relative times', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(formatRelative('2026-01-08T12:00:00Z', now)).toBe('2 days ago');
    expect(formatRelative('2026-01-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelative('2026-01-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-01-10T11:59:30Z', now)).toBe('Just now');
    expect(formatRelative(undefined, now)).toBe('N/A');
  });
  it('formats sizes both ways', () => {
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytesLong(0)).toBe('0 Bytes');
    expect(formatBytesLong(1536)).toBe('1.5 KB');
    expect(formatBytesLong(1234567)).toBe('1.18 MB');
  });
});
