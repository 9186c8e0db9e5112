import { describe, expect, it } from 'vitest';
import { copyAsJson } from './copy-as-json';

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('copyAsJson keeps exactly what a JSON round trip keeps', () => {
  const samples: unknown[] = [
    { a: 1, b: 'x', c: null, d: undefined, e: [1, undefined, () => 1, 'y'], f: { g: Number.NaN, h: Infinity, i: true } },
    [{ nested: [{ deep: 'value' }] }, null],
    { at: new Date('2026-01-02T03:04:05.000Z'), fn: () => 1, sym: Symbol('s') },
    'text',
    42,
    { '': 'empty key', 'dotted.key': 1 },
  ];
  for (const sample of samples) {
    it(JSON.stringify(sample) ?? String(sample), () => {
      expect(copyAsJson(sample)).toEqual(roundTrip(sample));
    });
  }

  it('copies: changing the copy leaves the original alone', () => {
    const original = { list: [{ n: 1 }] };
    const copy = copyAsJson(original) as typeof original;
    copy.list[0]!.n = 2;
    expect(original.list[0]!.n).toBe(1);
  });

  it('refuses bigint like JSON.stringify', () => {
    expect(() => copyAsJson({ n: 1n })).toThrow(TypeError);
  });
});
