import { describe, expect, it } from 'vitest';
import { Query } from 'mingo';
import { compileSimpleFilter } from './simple-filter';

const docs: Record<string, unknown>[] = [
  { _id: 'a', ownerId: 'u1', folderId: null, views: 3, lastPosition: '00000000000000000005' },
  { _id: 'b', ownerId: 'u1', views: 0 },
  { _id: 'c', ownerId: 'u2', folderId: 'f1', views: 10, lastPosition: '00000000000000000009', shareId: 's1' },
  { _id: 'd', ownerId: 'u2', folderId: 'f2', views: '7', flag: true },
  { _id: 'e', ownerId: 'u3', folderId: 'f1', views: Number.NaN, flag: false, lastPosition: '' },
];

const filters: Record<string, unknown>[] = [
  { ownerId: 'u1' },
  { ownerId: 'u1', folderId: null },
  { folderId: null },
  { folderId: { $ne: null } },
  { folderId: { $eq: 'f1' } },
  { folderId: { $in: ['f1', null] } },
  { views: { $gt: 2 } },
  { views: { $gte: 3, $lt: 10 } },
  { views: { $lte: 7 } },
  { views: { $lt: '8' } },
  { shareId: { $exists: true } },
  { shareId: { $exists: false }, ownerId: 'u2' },
  { flag: false },
  { flag: { $ne: true } },
  { _id: 'a', $or: [{ lastPosition: { $lt: '00000000000000000006' } }, { lastPosition: { $exists: false } }] },
  { _id: 'a', $or: [{ lastPosition: { $lt: '00000000000000000005' } }, { lastPosition: { $exists: false } }] },
  { _id: 'b', $or: [{ lastPosition: { $lt: '00000000000000000001' } }, { lastPosition: { $exists: false } }] },
  { $and: [{ ownerId: 'u2' }, { views: { $gt: 5 } }] },
  {},
];

describe('simple filters match what mingo (MongoDB semantics) answers', () => {
  for (const filter of filters) {
    it(JSON.stringify(filter), () => {
      const fast = compileSimpleFilter(filter);
      expect(fast).not.toBeNull();
      const query = new Query(filter);
      for (const doc of docs) {
        const answer = fast!(doc);
        // undefined means "ask mingo": only the NaN document may defer here
        if (answer === undefined) expect(doc._id).toBe('e');
        else expect(answer, `doc ${doc._id}`).toBe(query.test(doc));
      }
    });
  }

  it('declines what it does not understand', () => {
    expect(compileSimpleFilter({ 'a.b': 1 })).toBeNull();
    expect(compileSimpleFilter({ a: { $regex: 'x' } })).toBeNull();
    expect(compileSimpleFilter({ a: { $elemMatch: { b: 1 } } })).toBeNull();
    expect(compileSimpleFilter({ $nor: [{ a: 1 }] })).toBeNull();
    expect(compileSimpleFilter({ a: { $lt: null } })).toBeNull();
  });

  it('hands array and object fields back to mingo', () => {
    const fast = compileSimpleFilter({ tags: 'x' })!;
    expect(fast({ tags: ['x', 'y'] })).toBeUndefined();
    expect(fast({ tags: { x: 1 } })).toBeUndefined();
  });
});
