// @ts-check
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The mapping between a local tree and a LuaVault folder tree (README, "Command-line sync"):
 * a directory is a folder of the same name, a `.lua`/`.luau` file (or one of Rojo's `.project.json`, `.meta.json`,
 * `.model.json`) a script. A push titles it with its file name, extension included; a pull writes the file name the
 * server gives (`fileName`: the title plus the extension an upload kept), so `src/server/init.server.luau` uploaded
 * in the browser as the script `init.server` comes back under its own name.
 */

export const SCRIPT_FILE = /\.(?:luau?|(?:project|meta|model)\.json)$/i;
/** Directories never synced: hidden ones (`.git`, `.luavault`) and dependencies. */
const SKIPPED_DIRS = new Set(['node_modules', 'Packages', 'DevPackages']);

/**
 * Device names Windows reserves in every directory, whatever follows the first dot (`CON`, `nul.lua`,
 * `Com1.server.lua`; trailing spaces before the dot are ignored there too): a file so named opens the device.
 */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[1-9]|lpt[1-9]) *(?:\.|$)/i;

/**
 * Why `name` cannot be a file or directory name on every system the CLI runs on, or null. A tree synced on Linux
 * must check out on Windows too, so Windows' rules count everywhere.
 * @param {string} name @returns {string | null}
 */
export function windowsNameProblem(name) {
  if (WINDOWS_DEVICE.test(name)) return 'a device name Windows reserves';
  // `x:y` is the stream `y` of the file `x` on NTFS: a pull would write into another file
  if (name.includes(':')) return 'a ":" names an alternate data stream on Windows';
  return null;
}

/** @param {string} name */
const unusableName = (name) => name === '' || name.startsWith('.') || /[/\\\u0000-\u001f]/.test(name) || windowsNameProblem(name) !== null;

/** The file name of a remote script, or null when its title cannot be one. @param {string} title */
export function fileNameForTitle(title) {
  if (unusableName(title)) return null;
  return SCRIPT_FILE.test(title) ? title : `${title}.lua`;
}

/**
 * The file a remote script is written to: the server's `fileName` (title and stored extension), or for a server
 * that sends none, the title as before. Null when it cannot be a file name here, or is not a file a push would read
 * back (a plain `.json`).
 * @param {{ title: string, fileName?: string }} script @returns {string | null}
 */
export function fileNameOfScript(script) {
  if (typeof script.fileName !== 'string') return fileNameForTitle(script.title);
  return unusableName(script.fileName) || !SCRIPT_FILE.test(script.fileName) ? null : script.fileName;
}

/** Whether a remote folder name can be a directory name. @param {string} name */
export const usableFolderName = (name) => !unusableName(name) && !SKIPPED_DIRS.has(name);

/**
 * Why `fileNameOfScript` gave null, and the name the report shows: the title when it cannot be a file name (as
 * before), the file name when it could be one but is not a kind the CLI syncs.
 * @param {{ title: string, fileName?: string }} script @returns {{ name: string, reason: string }}
 */
export function skippedScript(script) {
  const name = script.fileName ?? script.title;
  if (!unusableName(name)) return { name, reason: 'not a file the CLI syncs (.lua, .luau, or a Rojo .project/.meta/.model.json)' };
  return { name: script.title, reason: unusableReason(name, 'title cannot be a file name') };
}

/** Why a name cannot be a file or directory name, for the report: the Windows reason when there is one. @param {string} name @param {string} what */
export const unusableReason = (name, what) => {
  const windows = windowsNameProblem(name);
  return windows ? `${what} (${windows})` : what;
};

/** @param {Uint8Array} bytes */
export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file's text for the API. The byte-order mark is kept so a pull gives the same bytes back.
 * @param {Uint8Array} bytes @returns {string | null} null when not UTF-8
 */
export function decodeUtf8(bytes) {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * @typedef {{ path: string, bytes: Buffer, hash: string }} LocalFile
 * Every script file under `root`, keyed by its `/`-separated path relative to it.
 * @param {string} root
 * @returns {Promise<Map<string, LocalFile>>}
 */
export async function scanLocal(root) {
  /** @type {Map<string, LocalFile>} */
  const files = new Map();
  /** @param {string} dir @param {string} prefix */
  const walk = async (dir, prefix) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) await walk(join(dir, entry.name), path);
      else if (entry.isFile() && SCRIPT_FILE.test(entry.name)) {
        const bytes = await readFile(join(dir, entry.name));
        files.set(path, { path, bytes, hash: sha256(bytes) });
      }
    }
  };
  await walk(root, '');
  return files;
}

/** Splits `a/b/c.lua` into its directory (`a/b`) and file name. @param {string} path */
export function splitPath(path) {
  const at = path.lastIndexOf('/');
  return at < 0 ? { dir: '', name: path } : { dir: path.slice(0, at), name: path.slice(at + 1) };
}
