import { usePagedQuery } from '../lib/paged-query';
import type { FolderSearchResult, ScriptSearchResult } from './types';

/** Workspace search over the whole tree (titles and folder names), keyed under 'scripts' so writes refresh it. */
export const searchKeys = {
  scripts: (q: string) => ['scripts', 'search', q] as const,
  folders: (q: string) => ['folders', 'search', q] as const,
};

const path = (q: string, type: 'scripts' | 'folders') => `/api/search?q=${encodeURIComponent(q)}&type=${type}`;

export const useScriptSearch = (q: string) =>
  usePagedQuery<ScriptSearchResult>(searchKeys.scripts(q), path(q, 'scripts'), { enabled: q !== '' });
export const useFolderSearch = (q: string) =>
  usePagedQuery<FolderSearchResult>(searchKeys.folders(q), path(q, 'folders'), { enabled: q !== '' });
