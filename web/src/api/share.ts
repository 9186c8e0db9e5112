import { apiFetch } from '../lib/api-client';
import type { FolderSharedScript, SharedFolder, SharedScript } from './types';

const enc = encodeURIComponent;
export const fetchSharedScript = (shareId: string) => apiFetch<SharedScript>(`/api/share/${enc(shareId)}`);
export const fetchSharedFolder = (shareId: string) => apiFetch<SharedFolder>(`/api/share/folder/${enc(shareId)}`);
export const fetchFolderSharedScript = (shareId: string, scriptId: string) =>
  apiFetch<FolderSharedScript>(`/api/share/folder/${enc(shareId)}/scripts/${enc(scriptId)}`);
