import type { ReadStore } from '../read-store/read-store';
import { CHANGE_FEED_COLLECTIONS as C, type ChangeChunkDoc, type ChangeEntry, type ChangeEntryDoc, type MarkDoc } from './documents';

/** Chunks read per query while gathering entries. */
const CHUNK_PAGE = 100;

const byPosition = (a: ChangeEntryDoc, b: ChangeEntryDoc) => (a.positionKey < b.positionKey ? -1 : a.positionKey > b.positionKey ? 1 : 0);

const toEntryDoc = (userId: string, entry: ChangeEntry): ChangeEntryDoc => ({ _id: entry.positionKey, userId, ...entry });

/** Questions the change feed answers (positions as `positionKey` strings). */
export const changeFeedQueries = (store: ReadStore) => {
  const chunks = store.collection<ChangeChunkDoc>(C.chunks);
  return {
    /**
     * Every user's entries after `after`, up to and including `through`, oldest first. Different users' chunks
     * interleave, so chunks are read in order of their `_id` (no entry of a chunk is older than it): once `limit`
     * entries older than the next chunk's `_id` are gathered, no later chunk can change the answer.
     */
    between: async (after: string, through: string, limit: number): Promise<ChangeEntryDoc[]> => {
      let found: ChangeEntryDoc[] = [];
      let cursor: string | null = null;
      for (;;) {
        const range: Record<string, string> = cursor === null ? { $lte: through } : { $gt: cursor, $lte: through };
        const page = await chunks.find({ lastKey: { $gt: after }, _id: range }, { sort: { _id: 1 }, limit: CHUNK_PAGE });
        for (const chunk of page) {
          if (found.length >= limit) {
            found = found.sort(byPosition).slice(0, limit); // only the `limit` oldest can be part of the answer
            if (found[limit - 1]!.positionKey < chunk._id) return found;
          }
          for (const entry of chunk.entries) if (entry.positionKey > after && entry.positionKey <= through) found.push(toEntryDoc(chunk.userId, entry));
        }
        if (page.length < CHUNK_PAGE) return found.sort(byPosition).slice(0, limit);
        cursor = page[page.length - 1]!._id;
      }
    },
    /** One user's entries after `after`, oldest first (a user's chunks never overlap: their order is the entries'). */
    forUserAfter: async (userId: string, after: string, limit: number): Promise<ChangeEntryDoc[]> => {
      const found: ChangeEntryDoc[] = [];
      let cursor = after;
      for (;;) {
        const page = await chunks.find({ userId, lastKey: { $gt: cursor } }, { sort: { lastKey: 1 }, limit: CHUNK_PAGE });
        for (const chunk of page) for (const entry of chunk.entries) if (entry.positionKey > after) found.push(toEntryDoc(userId, entry));
        if (found.length >= limit || page.length < CHUNK_PAGE) return found.sort(byPosition).slice(0, limit);
        cursor = page[page.length - 1]!.lastKey;
      }
    },
    /** The newest position pruned from this user's feed, if any. */
    prunedThrough: async (userId: string) => (await store.collection<MarkDoc>(C.marks).findOne({ _id: userId }))?.prunedThrough ?? null,
  };
};
