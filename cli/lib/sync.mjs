// @ts-check
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError, CliError, EXIT } from './errors.mjs';
import { hashOf, localPath, stillAsScanned, textOf } from './files.mjs';
import { scanLocal, sha256, splitPath } from './mapping.mjs';
import { canMerge, mergeOnPull } from './merge-pull.mjs';
import { forgotten, makePlan } from './plan.mjs';
import { loadRemoteTree } from './remote.mjs';
import { Progress, Report } from './report.mjs';
import { writeState } from './state.mjs';

/**
 * @typedef {import('./api.mjs').Api} Api
 * @typedef {import('./state.mjs').SyncState} SyncState
 * @typedef {import('./plan.mjs').PlanEntry} PlanEntry
 * @typedef {import('./remote.mjs').RemoteTree} RemoteTree
 * @typedef {{ api: Api, root: string, state: SyncState, progress: boolean }} SyncContext
 */

/** Kinds that move content in each direction (the progress counts them). */
const PUSHED = new Set(['local-modified', 'local-new', 'untracked-both', 'conflict', 'local-deleted']);
const PULLED = new Set(['remote-modified', 'remote-new', 'untracked-both', 'conflict', 'remote-deleted']);

/** The directory, the server's tree and what differs between them. @param {SyncContext} ctx */
export async function snapshot(ctx) {
  const local = await scanLocal(ctx.root);
  let tree;
  try {
    tree = await loadRemoteTree(ctx.api, ctx.state.folderId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new CliError(`The server folder "${ctx.state.folderPath}" of this directory is gone (deleted?)`, EXIT.error);
    }
    throw error;
  }
  for (const path of forgotten(local, tree, ctx.state.files)) delete ctx.state.files[path];
  return { local, tree, plan: makePlan(local, tree, ctx.state.files) };
}

/** Reports the remote paths that could not be mapped. @param {Report} report @param {RemoteTree} tree */
export function reportSkipped(report, tree) {
  for (const s of tree.skipped) report.add(s.path, 'skipped', { reason: s.reason });
}

/**
 * Both sides hold a file at this path that the state does not link (or both changed): same content links them, other
 * content is a conflict. Returns whether they were linked.
 * @param {SyncContext} ctx @param {Report} report @param {PlanEntry} entry
 */
export async function linkIfSame(ctx, report, entry) {
  const id = entry.remote?.id ?? entry.seen?.id;
  const remote = id && entry.local ? await ctx.api.content(id) : null;
  if (remote && entry.local && hashOf(remote.content) === entry.local.hash) {
    ctx.state.files[entry.path] = { id: remote.id, version: remote.version, hash: entry.local.hash };
    await writeState(ctx.root, ctx.state);
    report.add(entry.path, 'linked', { version: remote.version });
    return true;
  }
  const reason = entry.reason ?? 'on the server and here with different content, never synced: not overwritten';
  report.add(entry.path, 'conflict', { reason });
  return false;
}

/**
 * The folder for a local directory, made on the server when missing (and remembered in the tree).
 * @param {SyncContext} ctx @param {RemoteTree} tree @returns {(dir: string) => Promise<string>}
 */
export function folderMaker(ctx, tree) {
  /** @param {string} dir @returns {Promise<string>} */
  const folderFor = async (dir) => {
    const known = tree.folders.get(dir);
    if (known) return known;
    const { dir: parentDir, name } = splitPath(dir);
    const parentId = await folderFor(parentDir);
    const created = await ctx.api.createFolder(name, parentId);
    tree.folders.set(dir, created.id);
    return created.id;
  };
  return folderFor;
}

/**
 * A new script from a local file, in the folder of its directory, linked in the state (push, and `push --force` when
 * the script was deleted on the server).
 * @param {SyncContext} ctx @param {(dir: string) => Promise<string>} folderFor @param {import('./mapping.mjs').LocalFile} local
 * @param {string} text @param {string | undefined} comment
 */
export async function createFromFile(ctx, folderFor, local, text, comment) {
  const { dir, name } = splitPath(local.path);
  const created = await ctx.api.createScript({ title: name, content: text, folderId: await folderFor(dir), ...(comment ? { comment } : {}) });
  ctx.state.files[local.path] = { id: created.id, version: created.version, hash: local.hash };
  await writeState(ctx.root, ctx.state);
  return created;
}

