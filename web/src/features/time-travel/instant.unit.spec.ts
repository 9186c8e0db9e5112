import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue } from './instant';

describe('as-of instants', () => {
  it('round-trips an instant through the picker value to the second', () => {
    const instant = new Date('2026-11-23T18:04:05.000Z');
    expect(fromLocalInputValue(toLocalInputValue(instant))).toBe(instant.toISOString());
  });

  it('refuses an empty or malformed picker value', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('yesterday')).toBeNull();
  });
});
