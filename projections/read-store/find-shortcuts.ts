import { find as mingoFind } from 'mingo';
import type { Doc, Filter, FindOptions, Sort } from './read-store';

/** Pure helpers of the embedded read store's reads and key columns: what a filter, a projection or a document tells it. */

export const COMPLEX = Symbol('complex');

/** The value a key column holds for `doc`: a string, a number or null (missing); COMPLEX for anything else. */
export function keyValue(doc: Doc, parts: string[]): string | number | null | typeof COMPLEX {
  let node: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(node)) return COMPLEX;
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  if (node === undefined || node === null) return null;
  if (typeof node === 'string' || (typeof node === 'number' && Number.isFinite(node))) return node;
  return COMPLEX;
}

/** The ids a filter is limited to by a top-level `_id` equality or `$in` of strings, else null. */
export function idsOf(filter: Filter): string[] | null {
  const condition = filter._id;
  if (typeof condition === 'string') return [condition];
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return null;
  const ops = Object.keys(condition);
  if (ops.length !== 1) return null;
  const { $eq, $in } = condition as { $eq?: unknown; $in?: unknown };
  if (ops[0] === '$eq' && typeof $eq === 'string') return [$eq];
  if (ops[0] === '$in' && Array.isArray($in) && $in.every((v) => typeof v === 'string')) return [...new Set($in as string[])];
  return null;
}

/**
 * Top-level fields an exclusion projection drops that neither the filter nor the sort mentions: those need not be
 * read (a version list without contents parses no content). Null when there are none.
 */
export function omittable(filter: Filter, options: FindOptions): string[] | null {
  const projection = options.projection;
  if (!projection) return null;
  const values = Object.values(projection);
  if (values.length === 0 || values.some((value) => value !== 0)) return null;
  const mentioned = JSON.stringify([filter, options.sort ?? {}]);
  const fields = Object.keys(projection).filter((field) => field !== '_id' && SIMPLE_FIELD.test(field) && !mentioned.includes(`"${field}`));
  return fields.length > 0 ? fields : null;
}

const SIMPLE_FIELD = /^[A-Za-z0-9_]+$/;

/** Sorts (stable, MongoDB order, with mingo), skips and limits documents held in memory. */
export function shape(docs: Doc[], sort: Sort | undefined, skip: number, wanted: number): Doc[] {
  const sorted = sort ? mingoFind<Doc>(docs, {}).sort(sort).all() : docs;
  return skip > 0 || wanted !== Infinity ? sorted.slice(skip, wanted) : sorted;
}
