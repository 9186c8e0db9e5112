// @ts-check
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CliError, EXIT } from './errors.mjs';

/**
 * `.luavault/state.json` in a synced directory: the remote folder it mirrors, and for each local path the script id,
 * the last version this directory saw and that version's content hash. A remote version above the one seen is a
 * change someone else made: never overwritten.
 * A pull whose merge left conflict markers in the file records the server version it merged (`conflict`): until
 * `luavault resolve`, the file is a conflict for push and pull alike, so markers are never uploaded.
 * @typedef {{ id: string, version: number, hash: string, conflict?: { version: number, hash: string } }} FileState
 * @typedef {{ server: string, folderId: string, folderPath: string, files: Record<string, FileState> }} SyncState
 */

export const STATE_DIR = '.luavault';
const STATE_FILE = 'state.json';

/** @param {string} root */
export const statePath = (root) => join(root, STATE_DIR, STATE_FILE);

/** @param {string} root @returns {Promise<SyncState | null>} */
export async function readState(root) {
  let text;
  try {
    text = await readFile(statePath(root), 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const state = JSON.parse(text);
    if (typeof state.folderId !== 'string' || typeof state.files !== 'object') throw new Error('unexpected shape');
    return state;
  } catch (error) {
    throw new CliError(`${statePath(root)} is damaged (${/** @type {Error} */ (error).message}); move it away and pull again`, EXIT.usage);
  }
}

/** Written to a temporary file, then renamed: an interrupted run never leaves half a state. @param {string} root @param {SyncState} state */
export async function writeState(root, state) {
  const path = statePath(root);
  await mkdir(dirname(path), { recursive: true });
  const sorted = Object.fromEntries(Object.entries(state.files).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFile(`${path}.tmp`, `${JSON.stringify({ ...state, files: sorted }, null, 2)}\n`);
  await rename(`${path}.tmp`, path);
}

/** The synced directory holding `start` (like git finds `.git`), or null. @param {string} start */
export async function findSyncRoot(start) {
  let dir = resolve(start);
  for (;;) {
    try {
      await stat(statePath(dir));
      return dir;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return null;
      dir = parent;
    }
  }
}
