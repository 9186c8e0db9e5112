import { apiFetch } from '../lib/api-client';
import { invalidateQueries, removeQueries, useQuery } from '../lib/query';
import { fetchAllPages, usePagedQuery } from '../lib/paged-query';
import type { Folder, FolderPathItem, ScriptSummary } from './types';

export const folderKeys = {
  all: ['folders'] as const,
  children: (parentId: string | null) => ['folders', 'children', parentId ?? 'null'] as const,
  one: (id: string) => ['folder', id] as const,
  scripts: (id: string) => ['folder', id, 'scripts'] as const,
  path: (id: string) => ['folder', id, 'path'] as const,
};
const enc = encodeURIComponent;

/** Every folder (the move picker shows the whole tree): all pages, the largest the server allows. */
export const useAllFolders = (enabled = true) =>
  useQuery(folderKeys.all, () => fetchAllPages<Folder>('/api/folders?limit=500'), { enabled });
export const useChildFolders = (parentId: string | null, enabled = true) =>
  usePagedQuery<Folder>(folderKeys.children(parentId), `/api/folders?parentId=${parentId === null ? 'null' : enc(parentId)}`, { enabled, maxLimit: 500 });
export const useFolder = (id: string | undefined) =>
  useQuery(folderKeys.one(id ?? ''), () => apiFetch<Folder>(`/api/folders/${enc(id!)}`), { enabled: !!id });
export const useFolderScripts = (id: string | undefined) =>
  usePagedQuery<ScriptSummary>(folderKeys.scripts(id ?? ''), `/api/folders/${enc(id ?? '')}/scripts`, { enabled: !!id });
export const useFolderPath = (id: string | undefined) =>
  useQuery(folderKeys.path(id ?? ''), () => apiFetch<FolderPathItem[]>(`/api/folders/${enc(id!)}/path`), { enabled: !!id });

export async function refreshFolders(): Promise<void> {
  await Promise.all([invalidateQueries(['folders']), invalidateQueries(['folder']), invalidateQueries(['scripts'])]);
}

export async function createFolder(input: { name: string; parentId?: string | null; isPublic?: boolean }): Promise<Folder> {
  const folder = await apiFetch<Folder>('/api/folders', { method: 'POST', json: { isPublic: false, parentId: null, ...input } });
  await refreshFolders();
  return folder;
}

export async function updateFolder(id: string, input: { name?: string; isPublic?: boolean; parentId?: string | null }): Promise<Folder> {
  const folder = await apiFetch<Folder>(`/api/folders/${enc(id)}`, { method: 'PUT', json: input });
  await refreshFolders();
  return folder;
}

/** What deleting a folder does with its scripts and subfolders: move them to the root (the default) or trash them too. */
export type FolderContents = 'root' | 'trash';

export async function deleteFolder(id: string, contents: FolderContents = 'root'): Promise<void> {
  await apiFetch<void>(`/api/folders/${enc(id)}${contents === 'trash' ? '?contents=trash' : ''}`, { method: 'DELETE' });
  removeQueries(['folder', id]); // gone: do not refetch it (the page showing it navigates away)
  await refreshFolders();
}

export async function shareFolder(id: string): Promise<{ shareId: string }> {
  const res = await apiFetch<{ shareId: string }>(`/api/folders/${enc(id)}/share`, { method: 'POST' });
  await refreshFolders();
  return res;
}

export async function revokeFolderShare(id: string): Promise<void> {
  await apiFetch<void>(`/api/folders/${enc(id)}/share`, { method: 'DELETE' });
  await refreshFolders();
}
