// @ts-check
/**
 * What differs between a directory, its state and the server, per path, before anything is transferred.
 * @typedef {import('./mapping.mjs').LocalFile} LocalFile
 * @typedef {import('./remote.mjs').RemoteScript} RemoteScript
 * @typedef {import('./remote.mjs').RemoteTree} RemoteTree
 * @typedef {import('./state.mjs').FileState} FileState
 * @typedef {'unchanged' | 'local-modified' | 'local-new' | 'local-deleted' | 'remote-modified' | 'remote-new' | 'remote-deleted'
 *   | 'untracked-both' | 'conflict'} EntryKind
 * @typedef {{ path: string, kind: EntryKind, reason?: string, local?: LocalFile, remote?: RemoteScript, seen?: FileState }} PlanEntry
 */

/**
 * @param {Map<string, LocalFile>} local
 * @param {RemoteTree} tree
 * @param {Record<string, FileState>} files the state's files
 * @returns {PlanEntry[]} sorted by path
 */
export function makePlan(local, tree, files) {
  /** @type {PlanEntry[]} */
  const plan = [];
  const trackedIds = new Set();
  for (const [path, seen] of Object.entries(files)) {
    trackedIds.add(seen.id);
    const l = local.get(path);
    const r = tree.byId.get(seen.id);
    const localChanged = l !== undefined && l.hash !== seen.hash;
    const remoteChanged = r !== undefined && r.version > seen.version;
    /** @type {EntryKind} */
    let kind;
    let reason;
    if (l && r && seen.conflict) {
      [kind, reason] = ['conflict', `conflict markers from the merge with v${seen.conflict.version}: edit them out, then \`luavault resolve ${path}\``];
    } else if (l && r) {
      if (localChanged && remoteChanged) [kind, reason] = ['conflict', `changed here and on the server (v${r.version}, last seen v${seen.version}): \`pull\` merges them`];
      else kind = localChanged ? 'local-modified' : remoteChanged ? 'remote-modified' : 'unchanged';
    } else if (r) {
      if (remoteChanged) [kind, reason] = ['conflict', `deleted here, changed on the server (v${r.version}, last seen v${seen.version})`];
      else kind = 'local-deleted';
    } else if (l) {
      if (localChanged) [kind, reason] = ['conflict', 'changed here, deleted on the server'];
      else kind = 'remote-deleted';
    } else continue; // gone on both sides: forgotten below
    plan.push({ path, kind, reason, local: l, remote: r, seen });
  }
  for (const [path, l] of local) {
    if (path in files) continue;
    const r = tree.scripts.get(path);
    if (r && !trackedIds.has(r.id)) plan.push({ path, kind: 'untracked-both', local: l, remote: r });
    else if (r) plan.push({ path, kind: 'conflict', reason: 'the server script at this path is linked to another file', local: l });
    else plan.push({ path, kind: 'local-new', local: l });
  }
  for (const [path, r] of tree.scripts) {
    if (trackedIds.has(r.id) || local.has(path) || path in files) continue;
    plan.push({ path, kind: 'remote-new', remote: r });
  }
  return plan.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Paths in the state whose file and script are both gone: dropped from the state. @param {Map<string, LocalFile>} local @param {RemoteTree} tree @param {Record<string, FileState>} files */
export function forgotten(local, tree, files) {
  return Object.entries(files)
    .filter(([path, seen]) => !local.has(path) && !tree.byId.has(seen.id))
    .map(([path]) => path);
}
