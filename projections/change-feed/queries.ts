import type { ReadStore } from '../read-store/read-store';
import { CHANGE_FEED_COLLECTIONS as C, type ChangeEntryDoc, type MarkDoc } from './documents';

/** Questions the change feed answers (positions as `positionKey` strings). */
export const changeFeedQueries = (store: ReadStore) => {
  const entries = store.collection<ChangeEntryDoc>(C.entries);
  return {
    /** Every user's entries after `after`, up to and including `through`, oldest first. */
    between: (after: string, through: string, limit: number) =>
      entries.find({ positionKey: { $gt: after, $lte: through } }, { sort: { positionKey: 1 }, limit }),
    /** One user's entries after `after`, oldest first. */
    forUserAfter: (userId: string, after: string, limit: number) =>
      entries.find({ userId, positionKey: { $gt: after } }, { sort: { positionKey: 1 }, limit }),
    /** The newest position pruned from this user's feed, if any. */
    prunedThrough: async (userId: string) => (await store.collection<MarkDoc>(C.marks).findOne({ _id: userId }))?.prunedThrough ?? null,
  };
};
