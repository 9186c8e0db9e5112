// @ts-check
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError, CliError, EXIT } from './errors.mjs';
import { hashOf, localPath, markerProblem, stillAsScanned, textOf } from './files.mjs';
import { Report } from './report.mjs';
import { writeState } from './state.mjs';
import { createFromFile, folderMaker, snapshot } from './sync.mjs';

/**
 * The ways out of a conflict that name files: `resolve` (the file as it is now goes on top of the server's latest),
 * `pull --theirs` (the server's version replaces the file) and `push --force` (the file replaces the server's version).
 * Each acts on the named files only and says what it overwrote.
 * @typedef {import('./sync.mjs').SyncContext} SyncContext
 * @typedef {import('./plan.mjs').PlanEntry} PlanEntry
 */

/**
 * The plan entries of the named paths; a path neither synced nor on the server is a usage error, before anything is done.
 * @param {SyncContext} ctx @param {string[]} paths
 */
async function entriesOf(ctx, paths) {
  const { tree, plan } = await snapshot(ctx);
  const byPath = new Map(plan.map((e) => [e.path, e]));
  const entries = paths.map((path) => {
    const entry = byPath.get(path);
    if (entry) return entry;
    if (path in ctx.state.files || tree.scripts.has(path)) return /** @type {PlanEntry} */ ({ path, kind: 'unchanged', seen: ctx.state.files[path], remote: tree.scripts.get(path) });
    throw new CliError(`${path} is not a synced script file (nothing here or on the server by that path)`, EXIT.usage);
  });
  return { tree, entries };
}

/** The id of the server script at an entry: the one this path is linked to, else the one at the same path. @param {PlanEntry} entry */
const scriptIdOf = (entry) => entry.seen?.id ?? (entry.kind === 'untracked-both' ? entry.remote?.id : undefined);

/**
 * `luavault resolve <file>...`: the file as it is now becomes the next version on top of the server's latest; the next
 * push saves it with that version as its base. A file still holding conflict markers is refused unless `force`.
 * After a merge that left markers, the base is the version merged: a save on the server since is merged by the next pull.
 * @param {SyncContext} ctx @param {string[]} paths @param {{ force: boolean }} options
 */
export async function resolveFiles(ctx, paths, options) {
  const report = new Report('resolve', { folder: ctx.state.folderPath });
  const { entries } = await entriesOf(ctx, paths);
  for (const entry of entries) {
    const { path, local, seen } = entry;
    const id = scriptIdOf(entry);
    if (!id) {
      report.add(path, 'pending', { reason: 'not on the server: nothing to resolve; `push` uploads it' });
      continue;
    }
    if (local) {
      const body = textOf(local.bytes);
      const marker = body.text === undefined ? null : markerProblem(body.text);
      if (marker && !options.force) {
        report.add(path, 'conflict', { reason: `${marker}: edit it out, or \`luavault resolve --force ${path}\` to keep it` });
        continue;
      }
    }
    const current = await ctx.api.content(id);
    if (!current) {
      delete ctx.state.files[path];
      await writeState(ctx.root, ctx.state);
      report.add(path, 'resolved', { reason: local ? 'the script was deleted on the server: `push` creates it again' : 'gone on both sides' });
      continue;
    }
    // after a merge with markers, the file holds that version's changes: it is the base, not a later one
    const base = seen?.conflict ?? { version: current.version, hash: hashOf(current.content) };
    ctx.state.files[path] = { id, version: base.version, hash: base.hash };
    await writeState(ctx.root, ctx.state);
    let reason;
    if (!local) reason = 'deleted here: `push --delete` deletes it on the server';
    else if (local.hash === base.hash) reason = `same as the server's v${base.version}`;
    else if (current.version > base.version) reason = `on top of v${base.version}; v${current.version} was saved on the server since: \`pull\` merges it`;
    else if (seen && !seen.conflict && local.hash === seen.hash && current.version > seen.version) {
      // not a conflict, just behind: say what the next push will undo
      reason = `\`push\` saves it on top of v${current.version}, undoing the server's changes since v${seen.version} (unchanged here: \`pull\` would take them)`;
    }
    else reason = `\`push\` saves it on top of v${current.version}`;
    report.add(path, 'resolved', { version: base.version, reason });
  }
  return report;
}

/**
 * `luavault pull --theirs <file>...`: the server's latest version replaces each file (a file whose script was deleted
 * on the server is removed).
 * @param {SyncContext} ctx @param {string[]} paths
 */
