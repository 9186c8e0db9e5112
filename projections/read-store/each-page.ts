import type { Doc, Filter, FindOptions, ReadStore } from './read-store';

/** Documents read per page when walking a whole collection. */
export const PAGE_SIZE = 500;

export interface EachPageOptions {
  /** only the documents it matches (default: all) */
  filter?: Filter;
  projection?: FindOptions['projection'];
  pageSize?: number;
  /** stops the walk, throwing, once it aborts */
  signal?: AbortSignal;
}

/**
 * Walks the documents of `collection` in `_id` order, a page at a time (memory stays bounded whatever it holds): a
 * keyset walk, so documents the visit removes or adds behind it change nothing ahead.
 */
export async function eachPage<T extends Doc = Doc>(
  store: ReadStore,
  collection: string,
  visit: (docs: T[]) => void | Promise<void>,
  options: EachPageOptions = {},
): Promise<void> {
  const { filter = {}, projection, pageSize = PAGE_SIZE, signal } = options;
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const page: Filter = after === null ? filter : { ...filter, _id: { $gt: after } };
    const docs = await store.collection<T>(collection).find(page, { sort: { _id: 1 }, limit: pageSize, ...(projection ? { projection } : {}) });
    if (docs.length > 0) await visit(docs);
    if (docs.length < pageSize) return;
    after = docs[docs.length - 1]!._id;
  }
}
