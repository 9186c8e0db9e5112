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
     * interleave, so every chunk that ends after `after` is read (found through the `lastKey` index: the chunks
     * written since, a few while streams follow the feed) and their entries merged; only the `limit` oldest are kept
     * as pages come in.
     */
    between: async (after: string, through: string, limit: number): Promise<ChangeEntryDoc[]> => {
      let found: ChangeEntryDoc[] = [];
      const seen = new Set<string>();
      for (let cursor = after; ; ) {
        // `$gte`: chunks ending at the same position (a failed batch's, until merged) are not skipped between pages
        const page = await chunks.find({ lastKey: { $gte: cursor } }, { sort: { lastKey: 1 }, limit: CHUNK_PAGE });
        const fresh = page.filter((chunk) => !seen.has(chunk._id) && chunk.lastKey > after);
        for (const chunk of fresh) {
          seen.add(chunk._id);
          for (const entry of chunk.entries) if (entry.positionKey > after && entry.positionKey <= through) found.push(toEntryDoc(chunk.userId, entry));
        }
        if (found.length > limit) found = found.sort(byPosition).slice(0, limit);
        if (page.length < CHUNK_PAGE || fresh.length === 0) return found.sort(byPosition).slice(0, limit);
        cursor = page[page.length - 1]!.lastKey;
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
