import { useCallback, useEffect, useRef } from 'react';
import { create } from 'zustand';

/**
 * A small server-data cache (spec section 9: data never goes stale, no refetch on focus, no retries,
 * no interval refetch unless asked). Keys are arrays of strings; `invalidateQueries(['scripts'])` refetches every
 * mounted query whose key starts with that prefix and drops the others; `clearQueryCache()` empties it (sign-in/out).
 *
 *   const { data, error, isLoading, refetch } = useQuery(['scripts', id], () => apiFetch<Script>(`/api/scripts/${id}`));
 */
export type QueryKey = readonly (string | number | null | undefined)[];
type Entry = { data?: unknown; error?: unknown; status: 'idle' | 'loading' | 'success' | 'error'; updatedAt: number; generation: number };

type CacheState = { entries: Record<string, Entry> };
const useCache = create<CacheState>(() => ({ entries: {} }));

const hash = (key: QueryKey) => JSON.stringify(key);
const inflight = new Map<string, Promise<unknown>>();
const fetchers = new Map<string, Set<() => void>>();
let generation = 0;
/** The newest request started per key: only it may write its answer (an older one can land later, with older data). */
const newestRequest = new Map<string, number>();
let requests = 0;

function setEntry(k: string, patch: Partial<Entry>) {
  useCache.setState((s) => {
    const prev = s.entries[k] ?? { status: 'idle', updatedAt: 0, generation };
    return { entries: { ...s.entries, [k]: { ...prev, ...patch } } };
  });
}

async function run<T>(k: string, fn: () => Promise<T>): Promise<T> {
  const existing = inflight.get(k);
  if (existing) return existing as Promise<T>;
  const gen = generation;
  const request = ++requests;
  newestRequest.set(k, request);
  // An invalidation starts a new request while an older one may still run (a write landed in between): the older
  // answer must not overwrite the newer one when it arrives last.
  const newest = () => gen === generation && newestRequest.get(k) === request;
  setEntry(k, { status: useCache.getState().entries[k]?.data !== undefined ? 'success' : 'loading' });
  const p: Promise<T> = fn()
    .then((data) => {
      if (newest()) setEntry(k, { data, error: undefined, status: 'success', updatedAt: Date.now(), generation: gen });
      return data;
    })
    .catch((error: unknown) => {
      if (newest()) setEntry(k, { error, status: 'error', updatedAt: Date.now(), generation: gen });
      throw error;
    })
    .finally(() => {
      if (inflight.get(k) === p) inflight.delete(k);
    });
  inflight.set(k, p);
  return p;
}

export type UseQueryResult<T> = {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<T | undefined>;
};

export function useQuery<T>(
  key: QueryKey,
  fn: () => Promise<T>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
): UseQueryResult<T> {
  const { enabled = true, refetchInterval } = options;
  const k = hash(key);
  const entry = useCache((s) => s.entries[k]);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  const refetch = useCallback(async () => {
    try {
      return await run(k, () => fnRef.current());
    } catch {
      return undefined;
    }
  }, [k]);

  useEffect(() => {
    if (!enabled) return;
    let set = fetchers.get(k);
    if (!set) fetchers.set(k, (set = new Set()));
    const trigger = () => void refetch();
    set.add(trigger);
    const e = useCache.getState().entries[k];
    // Fetch when nothing is cached yet, or when the last attempt failed (a fresh mount tries again).
    if (!e || e.status === 'idle' || (e.status === 'error' && !inflight.has(k))) void refetch();
    return () => {
      set.delete(trigger);
    };
  }, [k, enabled, refetch]);

  useEffect(() => {
    if (!enabled || !refetchInterval) return;
    const t = window.setInterval(() => void refetch(), refetchInterval);
    return () => window.clearInterval(t);
  }, [enabled, refetchInterval, refetch]);

  return {
    data: entry?.data as T | undefined,
    error: entry?.error,
    isLoading: enabled && (!entry || entry.status === 'idle' || (entry.status === 'loading' && entry.data === undefined)),
    isError: entry?.status === 'error',
    isFetching: inflight.has(k),
    refetch,
  };
}

/** Refetch mounted queries whose key starts with `prefix`; forget unmounted ones. */
export async function invalidateQueries(prefix: QueryKey): Promise<void> {
  const p = hash(prefix).slice(0, -1);
  const keys = Object.keys(useCache.getState().entries).filter((k) => k === hash(prefix) || k.startsWith(`${p},`));
  const jobs: Promise<unknown>[] = [];
  for (const k of keys) {
    const active = fetchers.get(k);
    if (active && active.size > 0) {
      inflight.delete(k);
      const first = active.values().next().value as (() => void) | undefined;
      first?.();
      const pending = inflight.get(k);
      if (pending) jobs.push(pending.catch(() => undefined));
    } else {
      useCache.setState((s) => {
        const entries = { ...s.entries };
        delete entries[k];
        return { entries };
      });
    }
  }
  await Promise.all(jobs);
}

/** Put data straight into the cache (after a write that returned the new value). */
export function setQueryData<T>(key: QueryKey, data: T | ((old: T | undefined) => T)): void {
  const k = hash(key);
  const old = useCache.getState().entries[k]?.data as T | undefined;
  const next = typeof data === 'function' ? (data as (o: T | undefined) => T)(old) : data;
  newestRequest.set(k, ++requests); // newer than any answer still on its way
  setEntry(k, { data: next, status: 'success', error: undefined, updatedAt: Date.now() });
}

/** What the cache holds for `key` right now, if anything. */
export function getQueryData<T>(key: QueryKey): T | undefined {
  return useCache.getState().entries[hash(key)]?.data as T | undefined;
}

/** Drop everything (sign-in, sign-out). Mounted queries fetch again. */
export function clearQueryCache(): void {
  generation++;
  inflight.clear();
  useCache.setState({ entries: {} });
  for (const set of fetchers.values()) for (const f of set) f();
}

/** Forget cached entries under `prefix` without refetching them (e.g. a deleted folder's own queries). */
export function removeQueries(prefix: QueryKey): void {
  const h = hash(prefix);
  const p = h.slice(0, -1);
  useCache.setState((s) => {
    const entries = { ...s.entries };
    for (const k of Object.keys(entries)) if (k === h || k.startsWith(`${p},`)) delete entries[k];
    return { entries };
  });
}

/** Fetch again every mounted query whose last attempt failed (the server is reachable again). */
export function refetchFailedQueries(): void {
  const entries = useCache.getState().entries;
  for (const [k, entry] of Object.entries(entries)) {
    if (entry.status !== 'error') continue;
    const first = fetchers.get(k)?.values().next().value as (() => void) | undefined;
    first?.();
  }
}
