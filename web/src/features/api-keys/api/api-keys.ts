import { apiFetch } from '../../../lib/api-client';
import { invalidateQueries, useQuery } from '../../../lib/query';
import { usePagedQuery } from '../../../lib/paged-query';

/** docs/api.md: ApiKey. `lastUsed` is null until the key is first used. */
export interface ApiKey {
  id: string;
  name: string;
  createdAt: string;
  keyPreview: string;
  lastUsed: string | null;
}
/** The creation answer carries the full secret, shown once. */
export type CreatedApiKey = ApiKey & { key: string };

export const API_KEYS_QUERY = ['api-keys'] as const;
/** Spec section 9: the list refreshes every 30 seconds. */
export const API_KEYS_REFRESH_MS = 30_000;

export const createApiKey = (name: string) => apiFetch<CreatedApiKey>('/api/api-keys', { method: 'POST', json: { name } });
export const deleteApiKey = (id: string) => apiFetch<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useApiKeys() {
  return usePagedQuery<ApiKey>(API_KEYS_QUERY, '/api/api-keys', { refetchInterval: API_KEYS_REFRESH_MS, maxLimit: 100 });
}

export const refreshApiKeys = () => invalidateQueries(API_KEYS_QUERY);

/** A script id of the signed-in user, to make the examples pasteable as they are. */
export interface ScriptSummary {
  id: string;
  title: string;
}
export function useExampleScript() {
  return useQuery(['api-examples', 'script'], async () => {
    const scripts = await apiFetch<ScriptSummary[]>('/api/scripts?limit=1');
    return scripts[0] ?? null;
  });
}