/** A local file that push always skips (blank, not UTF-8), as status and pull report it too. @param {Report} report @param {PlanEntry} entry */
function skippedLocally(report, entry) {
  if ((entry.kind !== 'local-new' && entry.kind !== 'local-modified') || !entry.local) return false;
  const body = textOf(entry.local.bytes);
  if (!body.problem) return false;
  report.add(entry.path, 'skipped', { reason: body.problem });
  return true;
}

/** A rejected write of one file (413 too large, 400, quota) is that file's failure; auth and network end the run. @param {unknown} error */
const perFileFailure = (error) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;

/**
 * Uploads local changes: a new version only for changed files, checked against the version last seen.
 * @param {SyncContext} ctx @param {{ delete: boolean, message?: string }} options
 */
export async function push(ctx, options) {
  const report = new Report('push', { folder: ctx.state.folderPath });
  const { tree, plan } = await snapshot(ctx);
  reportSkipped(report, tree);
  const progress = new Progress(plan.filter((e) => PUSHED.has(e.kind)).length, { enabled: ctx.progress });
  const comment = options.message;

  const folderFor = folderMaker(ctx, tree);

  for (const entry of plan) {
    const { path, local, seen } = entry;
    if (PUSHED.has(entry.kind)) progress.tick(path);
    try {
      switch (entry.kind) {
        case 'unchanged':
          report.unchanged++;
          break;
        case 'local-modified': {
          if (!local || !seen) break;
          const body = textOf(local.bytes);
          if (!body.text) {
            report.add(path, 'skipped', { reason: body.problem });
            break;
          }
          // our own check before writing; the server's baseVersion check covers the moment in between
          const current = await ctx.api.content(seen.id);
          if (!current) {
            report.add(path, 'conflict', { reason: 'changed here, deleted on the server' });
            break;
          }
          if (current.version !== seen.version) {
            await linkIfSame(ctx, report, { ...entry, reason: `changed here and on the server (v${current.version}, last seen v${seen.version}): \`pull\` merges them` });
            break;
          }
          let saved;
          try {
            saved = await ctx.api.saveScript(seen.id, { content: body.text, baseVersion: seen.version, ...(comment ? { comment } : {}) });
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              report.add(path, 'conflict', { reason: 'saved on the server meanwhile (save conflict): not overwritten; `pull` merges them' });
              break;
            }
            throw error;
          }
          ctx.state.files[path] = { id: seen.id, version: saved.version, hash: local.hash };
          await writeState(ctx.root, ctx.state);
          report.add(path, 'updated', { version: saved.version });
          break;
        }
        case 'local-new': {
          if (!local) break;
          const body = textOf(local.bytes);
          if (!body.text) {
            report.add(path, 'skipped', { reason: body.problem });
            break;
          }
          const created = await createFromFile(ctx, folderFor, local, body.text, comment);
          report.add(path, 'created', { version: created.version });
          break;
        }
        case 'untracked-both':
        case 'conflict':
          await linkIfSame(ctx, report, entry);
          break;
        case 'local-deleted': {
          if (!seen) break;
          if (!options.delete) {
            report.add(path, 'pending', { reason: 'deleted here; `push --delete` deletes it on the server' });
            break;
          }
          const current = await ctx.api.content(seen.id);
          if (current && current.version !== seen.version) {
            report.add(path, 'conflict', { reason: `deleted here, changed on the server (v${current.version}, last seen v${seen.version}): not deleted` });
            break;
          }
          if (current) await ctx.api.deleteScript(seen.id);
          delete ctx.state.files[path];
          await writeState(ctx.root, ctx.state);
          report.add(path, 'deleted', { reason: 'on the server' });
          break;
        }
        case 'remote-modified':
          report.add(path, 'pending', { reason: 'changed on the server; `pull` to update' });
          break;
        case 'remote-new':
          report.add(path, 'pending', { reason: 'new on the server; `pull` to get it' });
          break;
        case 'remote-deleted':
          report.add(path, 'pending', { reason: 'deleted on the server; `pull --delete` removes the file' });
          break;
      }
    } catch (error) {
      if (!perFileFailure(error)) throw error;
      report.add(path, 'failed', { reason: /** @type {Error} */ (error).message });
    }
  }
  progress.end();
  return report;
}

/**
 * Downloads server changes: a local file is replaced only when it is unchanged since the version it came from.
 * @param {SyncContext} ctx @param {{ delete: boolean }} options
 */
