import type { Doc, ReadStore } from './read-store';

/** Documents read per page when walking a whole collection. */
export const PAGE_SIZE = 500;

/**
 * Walks every document of `collection` in `_id` order, a page at a time (memory stays bounded whatever it holds);
 * stops, throwing, once `signal` aborts.
 */
export async function eachPage(store: ReadStore, collection: string, visit: (docs: Doc[]) => void | Promise<void>, signal?: AbortSignal): Promise<void> {
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const filter: Record<string, unknown> = after === null ? {} : { _id: { $gt: after } };
    const docs = await store.collection(collection).find(filter, { sort: { _id: 1 }, limit: PAGE_SIZE });
    if (docs.length === 0) return;
    await visit(docs);
    after = docs[docs.length - 1]!._id;
  }
}
