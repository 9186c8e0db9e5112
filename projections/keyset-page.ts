import type { Doc, Filter, ReadCollection } from './read-store/read-store';

/**
 * Keyset ("seek") pagination over any read collection, in plain MongoDB filters so both read-store adapters run it:
 * sort by one field and `_id` as a tie-breaker, ask for `limit + 1` documents, and continue after the last one shown
 * with `{ field < v } or { field = v and _id < id }` (mirrored for ascending order). Unlike skip/offset, an item added
 * between two page requests can never shift an item already shown onto the next page, and a page costs the same at
 * any depth with an index on the filter's equality fields, the sort field and `_id`.
 */
export type SortValue = string | number;

/** Where the previous page ended: the sort value and `_id` of its last item. */
export interface PageAfter {
  value: SortValue;
  id: string;
}

export interface PageRequest {
  limit: number;
  after?: PageAfter;
}

export interface Page<T> {
  items: T[];
  /** where the next page starts; null on the last page */
  next: PageAfter | null;
}

export interface KeysetQuery {
  filter: Filter;
  field: string;
  direction: 1 | -1;
  /** find projection, e.g. `{ content: 0 }` so a list never reads whole scripts */
  projection?: Record<string, 0 | 1>;
}

/** The filter that selects what comes after `after` in this order. */
export function afterFilter(field: string, direction: 1 | -1, after: PageAfter): Filter {
  const beyond = direction === -1 ? '$lt' : '$gt';
  return { $or: [{ [field]: { [beyond]: after.value } }, { [field]: after.value, _id: { [beyond]: after.id } }] };
}

export async function keysetPage<T extends Doc>(collection: ReadCollection<T>, query: KeysetQuery, page: PageRequest): Promise<Page<T>> {
  const { filter, field, direction, projection } = query;
  // Base filters here never carry `$or` of their own, so the cursor condition sits beside the equality fields.
  const where = page.after ? { ...filter, ...afterFilter(field, direction, page.after) } : filter;
  const found = await collection.find(where, { sort: { [field]: direction, _id: direction }, limit: page.limit + 1, ...(projection ? { projection } : {}) });
  const items = found.slice(0, page.limit);
  const last = items[items.length - 1];
  const next = found.length > page.limit && last ? { value: last[field] as SortValue, id: last._id } : null;
  return { items, next };
}