export async function pull(ctx, options) {
  const report = new Report('pull', { folder: ctx.state.folderPath });
  const { tree, plan } = await snapshot(ctx);
  reportSkipped(report, tree);
  for (const dir of tree.folders.keys()) if (dir) await mkdir(localPath(ctx.root, dir), { recursive: true });
  const progress = new Progress(plan.filter((e) => PULLED.has(e.kind)).length, { enabled: ctx.progress });

  for (const entry of plan) {
    const { path, local, seen, remote } = entry;
    if (PULLED.has(entry.kind)) progress.tick(path);
    switch (entry.kind) {
      case 'unchanged':
        report.unchanged++;
        break;
      case 'remote-modified':
      case 'remote-new': {
        const id = seen?.id ?? remote?.id;
        if (!id) break;
        const current = await ctx.api.content(id);
        if (!current) {
          report.add(path, 'pending', { reason: 'deleted on the server meanwhile' });
          break;
        }
        if (!(await stillAsScanned(ctx.root, path, local?.hash))) {
          report.add(path, 'conflict', { reason: 'the file changed here during the pull: not overwritten' });
          break;
        }
        const bytes = Buffer.from(current.content, 'utf8');
        await mkdir(dirname(localPath(ctx.root, path)), { recursive: true });
        await writeFile(localPath(ctx.root, path), bytes);
        ctx.state.files[path] = { id, version: current.version, hash: sha256(bytes) };
        await writeState(ctx.root, ctx.state);
        report.add(path, 'downloaded', { version: current.version });
        break;
      }
      case 'untracked-both':
      case 'conflict':
        // changed on both sides since the version seen: merged like git, else linked when alike, else a conflict
        if (canMerge(entry)) await mergeOnPull(ctx, report, entry);
        else await linkIfSame(ctx, report, entry);
        break;
      case 'remote-deleted':
        if (!options.delete) {
          report.add(path, 'pending', { reason: 'deleted on the server; `pull --delete` removes the file' });
          break;
        }
        if (!(await stillAsScanned(ctx.root, path, seen?.hash))) {
          report.add(path, 'conflict', { reason: 'changed here, deleted on the server: not removed' });
          break;
        }
        await unlink(localPath(ctx.root, path));
        delete ctx.state.files[path];
        await writeState(ctx.root, ctx.state);
        report.add(path, 'deleted', { reason: 'here' });
        break;
      case 'local-modified':
        if (!skippedLocally(report, entry)) report.add(path, 'pending', { reason: 'changed here; `push` to upload' });
        break;
      case 'local-new':
        if (!skippedLocally(report, entry)) report.add(path, 'pending', { reason: 'new here; `push` to upload' });
        break;
      case 'local-deleted':
        report.add(path, 'pending', { reason: 'deleted here; `push --delete` deletes it on the server' });
        break;
    }
  }
  progress.end();
  await writeState(ctx.root, ctx.state);
  return report;
}

/** Labels of `status`, per plan kind. */
const STATUS = /** @type {const} */ ({
  'local-modified': 'modified here',
  'local-new': 'new here',
  'local-deleted': 'deleted here',
  'remote-modified': 'changed on the server',
  'remote-new': 'new on the server',
  'remote-deleted': 'deleted on the server',
});

/**
 * What a push and a pull would do, without doing it. Paths on both sides without a link are compared by content.
 * @param {SyncContext} ctx
 */
export async function status(ctx) {
  const report = new Report('status', { folder: ctx.state.folderPath });
  const { tree, plan } = await snapshot(ctx);
  reportSkipped(report, tree);
  for (const entry of plan) {
    if (entry.kind === 'unchanged') report.unchanged++;
    else if (skippedLocally(report, entry)) continue;
    else if (entry.kind === 'untracked-both' || entry.kind === 'conflict') {
      const id = entry.remote?.id ?? entry.seen?.id;
      const remote = id && entry.local ? await ctx.api.content(id) : null;
      if (remote && entry.local && hashOf(remote.content) === entry.local.hash) report.unchanged++;
      else report.add(entry.path, 'conflict', { reason: entry.reason ?? 'on the server and here with different content, never synced' });
    } else report.add(entry.path, 'pending', { reason: STATUS[entry.kind], version: entry.remote?.version });
  }
  return { report, plan };
}
