import { useCallback, useState } from 'react';
import { apiFetchPage, type Page } from './api-client';
import { getQueryData, setQueryData, useQuery, type QueryKey, type UseQueryResult } from './query';

/**
 * A paginated list in the query cache: the first page is fetched like any query, `loadMore` appends the next one.
 * A refetch (after a write) asks for as many items as are shown, up to `maxLimit`, so a list the user has grown does
 * not shrink back to one page.
 */
export type PagedQueryResult<T> = UseQueryResult<Page<T>> & {
  items: T[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<void>;
};

/** Items per page the web app asks for; unset: the server's default. A stored number (tests, small screens) wins. */
export function configuredPageSize(): number | undefined {
  try {
    const stored = Number(window.localStorage.getItem('luavault:page-size'));
    return Number.isInteger(stored) && stored > 0 ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function withLimit(path: string, limit: number | undefined): string {
  if (limit === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
}

/** A cached list; `grown` once "Load more" added a page to it. */
type Grown<T> = Page<T> & { grown?: boolean };

const idOf = (item: unknown) => (item as { id?: unknown }).id;

export function usePagedQuery<T>(
  key: QueryKey,
  path: string,
  options: { enabled?: boolean; maxLimit?: number; refetchInterval?: number; keyOf?: (item: T) => unknown } = {},
): PagedQueryResult<T> {
  const { enabled = true, maxLimit = 200, refetchInterval, keyOf = idOf } = options;
  const query = useQuery<Page<T>>(
    key,
    () => {
      const cached = getQueryData<Grown<T>>(key);
      const size = configuredPageSize();
      // a list grown by "Load more" comes back as long as it was shown; otherwise one page of the usual size
      const limit = cached?.grown ? Math.min(Math.max(cached.items.length, size ?? 0), maxLimit) : size;
      return apiFetchPage<T>(withLimit(path, limit)).then((page): Grown<T> => ({ ...page, grown: !!cached?.grown }));
    },
    { enabled, refetchInterval },
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = useCallback(async () => {
    const current = getQueryData<Page<T>>(key);
    if (!current?.next) return;
    setLoadingMore(true);
    try {
      const page = await apiFetchPage<T>(current.next);
      setQueryData<Grown<T>>(key, (old) => {
        const items = old?.items ?? [];
        const known = new Set(items.map(keyOf));
        return { items: [...items, ...page.items.filter((item) => !known.has(keyOf(item)))], next: page.next, grown: true };
      });
    } finally {
      setLoadingMore(false);
    }
  }, [JSON.stringify(key)]); // the key's content, not its identity, names the list
  return { ...query, items: query.data?.items, hasMore: !!query.data?.next, loadingMore, loadMore };
}

/** Every page of a list (for pickers that need the whole tree), at most `maxPages` requests. */
export async function fetchAllPages<T>(path: string, maxPages = 50): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = path;
  for (let page = 0; next && page < maxPages; page++) {
    const result: Page<T> = await apiFetchPage<T>(next);
    items.push(...result.items);
    next = result.next;
  }
  return items;
}
