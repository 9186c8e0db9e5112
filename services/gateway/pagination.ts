import type { Request, Response } from 'express';
import { z } from 'zod';
import { ValidationError } from '../domain/shared/errors';
import type { PageAfter } from '../../projections/keyset-page';

/**
 * Cursor pagination of list routes: `?limit=` (a default and a maximum per list) and an opaque `?cursor=`. The body
 * stays the array the API always answered, so existing clients keep working; the next page's URL is in a
 * `Link: <...>; rel="next"` header, absent on the last page.
 */
export interface ListLimits {
  default: number;
  max: number;
}

/** Every paginated list and its limits (docs/api.md "Pagination"). */
export const LIST_LIMITS = {
  scripts: { default: 100, max: 200 },
  folders: { default: 100, max: 500 },
  versions: { default: 50, max: 200 },
  history: { default: 50, max: 200 },
  apiKeys: { default: 50, max: 100 },
  sessions: { default: 50, max: 100 },
  adminUsers: { default: 100, max: 500 },
  adminScripts: { default: 100, max: 200 },
  // All Scripts in another order: a cursor of one order is refused by another
  scriptsByTitle: { default: 100, max: 200 },
  scriptsBySize: { default: 100, max: 200 },
  searchScripts: { default: 50, max: 100 },
  searchFolders: { default: 50, max: 100 },
  // full-text search: ranked, so its cursor is an offset (see offsetPageRequest)
  searchContent: { default: 20, max: 100 },
  trash: { default: 50, max: 200 },
} as const satisfies Record<string, ListLimits>;

export type ListKind = keyof typeof LIST_LIMITS;

const INVALID_CURSOR = 'Invalid cursor';

/** A cursor names the list it belongs to, so one list's cursor is refused by another (400, not a wrong page). */
export function encodeCursor(kind: ListKind, after: PageAfter): string {
  return Buffer.from(JSON.stringify([kind, after.value, after.id])).toString('base64url');
}

function decodeCursor(kind: ListKind, cursor: string): PageAfter {
  if (cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new ValidationError(INVALID_CURSOR, { field: 'cursor' });
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(INVALID_CURSOR, { field: 'cursor' });
  }
  const parsed = z.tuple([z.literal(kind), z.union([z.string(), z.number().finite()]), z.string()]).safeParse(decoded);
  if (!parsed.success) throw new ValidationError(INVALID_CURSOR, { field: 'cursor' });
  return { value: parsed.data[1], id: parsed.data[2] };
}

/** `limit` and `cursor` of a list request; 400 JSON when either is malformed or the limit is out of range. */
export function pageRequest(kind: ListKind, query: Request['query']): { limit: number; after?: PageAfter } {
  const limits = LIST_LIMITS[kind];
  const { limit: rawLimit, cursor } = query;
  let limit: number = limits.default;
  if (rawLimit !== undefined) {
    const text = typeof rawLimit === 'string' ? rawLimit : '';
    limit = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!(limit >= 1 && limit <= limits.max)) throw new ValidationError(`limit must be a whole number from 1 to ${limits.max}`, { field: 'limit' });
  }
  if (cursor === undefined) return { limit };
  if (typeof cursor !== 'string') throw new ValidationError(INVALID_CURSOR, { field: 'cursor' });
  return { limit, after: decodeCursor(kind, cursor) };
}

/**
 * `limit` and `cursor` of a ranked list (full-text search), whose order is relevance, not a field: the cursor holds how
 * many results earlier pages showed. A new save can move a result across a page boundary; acceptable for a search.
 */
export function offsetPageRequest(kind: ListKind, query: Request['query']): { limit: number; skip: number } {
  const { limit, after } = pageRequest(kind, query);
  if (!after) return { limit, skip: 0 };
  if (typeof after.value !== 'number' || !Number.isSafeInteger(after.value) || after.value < 0 || after.id !== '') {
    throw new ValidationError(INVALID_CURSOR, { field: 'cursor' });
  }
  return { limit, skip: after.value };
}

/** The `next` of a ranked list's page: how many results this and earlier pages showed. */
export const offsetAfter = (skip: number | null): PageAfter | null => (skip === null ? null : { value: skip, id: '' });

/** Answers one page: the array as the body, the next page's URL (same path and query, new cursor) as a Link header. */
export function sendPage<T>(req: Request, res: Response, kind: ListKind, page: { items: T[]; next: PageAfter | null }): void {
  if (page.next) {
    const url = new URL(req.originalUrl, 'http://localhost');
    url.searchParams.set('cursor', encodeCursor(kind, page.next));
    res.set('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  res.json(page.items);
}
