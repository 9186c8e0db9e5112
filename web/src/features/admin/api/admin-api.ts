/**
 * Calls to /admin-api with the admin access key in the X-API-Key header (docs/api.md "Admin").
 * The key is checked by the server only (GET /admin-api/health); the browser never compares it.
 */
export interface AdminStats {
  counts: { users: number; scripts: number; versions: number };
  topViewed: { id: string; title: string; views: number }[];
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
  views: number;
  updatedAt: string;
  content: string;
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
  return (await res.json()) as T;
}

export const checkAdminHealth = (key: string) => adminFetch<{ status: string }>('/admin-api/health', key);
export const getAdminStats = (key: string) => adminFetch<AdminStats>('/admin-api/stats', key);
export const getAdminUsers = (key: string) => adminFetch<AdminUser[]>('/admin-api/users', key);
export const getAdminScripts = (key: string, userId?: string | null) =>
  adminFetch<AdminScript[]>(`/admin-api/scripts${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`, key);

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