export async function takeTheirs(ctx, paths) {
  const report = new Report('pull', { folder: ctx.state.folderPath });
  const { entries } = await entriesOf(ctx, paths);
  for (const entry of entries) {
    const { path, local, seen } = entry;
    const id = entry.seen?.id ?? entry.remote?.id;
    if (!(await stillAsScanned(ctx.root, path, local?.hash))) {
      report.add(path, 'conflict', { reason: 'the file changed here during the pull: not overwritten' });
      continue;
    }
    const current = id ? await ctx.api.content(id) : null;
    const changedHere = local !== undefined && (!seen || local.hash !== seen.hash || seen.conflict !== undefined);
    const what = seen ? `your changes since v${seen.version}` : 'your file (never synced)';
    if (!current) {
      if (!id) {
        report.add(path, 'pending', { reason: 'not on the server: nothing to take; `push` uploads it' });
        continue;
      }
      if (local) await unlink(localPath(ctx.root, path));
      delete ctx.state.files[path];
      await writeState(ctx.root, ctx.state);
      report.add(path, 'deleted', { reason: `here: the script was deleted on the server${changedHere ? `; removed ${what}` : ''}` });
      continue;
    }
    const bytes = Buffer.from(current.content, 'utf8');
    const hash = hashOf(current.content);
    await mkdir(dirname(localPath(ctx.root, path)), { recursive: true });
    await writeFile(localPath(ctx.root, path), bytes);
    ctx.state.files[path] = { id: current.id ?? id, version: current.version, hash };
    await writeState(ctx.root, ctx.state);
    let reason;
    if (!local) reason = 'restored the file deleted here';
    else if (local.hash === hash) reason = undefined;
    else if (changedHere) reason = `overwrote ${what}`;
    report.add(path, 'downloaded', { version: current.version, ...(reason ? { reason } : {}) });
  }
  return report;
}

/**
 * `luavault push --force <file>...`: each file is saved as a new version on top of the server's latest, whatever was
 * saved there since (it stays in the script's history). Files with conflict markers are refused.
 * @param {SyncContext} ctx @param {string[]} paths @param {{ message?: string }} options
 */
export async function forcePush(ctx, paths, options) {
  const report = new Report('push', { folder: ctx.state.folderPath });
  const { tree, entries } = await entriesOf(ctx, paths);
  const folderFor = folderMaker(ctx, tree);
  const comment = options.message ? { comment: options.message } : {};
  for (const entry of entries) {
    const { path, local, seen } = entry;
    if (!local) {
      report.add(path, 'skipped', { reason: 'no file here (`push --delete` deletes the script on the server)' });
      continue;
    }
    const body = textOf(local.bytes);
    if (!body.text) {
      report.add(path, 'skipped', { reason: body.problem });
      continue;
    }
    const marker = markerProblem(body.text);
    if (marker) {
      report.add(path, 'conflict', { reason: `${marker}: edit it out first (or \`luavault resolve --force ${path}\`, then push)` });
      continue;
    }
    const id = scriptIdOf(entry);
    const current = id ? await ctx.api.content(id) : null;
    if (!current) {
      const created = await createFromFile(ctx, folderFor, local, body.text, options.message);
      report.add(path, 'created', { version: created.version, ...(id ? { reason: 'again: the script had been deleted on the server' } : {}) });
      continue;
    }
    if (hashOf(current.content) === local.hash) {
      ctx.state.files[path] = { id: /** @type {string} */ (id), version: current.version, hash: local.hash };
      await writeState(ctx.root, ctx.state);
      report.add(path, 'linked', { version: current.version });
      continue;
    }
    let saved;
    try {
      saved = await ctx.api.saveScript(/** @type {string} */ (id), { content: body.text, baseVersion: current.version, ...comment });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        report.add(path, 'conflict', { reason: 'saved on the server meanwhile: not overwritten; run it again to overwrite that one too' });
        continue;
      }
      throw error;
    }
    ctx.state.files[path] = { id: /** @type {string} */ (id), version: saved.version, hash: local.hash };
    await writeState(ctx.root, ctx.state);
    const since = !seen ? 'never synced here' : current.version > seen.version ? `last seen here: v${seen.version}` : null;
    report.add(path, 'updated', { version: saved.version, ...(since ? { reason: `overwrote the server's v${current.version} (${since}; it stays in the history)` } : {}) });
  }
  return report;
}
