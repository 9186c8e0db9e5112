// @ts-check
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { conflictMarkerLine } from './diff3.mjs';
import { decodeUtf8, sha256 } from './mapping.mjs';

/** Small helpers on the synced directory's files, shared by the sync and the per-file choices. */

/** @param {string} root @param {string} path `/`-separated, relative to root */
export const localPath = (root, path) => join(root, ...path.split('/'));

/** @param {string} content */
export const hashOf = (content) => sha256(Buffer.from(content, 'utf8'));

/** The file still holds what the scan saw (an editor may have saved since). @param {string} root @param {string} path @param {string | undefined} hash */
export async function stillAsScanned(root, path, hash) {
  try {
    return sha256(await readFile(localPath(root, path))) === hash;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return hash === undefined;
    throw error;
  }
}

/**
 * A file's text for the API, or the reason a push always skips it (status and pull say so too, rather than listing
 * it as work to do).
 * @param {Buffer} bytes @returns {{ text: string, problem?: undefined } | { text?: undefined, problem: string }}
 */
export function textOf(bytes) {
  const text = decodeUtf8(bytes);
  if (text === null) return { problem: 'not UTF-8 text' };
  if (text.trim() === '') return { problem: 'empty file (LuaVault keeps no empty scripts)' };
  return { text };
}

/** Why a text must not be uploaded as it is: a conflict marker left by a merge, or null. @param {string} text */
export function markerProblem(text) {
  const line = conflictMarkerLine(text);
  return line ? `still holds a conflict marker (line ${line})` : null;
}
