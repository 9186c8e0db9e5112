import { update as mingoUpdate } from 'mingo/updater';
import { describe, expect, it } from 'vitest';
import { trySimpleUpdate } from './simple-update';

type Plain = Record<string, unknown>;

const docs: Plain[] = [
  { _id: 'a' },
  { _id: 'b', views: 3, title: 'T', lastPosition: '001', meta: { lang: 'lua', n: 1 } },
  { _id: 'c', views: 'many', meta: null, tags: ['x', 'y'], nested: { deep: { v: 2 } } },
  { _id: 'd', views: 1.5, meta: 'scalar', arr: [{ b: 1 }], best: -4, counters: {} },
];

const updates: Plain[] = [
  { $set: { title: 'New', lastPosition: '002' } },
  { $set: { 'meta.lang': 'luau' } },
  { $set: { 'meta.sub.x': 1 } },
  { $set: { 'nested.deep.v': 3, 'nested.deep.w': { o: [1] } } },
  { $set: { 'arr.b': 2 } },
  { $set: { 'arr.0.b': 2 } },
  { $set: { tags: [] } },
  { $inc: { views: 2 } },
  { $inc: { views: -1.25, 'counters.opened': 1 } },
  { $inc: { 'meta.n': 1 }, $set: { lastPosition: '009' } },
  { $unset: { title: '' } },
  { $unset: { 'meta.lang': '', missing: '', 'nope.deep': '' } },
  { $unset: { 'meta.x': '' } },
  { $max: { best: 0 } },
  { $max: { best: -10, views: 2 } },
  { $min: { best: -5, low: 7 } },
  { $max: { title: 'Z' } },
  { $set: { views: 1 }, $inc: { views: 1 } },
  { $set: { meta: {} }, $unset: { 'meta.lang': '' } },
  { $set: { _id: 'z' } },
  { $push: { tags: 'z' } },
  { $set: { 'tags.$': 'q' } },
  { $inc: { views: '1' } },
  { $set: { a: 1 }, $unset: { b: '' }, $inc: { c: 1 }, $max: { d: 1 }, $min: { e: 1 } },
];

function outcome(fn: () => void, doc: Plain): { doc?: Plain; error?: true } {
  try {
    fn();
    return { doc };
  } catch {
    return { error: true };
  }
}

describe('trySimpleUpdate', () => {
  it('matches mingo exactly whenever it accepts an update, and leaves the document alone when it declines', () => {
    let accepted = 0;
    for (const original of docs) {
      for (const update of updates) {
        const mine = structuredClone(original);
        const handled = trySimpleUpdate(mine, structuredClone(update));
        if (!handled) {
          expect(mine, `declined ${JSON.stringify(update)} on ${original._id}`).toEqual(original);
          continue;
        }
        accepted++;
        const theirs = structuredClone(original);
        const reference = outcome(() => mingoUpdate(theirs, structuredClone(update) as never), theirs);
        expect({ doc: mine }, `${JSON.stringify(update)} on ${original._id}`).toEqual(reference);
      }
    }
    expect(accepted).toBeGreaterThan(40);
  });

  it('declines what it does not do itself', () => {
    const doc = () => ({ _id: 'x', v: 'text', tags: ['a'], meta: null });
    for (const update of [
      { $push: { tags: 'b' } },
      { $set: { 'tags.0': 'b' } },
      { $set: { 'meta.x': 1 } },
      { $inc: { v: 1 } },
      { $set: { v: 1 }, $inc: { v: 1 } },
      { $set: { _id: 'y' } },
      { $max: { v: 'z' } },
    ]) {
      expect(trySimpleUpdate(doc(), update), JSON.stringify(update)).toBe(false);
    }
  });
});
