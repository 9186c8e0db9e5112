/**
 * Calls to /admin-api with the admin access key in the X-API-Key header (docs/api.md "Admin").
 * The key is checked by the server only (GET /admin-api/health); the browser never compares it.
 */
export interface AdminStats {
  counts: { users: number; scripts: number; versions: number };
  topViewed: { id: string; title: string; views: number; username: string | null }[];
}
/** Top scripts over time (GET /admin-api/stats/views): each script's page views and raw fetches per UTC day. */
export interface AdminTopViews {
  days: number;
  scripts: {
    id: string;
    title: string;
    username: string | null;
    totals: { pageViews: number; rawFetches: number };
    days: { date: string; pageViews: number; rawFetches: number }[];
  }[];
}
export interface AdminUser {
  id: string;
  username: string;
  createdAt: string;
}
export interface AdminScript {
  id: string;
  title: string;
  userId: string;
  /** the owner's username; null once the account no longer exists */
  username: string | null;
  views: number;
  updatedAt: string;
  /** the first 300 characters; the content comes from `getAdminScript` */
  /** shared scripts only: a private one's text is read by opening it, which its owner sees */
  preview: string | null;
  size: number;
}
/** One page of an admin list and the next page's URL (from the `Link` header), null on the last page. */
export interface AdminPage<T> {
  items: T[];
  next: string | null;
}

/** A non-OK answer: the server's `error` field, or 'Request failed with status {n}'. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}
/** The request never got an answer (server down, connection refused). */
export class AdminNetworkError extends Error {
  constructor(cause: unknown) {
    super('Could not connect to the admin API server.');
    this.name = 'AdminNetworkError';
    this.cause = cause;
  }
}

export async function adminFetch<T>(path: string, accessKey: string): Promise<T> {
  return (await adminResponse(path, accessKey)).json() as Promise<T>;
}

async function adminFetchPage<T>(path: string, accessKey: string): Promise<AdminPage<T>> {
  const res = await adminResponse(path, accessKey);
  const match = /<([^<>]+)>\s*;\s*rel="next"/.exec(res.headers.get('Link') ?? '');
  return { items: (await res.json()) as T[], next: match ? match[1]! : null };
}

async function adminResponse(path: string, accessKey: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { 'X-API-Key': accessKey, Accept: 'application/json' }, credentials: 'include' });
  } catch (err) {
    throw new AdminNetworkError(err);
  }
  if (!res.ok) {
    let message = `Request failed with status ${res.status}`;
    try {
      const body = (await res.json()) as unknown;
      if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) message = body.error;
    } catch {
      /* not JSON */
    }
    throw new AdminApiError(res.status, message);
  }
  return res;
}

export const checkAdminHealth = (key: string) => adminFetch<{ status: string }>('/admin-api/health', key);
export const getAdminStats = (key: string) => adminFetch<AdminStats>('/admin-api/stats', key);
/** `next`: a page URL from the previous answer; omitted for the first page. */
export const getAdminTopViews = (key: string, days: number, top: number) => adminFetch<AdminTopViews>(`/admin-api/stats/views?days=${days}&top=${top}`, key);
export const getAdminUsers = (key: string, next?: string | null) => adminFetchPage<AdminUser>(next ?? '/admin-api/users', key);
export const getAdminScripts = (key: string, userId?: string | null, next?: string | null) =>
  adminFetchPage<AdminScript>(next ?? `/admin-api/scripts${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`, key);
export const getAdminUser = (key: string, id: string) => adminFetch<AdminUser>(`/admin-api/users/${encodeURIComponent(id)}`, key);
export const getAdminScript = (key: string, id: string) => adminFetch<AdminScript & { content: string }>(`/admin-api/scripts/${encodeURIComponent(id)}`, key);

/** Result of checking a key against the server. */
export type KeyCheck = 'valid' | 'invalid' | 'error';

export async function verifyAccessKey(key: string): Promise<KeyCheck> {
  try {
    const health = await checkAdminHealth(key);
    return health.status === 'ok' ? 'valid' : 'error';
  } catch (err) {
    if (err instanceof AdminApiError && (err.status === 401 || err.status === 403)) return 'invalid';
    return 'error';
  }
}
