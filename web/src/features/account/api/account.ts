import { apiFetch } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/query';
import { usePagedQuery } from '../../../lib/paged-query';

/** docs/api.md: Session. `createdAt` is null for sessions started before sign-in times were recorded. */
export interface AccountSession {
  id: string;
  createdAt: string | null;
  expiresAt: string;
  current: boolean;
}

export const SESSIONS_QUERY = ['account', 'sessions'] as const;

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiFetch<void>('/api/account/password', { method: 'POST', json: { currentPassword, newPassword } });
export const signOutSession = (id: string) => apiFetch<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const signOutOtherSessions = () => apiFetch<void>('/api/account/sessions/others', { method: 'DELETE' });
export const deleteAccount = (password: string) => apiFetch<void>('/api/account/delete', { method: 'POST', json: { password } });

export const useSessions = () => usePagedQuery<AccountSession>(SESSIONS_QUERY, '/api/account/sessions', { maxLimit: 100 });
export const refreshSessions = () => invalidateQueries(SESSIONS_QUERY);
