import { describe, expect, it } from 'vitest';
import { trashPeriod } from './trash-days';

describe('trashPeriod', () => {
  it('states whole days, one day, fractions and short test periods readably', () => {
    expect(trashPeriod(30)).toBe('30 days');
    expect(trashPeriod(1)).toBe('1 day');
    expect(trashPeriod(2.5)).toBe('2.5 days');
    expect(trashPeriod(0.5)).toBe('12 hours');
    expect(trashPeriod(0.00003)).toBe('1 hour');
  });
});
