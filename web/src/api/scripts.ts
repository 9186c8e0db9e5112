import { apiFetch } from '../lib/api-client';
import { invalidateQueries, setQueryData, useQuery } from '../lib/query';
import { usePagedQuery } from '../lib/paged-query';
import type { AuditEntry, Script, ScriptOrder, ScriptSummary, ScriptVersion, ShareResult, StorageUse, VersionSummary, ViewsByDay } from './types';

/** Query keys: everything about scripts lives under 'scripts' or 'script'. */
export const scriptKeys = {
  all: ['scripts'] as const,
  root: ['scripts', 'root'] as const,
  one: (id: string) => ['script', id] as const,
  versions: (id: string) => ['script', id, 'versions'] as const,
  history: (id: string) => ['script', id, 'history'] as const,
  views: (id: string) => ['script', id, 'views'] as const,
};

const enc = encodeURIComponent;

/** Every script (All Scripts), newest update first unless another order is asked for. */
export const useScripts = (enabled = true, sort: ScriptOrder = 'updated') =>
  usePagedQuery<ScriptSummary>(
    sort === 'updated' ? scriptKeys.all : [...scriptKeys.all, 'sorted', sort],
    sort === 'updated' ? '/api/scripts' : `/api/scripts?sort=${sort}`,
    { enabled },
  );
export const useRootScripts = (enabled = true) => usePagedQuery<ScriptSummary>(scriptKeys.root, '/api/root-scripts', { enabled });
export const useScript = (id: string | undefined) =>
  useQuery(scriptKeys.one(id ?? ''), () => apiFetch<Script>(`/api/scripts/${enc(id!)}`), { enabled: !!id });
/** Version summaries, latest first (no contents: `fetchVersion` has them). */
export const useVersions = (id: string | undefined) =>
  usePagedQuery<VersionSummary>(scriptKeys.versions(id ?? ''), `/api/scripts/${enc(id ?? '')}/versions`, { enabled: !!id });
export const useHistory = (id: string | undefined, enabled = true) =>
  usePagedQuery<AuditEntry>(scriptKeys.history(id ?? ''), `/api/scripts/${enc(id ?? '')}/history`, { enabled: !!id && enabled, keyOf: (e) => e.position });

/** Page views and raw fetches per UTC day over the last 90 days. */
export const useScriptViews = (id: string | undefined) =>
  useQuery(scriptKeys.views(id ?? ''), () => apiFetch<ViewsByDay>(`/api/scripts/${enc(id!)}/views`), { enabled: !!id });

/** Storage used and allowed (GET /api/user). Keyed under 'scripts' so every script write refreshes it. */
export const useStorage = () =>
  useQuery(['scripts', 'storage'], async () => (await apiFetch<{ storage?: StorageUse }>('/api/user')).storage ?? null);

/** The script now, outside the query cache (the editor puts it in the cache and its text at the same moment). */
export const fetchScript = (id: string) => apiFetch<Script>(`/api/scripts/${enc(id)}`);
export const fetchVersion = (id: string, version: number) => apiFetch<ScriptVersion>(`/api/scripts/${enc(id)}/versions/${version}`);

/** After any script write: refresh lists, folders' script lists and this script's own queries. */
export async function refreshScripts(id?: string): Promise<void> {
  await Promise.all([invalidateQueries(['scripts']), invalidateQueries(['folder']), id ? invalidateQueries(['script', id]) : undefined]);
}

/** `extension`: the file extension the script keeps (the editor's Lua/Luau pick). */
export async function createScript(input: { title: string; extension?: string; content: string; folderId?: string | null; comment?: string }): Promise<Script> {
  const script = await apiFetch<Script>('/api/scripts', { method: 'POST', json: input });
  setQueryData(scriptKeys.one(script.id), script);
  void refreshScripts();
  return script;
}

/** `baseVersion`: the version the edit started from; a save based on an older one fails with 409 (see save-conflict.ts). */
export async function updateScript(id: string, input: { title?: string; content?: string; comment?: string; baseVersion?: number }): Promise<Script> {
  const script = await apiFetch<Script>(`/api/scripts/${enc(id)}`, { method: 'PUT', json: input });
  setQueryData(scriptKeys.one(id), script);
  await refreshScripts(id);
  return script;
}

export async function deleteScript(id: string): Promise<void> {
  await apiFetch<void>(`/api/scripts/${enc(id)}`, { method: 'DELETE' });
  await refreshScripts();
}

export async function restoreVersion(id: string, version: number): Promise<Script> {
  const script = await apiFetch<Script>(`/api/scripts/${enc(id)}/restore/${version}`, { method: 'POST' });
  setQueryData(scriptKeys.one(id), script);
  await refreshScripts(id);
  return script;
}

/** Shares the script, or keeps its live link; `fullHistory` given: whether the link serves versions saved before sharing. */
export async function shareScript(id: string, options: { fullHistory?: boolean } = {}): Promise<ShareResult> {
  const res = await apiFetch<ShareResult>(`/api/scripts/${enc(id)}/share`, { method: 'POST', json: options });
  setQueryData<Script | undefined>(scriptKeys.one(id), (old) =>
    old ? { ...old, shareId: res.shareId, shareFullHistory: res.fullHistory, sharedAtVersion: res.sharedAtVersion } : old,
  );
  void refreshScripts(id);
  return res;
}

export async function revokeScriptShare(id: string): Promise<void> {
  await apiFetch<void>(`/api/scripts/${enc(id)}/share`, { method: 'DELETE' });
  setQueryData<Script | undefined>(scriptKeys.one(id), (old) => (old ? { ...old, shareId: null } : old));
  void refreshScripts(id);
}

export async function moveScript(id: string, folderId: string | null): Promise<Script> {
  const script = await apiFetch<Script>(`/api/scripts/${enc(id)}/move`, { method: 'POST', json: { folderId } });
  await refreshScripts(id);
  return script;
}
