import { usePagedQuery } from '../lib/paged-query';
import type { ContentSearchResult, FolderSearchResult, ScriptSearchResult } from './types';

/** Workspace search over the whole tree, keyed under 'scripts' so writes refresh it. */
export const searchKeys = {
  scripts: (q: string) => ['scripts', 'search', q] as const,
  folders: (q: string) => ['folders', 'search', q] as const,
  content: (q: string, allVersions: boolean) => ['scripts', 'content-search', q, allVersions ? 'all' : 'current'] as const,
};

const path = (q: string, type: 'scripts' | 'folders' | 'content') => `/api/search?q=${encodeURIComponent(q)}&type=${type}`;

/** Titles (scripts) and folder names: the text anywhere in the name. */
export const useScriptSearch = (q: string) =>
  usePagedQuery<ScriptSearchResult>(searchKeys.scripts(q), path(q, 'scripts'), { enabled: q !== '' });
export const useFolderSearch = (q: string) =>
  usePagedQuery<FolderSearchResult>(searchKeys.folders(q), path(q, 'folders'), { enabled: q !== '' });

/** Full-text search of titles and contents (every word, whole words); `allVersions` searches older versions too. */
export const useContentSearch = (q: string, allVersions: boolean) =>
  usePagedQuery<ContentSearchResult>(searchKeys.content(q, allVersions), `${path(q, 'content')}${allVersions ? '&versions=all' : ''}`, {
    enabled: q !== '',
    // one item per matching version: a script can appear once per version
    keyOf: (item) => `${item.scriptId}@${item.version}`,
  });
