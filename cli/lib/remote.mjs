// @ts-check
import { CliError, EXIT } from './errors.mjs';
import { fileNameOfScript, skippedScript, unusableReason, usableFolderName } from './mapping.mjs';

/**
 * @typedef {import('./api.mjs').Api} Api
 * @typedef {{ id: string, path: string, title: string, version: number, size: number, folderId: string }} RemoteScript
 * @typedef {{ folders: Map<string, string>, scripts: Map<string, RemoteScript>, byId: Map<string, RemoteScript>, skipped: { path: string, reason: string }[] }} RemoteTree
 */

/**
 * The folder at a `/`-separated path of folder names from the root (`Game/src`), created when `create` and missing.
 * Names need not be unique on the server: the first by name order wins, as on pull.
 * @param {Api} api @param {string} folderPath @param {{ create?: boolean }} [options]
 * @returns {Promise<{ id: string, path: string }>}
 */
export async function resolveFolder(api, folderPath, options = {}) {
  const segments = folderPath.split('/').map((s) => s.trim()).filter(Boolean);
  if (segments.length === 0) throw new CliError('Name a folder: the root itself is not synced (e.g. `--to MyGame`)', EXIT.usage);
  /** @type {string | null} */
  let parentId = null;
  for (const name of segments) {
    /** @type {import('./api.mjs').Folder | undefined} */
    const found = (await api.foldersIn(parentId)).find((f) => f.name === name);
    if (found) parentId = found.id;
    else if (options.create) parentId = (await api.createFolder(name, parentId)).id;
    else throw new CliError(`No folder "${segments.join('/')}" on the server (missing: "${name}")`, EXIT.error);
  }
  return { id: /** @type {string} */ (parentId), path: segments.join('/') };
}

/**
 * Every folder and script below `rootId`, by local path. A script whose title cannot be a file name, or that
 * would land on the path of another, is listed in `skipped` rather than guessed.
 * @param {Api} api @param {string} rootId @returns {Promise<RemoteTree>}
 */
export async function loadRemoteTree(api, rootId) {
  /** @type {RemoteTree} */
  const tree = { folders: new Map([['', rootId]]), scripts: new Map(), byId: new Map(), skipped: [] };
  /** @type {[string, string][]} */
  const queue = [['', rootId]];
  while (queue.length > 0) {
    const [dir, folderId] = /** @type {[string, string]} */ (queue.shift());
    const join = (/** @type {string} */ name) => (dir ? `${dir}/${name}` : name);
    const [folders, scripts] = await Promise.all([api.foldersIn(folderId), api.scriptsIn(folderId)]);
    for (const folder of folders) {
      const path = join(folder.name);
      if (!usableFolderName(folder.name)) tree.skipped.push({ path, reason: unusableReason(folder.name, 'folder name cannot be a directory name') });
      else if (tree.folders.has(path)) tree.skipped.push({ path, reason: 'another folder here has the same name' });
      else {
        tree.folders.set(path, folder.id);
        queue.push([path, folder.id]);
      }
    }
    for (const script of scripts) {
      const fileName = fileNameOfScript(script);
      const skipped = fileName ? null : skippedScript(script);
      const path = join(fileName ?? skipped?.name ?? script.title);
      /** @type {RemoteScript} */
      const remote = { id: script.id, path, title: script.title, version: script.version, size: script.size, folderId };
      if (skipped) tree.skipped.push({ path, reason: skipped.reason });
      else if (tree.scripts.has(path) || tree.folders.has(path)) tree.skipped.push({ path, reason: 'another script here maps to the same file name' });
      else tree.scripts.set(path, remote);
      tree.byId.set(script.id, remote);
    }
  }
  return tree;
}
