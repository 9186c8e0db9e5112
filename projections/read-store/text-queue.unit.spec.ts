import { describe, expect, it } from 'vitest';
import { QueuedValues } from './text-queue';

describe('QueuedValues (what a text drain need not read back)', () => {
  it('gives each remembered row once, the latest written, and null for a deleted document', () => {
    const values = new QueuedValues();
    values.remember('scripts', 1, ['first']);
    values.remember('scripts', 1, ['latest']);
    values.remember('scripts', 2, null);
    values.remember('versions', 1, ['other collection']);
    expect(values.take('scripts', 1)).toEqual(['latest']);
    expect(values.take('scripts', 1)).toBeUndefined(); // taken: the drain reads the document instead
    expect(values.take('scripts', 2)).toBeNull();
    expect(values.take('versions', 1)).toEqual(['other collection']);
  });

  it('holds a bounded amount of text: past it, everything is forgotten (and read back from the table)', () => {
    const values = new QueuedValues();
    const big = 'x'.repeat(6 * 1024 * 1024);
    values.remember('scripts', 1, [big]);
    values.remember('scripts', 2, [big]);
    expect(values.take('scripts', 1)).toEqual([big]);
    values.remember('scripts', 1, [big]);
    values.remember('scripts', 3, [big]); // a third would pass 16 M characters
    expect(values.take('scripts', 1)).toBeUndefined();
    expect(values.take('scripts', 2)).toBeUndefined();
    expect(values.take('scripts', 3)).toEqual([big]);
    values.remember('scripts', 4, ['x'.repeat(17 * 1024 * 1024)]); // larger than the bound on its own: never held
    expect(values.take('scripts', 4)).toBeUndefined();
  });
});
