import { apiFetch } from '../../lib/api-client';
import { useQuery } from '../../lib/query';

/** Answers of `/api/as-of/...` (docs/api.md "Time travel"). */
export interface FolderAsOf {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface ScriptSummaryAsOf {
  id: string;
  title: string;
  folderId: string | null;
  version: number;
  preview: string;
  size: number;
  createdAt: string;
  updatedAt: string;
}
export interface ActivityEntryAsOf extends HistoryEntryAsOf {
  subject: { kind: 'script' | 'folder'; id: string; name: string };
}
export interface WorkspaceAsOf {
  at: string;
  activity: ActivityEntryAsOf[];
  folders: FolderAsOf[];
  /** more than 1,000 folders had been created by then: only 1,000 (the first by id) are in `folders` */
  foldersTruncated: boolean;
  scripts: ScriptSummaryAsOf[];
  next: string | null;
}
export interface HistoryEntryAsOf {
  position: string;
  type: string;
  actorId: string;
  actorName: string;
  at: string;
  summary: string;
}
export interface ScriptAsOf {
  at: string;
  id: string;
  title: string;
  content: string;
  folderId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  history: HistoryEntryAsOf[];
  historyTruncated: boolean;
}

const enc = encodeURIComponent;

/** The workspace then: one answer of up to 1,000 scripts; `after` asks for the next ones. */
export const useWorkspaceAsOf = (at: string, after: string | null = null) =>
  useQuery(['asOf', 'workspace', at, after], () => apiFetch<WorkspaceAsOf>(`/api/as-of/workspace?at=${enc(at)}${after ? `&after=${enc(after)}` : ''}`));

export const useScriptAsOf = (scriptId: string, at: string | null) =>
  useQuery(['asOf', 'script', scriptId, at], () => apiFetch<ScriptAsOf>(`/api/as-of/scripts/${enc(scriptId)}?at=${enc(at!)}`), { enabled: at !== null });
