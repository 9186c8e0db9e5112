import { ApiError } from '../lib/api-client';
import { refreshFolders } from './folders';
import type { MultiUploadResult, Script, UploadResult } from './types';

/** Upload limits (spec sections 5 and 9; docs/api.md). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * The same list the server accepts (services/gateway/uploads/multipart.ts); Luau is accepted like Lua, and Rojo's own
 * JSON files are kept as text so a tree pulled back builds the same game.
 */
export const ALLOWED_EXTENSIONS = ['.lua', '.luau', '.txt', '.project.json', '.meta.json', '.model.json'];
/** For `<input type="file" accept>` (a browser's picker matches the last extension only: `.json`). */
export const ACCEPT_ATTRIBUTE = '.lua,.luau,.txt,.json';
/** ".lua, .luau, .txt, .project.json, .meta.json or .model.json" */
export const ALLOWED_LIST = `${ALLOWED_EXTENSIONS.slice(0, -1).join(', ')} or ${ALLOWED_EXTENSIONS[ALLOWED_EXTENSIONS.length - 1]}`;
export const INVALID_TYPE_MESSAGE = `Only ${ALLOWED_LIST} files are allowed`;

export function isAllowedFile(name: string): boolean {
  const lower = name.toLowerCase();
  return ALLOWED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export type FileProblem = 'type' | 'size' | null;
export function checkFile(file: { name: string; size: number }): FileProblem {
  if (!isAllowedFile(file.name)) return 'type';
  if (file.size > MAX_FILE_BYTES) return 'size';
  return null;
}

const REASONS: Record<'type' | 'size', string> = { type: `not a ${ALLOWED_LIST} file`, size: 'over 5 MB' };

/** A file left out of an upload, by the name the user knows it by, and why. */
export type SkippedFile = { name: string; reason: string };

/**
 * Whether leaving these files out is a failure (a script over the size limit) rather than what an upload does with
 * files that are no scripts (a README beside them): only a failure is reported as an error.
 */
export const skipsFailed = (skipped: SkippedFile[], noneLeft = false): boolean => noneLeft || skipped.some((s) => s.reason === REASONS.size);

/** Splits picked files into the usable ones and the skipped ones with their reasons. */
export function partitionFiles<T extends { file: { name: string; size: number } }>(items: T[], nameOf: (item: T) => string): { usable: T[]; skipped: SkippedFile[] } {
  const usable: T[] = [];
  const skipped: SkippedFile[] = [];
  for (const item of items) {
    const problem = checkFile(item.file);
    if (problem) skipped.push({ name: nameOf(item), reason: REASONS[problem] });
    else usable.push(item);
  }
  return { usable, skipped };
}

/** "Skipped 2 files: assets/logo.png (not a .lua, ... file), big.lua (over 5 MB)"; the first `max` are named. */
export function skippedMessage(skipped: SkippedFile[], max = 10): string {
  const named = skipped.slice(0, max).map((s) => `${s.name} (${s.reason})`);
  const rest = skipped.length - named.length;
  return `Skipped ${skipped.length} file${skipped.length === 1 ? '' : 's'}: ${named.join(', ')}${rest > 0 ? `, and ${rest} more` : ''}`;
}

/** A path without the picked folder's own name ('MyGame/assets/logo.png' → 'assets/logo.png'), as the user sees it inside. */
export function pathInsidePick(path: string, top: string): string {
  return top && path.startsWith(`${top}/`) ? path.slice(top.length + 1) : path;
}

export type Progress = { loaded: number; total: number };

/**
 * POST multipart with real progress (XMLHttpRequest upload.onprogress). Rejects with an Error whose message is the
 * server's `error` field when the body is JSON, else `fallback`.
 */
export function uploadWithProgress<T>(url: string, form: FormData, fallback: string, onProgress?: (p: Progress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          resolve(text as T);
        }
        return;
      }
      let message = fallback;
      try {
        const body = JSON.parse(text) as { error?: unknown };
        if (typeof body.error === 'string' && body.error) message = body.error;
      } catch {
        /* not JSON */
      }
      const err = new ApiError(xhr.status, text, xhr.statusText);
      err.message = message;
      reject(err);
    };
    xhr.onerror = () => reject(new Error(fallback));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    xhr.send(form);
  });
}

const q = (folderId: string | null | undefined) => (folderId ? `?folderId=${encodeURIComponent(folderId)}` : '');

export async function uploadScript(file: File, folderId: string | null | undefined, onProgress?: (p: Progress) => void): Promise<Script> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await uploadWithProgress<Script>(`/api/upload/script${q(folderId)}`, form, 'Failed to upload script', onProgress);
  await refreshFolders();
  return res;
}

export async function uploadFiles(files: File[], folderId: string | null | undefined, onProgress?: (p: Progress) => void): Promise<MultiUploadResult> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  const res = await uploadWithProgress<MultiUploadResult>(
    `/api/upload/folder/${folderId ? encodeURIComponent(folderId) : 'null'}`,
    form,
    'Failed to upload scripts',
    onProgress,
  );
  await refreshFolders();
  return res;
}

/** A file with its path inside the selected folder (e.g. 'MyGame/Client/main.lua'). */
export type PathedFile = { file: File; path: string };

export function pathOf(file: File): string {
  return (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
}

/** The top folder of a directory selection ('MyGame' for 'MyGame/src/a.lua'). */
export function topFolderName(files: PathedFile[]): string {
  const first = files[0]?.path ?? '';
  const i = first.indexOf('/');
  return i > 0 ? first.slice(0, i) : '';
}

export async function uploadStructure(files: PathedFile[], parentFolderId: string | null | undefined, onProgress?: (p: Progress) => void): Promise<UploadResult> {
  const form = new FormData();
  for (const { file, path } of files) {
    form.append('files', file, file.name);
    form.append('paths', path);
  }
  if (parentFolderId) form.append('parentFolderId', parentFolderId);
  const res = await uploadWithProgress<UploadResult>('/api/upload/structure', form, 'Failed to upload folder structure', onProgress);
  await refreshFolders();
  return res;
}

export async function uploadRepository(name: string, files: PathedFile[], onProgress?: (p: Progress) => void): Promise<UploadResult> {
  const form = new FormData();
  form.append('repositoryName', name);
  for (const { file, path } of files) {
    form.append('files', file, file.name);
    form.append('paths', path);
  }
  const res = await uploadWithProgress<UploadResult>('/api/upload/repository', form, 'Failed to create repository', onProgress);
  await refreshFolders();
  return res;
}
