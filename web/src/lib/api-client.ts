/**
 * The fetch layer. Every call sends cookies; a `json` option becomes a JSON body.
 * Non-OK answers throw ApiError with message `${status}: ${body || statusText}` (spec section 8).
 */
export class ApiError extends Error {
  status: number;
  body: string;
  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * The server could not be reached at all (no HTTP answer). Its message is the one users read instead of the
 * browser's "Failed to fetch"; the connectivity banner starts watching for the server to come back.
 */
export const OFFLINE_MESSAGE = 'Could not reach the server. Your changes are kept in this browser; we will let you know when you can save again.';

export class NetworkError extends Error {
  constructor() {
    super(OFFLINE_MESSAGE);
    this.name = 'NetworkError';
  }
}

type OfflineListener = () => void;
const offlineListeners = new Set<OfflineListener>();
/** Called whenever a request finds no server (the connectivity store subscribes). */
export function onNetworkFailure(listener: OfflineListener): () => void {
  offlineListeners.add(listener);
  return () => offlineListeners.delete(listener);
}

/** A proxy's answer that no app server is behind it (nginx: 502/504, or a 503 page that is not the app's JSON). */
function fromProxyWithoutServer(res: Response): boolean {
  if (res.status === 502 || res.status === 504) return true;
  return res.status === 503 && !(res.headers.get('Content-Type') ?? '').includes('application/json');
}

/** fetch, with "no server answered" turned into NetworkError (an abort stays an abort). */
export async function send(input: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(input, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    for (const listener of offlineListeners) listener();
    throw new NetworkError();
  }
  if (fromProxyWithoutServer(res)) {
    for (const listener of offlineListeners) listener();
    throw new NetworkError();
  }
  return res;
}

export type ApiInit = RequestInit & { json?: unknown };

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const h = new Headers(headers);
  let body = rest.body;
  if (json !== undefined) {
    h.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  if (!h.has('Accept')) h.set('Accept', 'application/json');
  const res = await send(path, { ...rest, headers: h, body, credentials: 'include' });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) return (await res.json()) as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** One page of a paginated list: the body is the array, the next page's URL is in `Link: <...>; rel="next"`. */
export type Page<T> = { items: T[]; next: string | null };

export function nextPageUrl(link: string | null): string | null {
  const match = link ? /<([^<>]+)>\s*;\s*rel="next"/.exec(link) : null;
  return match ? match[1]! : null;
}

export async function apiFetchPage<T>(path: string, init: ApiInit = {}): Promise<Page<T>> {
  const { headers, ...rest } = init;
  const h = new Headers(headers);
  h.set('Accept', 'application/json');
  const res = await send(path, { ...rest, headers: h, credentials: 'include' });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
  return { items: (await res.json()) as T[], next: nextPageUrl(res.headers.get('Link')) };
}

/** The server's `error` field when the body is JSON, else the error's message (never the browser's "Failed to fetch"). */
export function errorMessage(err: unknown): string {
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) return OFFLINE_MESSAGE;
  if (err instanceof ApiError) {
    try {
      const parsed = JSON.parse(err.body) as unknown;
      if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
    } catch {
      /* not JSON */
    }
    return err.message;
  }
  if (err instanceof Error) return err.message;
  return String(err);
}
