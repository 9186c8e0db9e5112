// @ts-check
import { writeFile } from 'node:fs/promises';
import { merge3 } from './diff3.mjs';
import { hashOf, localPath, stillAsScanned } from './files.mjs';
import { decodeUtf8 } from './mapping.mjs';
import { writeState } from './state.mjs';

/**
 * `pull` on a file changed both here and on the server since the version this directory last saw: a three-way merge
 * with that version as the base, fetched by number (the state keeps its hash, not its text). The merged file is
 * written; changes to different lines combine by themselves, changes to the same lines are left between conflict
 * markers and reported as a conflict until `luavault resolve`.
 * @typedef {import('./sync.mjs').SyncContext} SyncContext
 * @typedef {import('./plan.mjs').PlanEntry} PlanEntry
 * @typedef {import('./report.mjs').Report} Report
 */

/** Both sides hold the file and both changed it since a version seen (and no earlier merge awaits its resolve). @param {PlanEntry} entry */
export const canMerge = (entry) =>
  entry.kind === 'conflict' &&
  entry.local !== undefined &&
  entry.remote !== undefined &&
  entry.seen !== undefined &&
  entry.seen.conflict === undefined &&
  entry.remote.version > entry.seen.version &&
  entry.local.hash !== entry.seen.hash;

/** @param {SyncContext} ctx @param {Report} report @param {PlanEntry} entry */
export async function mergeOnPull(ctx, report, entry) {
  const { path, local, seen } = entry;
  if (!local || !seen) return;
  const conflict = (/** @type {string} */ reason) => report.add(path, 'conflict', { reason });
  const current = await ctx.api.content(seen.id);
  if (!current) return conflict('changed here, deleted on the server meanwhile');
  const serverHash = hashOf(current.content);
  if (serverHash === local.hash) {
    ctx.state.files[path] = { id: seen.id, version: current.version, hash: serverHash };
    await writeState(ctx.root, ctx.state);
    return report.add(path, 'linked', { version: current.version });
  }
  const localText = decodeUtf8(local.bytes);
  if (localText === null) return conflict(`changed here and on the server (v${current.version}): not merged, the file is not UTF-8 text`);
  const base = await ctx.api.version(seen.id, seen.version);
  // the base must be the very text this directory saw, or the merge would invent changes
  if (!base || hashOf(base.content) !== seen.hash) {
    return conflict(`changed here and on the server (v${current.version}): not merged, the version last seen (v${seen.version}) cannot be read back from the server`);
  }
  const merged = merge3({ base: base.content, local: localText, server: current.content }, { localLabel: 'local', serverLabel: `server v${current.version}` });
  if (!(await stillAsScanned(ctx.root, path, local.hash))) return conflict('the file changed here during the pull: not merged');
  await writeFile(localPath(ctx.root, path), Buffer.from(merged.text, 'utf8'));
  if (merged.conflicts === 0) {
    // the server's version is now seen; the merged file differs from it, so the next push saves the result on top
    ctx.state.files[path] = { id: seen.id, version: current.version, hash: serverHash };
    await writeState(ctx.root, ctx.state);
    const next = hashOf(merged.text) === serverHash ? 'same as the server\'s' : '`push` saves the result';
    return report.add(path, 'merged', { version: current.version, reason: `changes here and on the server combined; ${next}` });
  }
  ctx.state.files[path] = { ...seen, conflict: { version: current.version, hash: serverHash } };
  await writeState(ctx.root, ctx.state);
  const regions = merged.conflicts === 1 ? '1 conflict' : `${merged.conflicts} conflicts`;
  return conflict(`${regions} marked in the file (<<<<<<< local ... >>>>>>> server v${current.version}): edit, then \`luavault resolve ${path}\``);
}
