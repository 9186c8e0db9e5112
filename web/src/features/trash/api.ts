import { apiFetch } from '../../lib/api-client';
import { invalidateQueries } from '../../lib/query';
import { usePagedQuery } from '../../lib/paged-query';

/** docs/api.md: TrashEntry. A folder stands for everything that was deleted with it. */
export interface TrashEntry {
  kind: 'script' | 'folder';
  id: string;
  name: string;
  folderId: string | null;
  trashedAt: string;
  purgeAt: string;
  version?: number;
  size?: number;
  /** where it was, root first (empty: the root); `inTrash`: that folder is in the trash too */
  path?: { id: string; name: string; inTrash?: boolean }[];
}

export const TRASH_QUERY = ['trash'] as const;
const enc = encodeURIComponent;

export const useTrash = () => usePagedQuery<TrashEntry>(TRASH_QUERY, '/api/trash');

/** The trash and every list a restore or purge changes (scripts, folders, storage use under ['scripts']). */
async function refreshAfterTrashChange(): Promise<void> {
  await Promise.all([invalidateQueries(TRASH_QUERY), invalidateQueries(['scripts']), invalidateQueries(['folders']), invalidateQueries(['folder']), invalidateQueries(['script'])]);
}

/** A trashed script with its content (`GET /api/trash/scripts/:id`). */
export const readTrashedScript = (id: string) => apiFetch<{ id: string; title: string; content: string; version: number }>(`/api/trash/scripts/${enc(id)}`);

export async function restoreFromTrash(entry: Pick<TrashEntry, 'kind' | 'id'>): Promise<void> {
  await apiFetch<void>(`/api/trash/${entry.kind}s/${enc(entry.id)}/restore`, { method: 'POST' });
  await refreshAfterTrashChange();
}

export async function deleteForever(entry: Pick<TrashEntry, 'kind' | 'id'>): Promise<void> {
  await apiFetch<void>(`/api/trash/${entry.kind}s/${enc(entry.id)}`, { method: 'DELETE' });
  await refreshAfterTrashChange();
}

export async function emptyTrash(): Promise<{ purged: number }> {
  const result = await apiFetch<{ purged: number }>('/api/trash', { method: 'DELETE' });
  await refreshAfterTrashChange();
  return result;
}
