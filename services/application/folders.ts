import { folderDecider, FOLDER_NOT_FOUND } from '../domain/folder/decider';
import type { FolderCommand } from '../domain/folder/commands';
import { folderStream } from '../domain/folder/events';
import { ConflictError, NotFoundError, ValidationError } from '../domain/shared/errors';
import { workspaceQueries } from '../../projections/workspace/queries';
import { trashQueries } from '../../projections/workspace/trash-queries';
import { handleCommand } from './command-handler';
import type { Actor, AppContext } from './context';
import { purgeScript, requireOwnFolder, runScriptCommand } from './scripts';
import type { FolderDoc } from '../../projections/workspace/documents';
import { folderView } from './views';
import { FOLDER_TOO_DEEP, MAX_FOLDER_DEPTH } from '../domain/folder/limits';
import type { PurgeReason } from '../domain/script/events';
import { folderKeyId } from '../security/data-keys';

type FolderCommandInput = { [K in FolderCommand['type']]: Omit<Extract<FolderCommand, { type: K }>, 'metadata'> }[FolderCommand['type']];

export function runFolderCommand(ctx: AppContext, actor: Actor, command: FolderCommandInput) {
  const full = { ...command, metadata: { actorId: actor.actorId, at: ctx.now(), ownerId: actor.userId } } as FolderCommand;
  return handleCommand(ctx, folderDecider, folderStream(command.data.folderId), full);
}

export async function readOwnedFolder(ctx: AppContext, actor: Actor, folderId: string) {
  const doc = await workspaceQueries(ctx.readStore).folder(actor.userId, folderId);
  if (!doc) throw new NotFoundError(FOLDER_NOT_FOUND);
  return folderView(doc);
}

export async function createFolder(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; parentId: string | null; isPublic: boolean },
) {
  await requireOwnFolder(ctx, actor, input.parentId);
  await requireRoomBelow(ctx, actor, input.parentId, 1);
  const folderId = ctx.newId();
  await runFolderCommand(ctx, actor, { type: 'CreateFolder', data: { folderId, userId: actor.userId, ...input } });
  if (input.parentId && !(await workspaceQueries(ctx.readStore).folder(actor.userId, input.parentId))) {
    // The parent was deleted between the check above and this write, after its deletion looked for late subfolders:
    // this one follows it into the trash rather than stay live under a folder nobody can see.
    const parentEntry = await trashQueries(ctx.readStore).entry(actor.userId, input.parentId);
    const withFolderId = parentEntry ? (parentEntry.withFolderId ?? input.parentId) : null;
    await runFolderCommand(ctx, actor, { type: 'TrashFolder', data: { folderId, userId: actor.userId, withFolderId } });
    throw new NotFoundError(FOLDER_NOT_FOUND);
  }
  return readOwnedFolder(ctx, actor, folderId);
}

export async function updateFolder(
  ctx: AppContext,
  actor: Actor,
  folderId: string,
  changes: { name?: string; isPublic?: boolean; parentId?: string | null },
) {
  if (changes.parentId !== undefined && changes.parentId !== null) {
    await requireOwnFolder(ctx, actor, changes.parentId);
    // Moving a folder under one of its own descendants would detach a cycle from the tree. The target's ancestors
    // tell (a walk up, as deep as the tree), not the folder's whole subtree.
    const queries = workspaceQueries(ctx.readStore);
    const targetPath = await queries.folderPath(actor.userId, changes.parentId);
    if (targetPath?.some((f) => f._id === folderId)) throw new ValidationError('A folder cannot be moved inside itself');
    const room = MAX_FOLDER_DEPTH - (targetPath?.length ?? 0);
    if ((await queries.subtreeLevels(actor.userId, folderId, room)) > room) throw new ValidationError(FOLDER_TOO_DEEP);
  }
  const before = await readOwnedFolder(ctx, actor, folderId);
  await runFolderCommand(ctx, actor, { type: 'UpdateFolder', data: { folderId, userId: actor.userId, ...changes } });
  if (changes.parentId !== undefined && changes.parentId !== before.parentId && (await inCycle(ctx, actor, folderId))) {
    // Two moves at once (A under B, B under A) each pass the check above; whoever sees the cycle puts its folder back.
    await runFolderCommand(ctx, actor, { type: 'UpdateFolder', data: { folderId, userId: actor.userId, parentId: before.parentId } });
    throw new ConflictError('Another move changed these folders at the same time; please try again');
  }
  return readOwnedFolder(ctx, actor, folderId);
}

/**
 * Refuses (400) `levels` more levels of folders below `parentId` (null: the root) when they would nest deeper than
 * MAX_FOLDER_DEPTH. Concurrent moves can still pass it together, as they can the cycle check; reads stop at the limit.
 */
export async function requireRoomBelow(ctx: AppContext, actor: Actor, parentId: string | null, levels: number): Promise<void> {
  if (levels === 0) return;
  const depth = parentId ? ((await workspaceQueries(ctx.readStore).folderPath(actor.userId, parentId))?.length ?? 0) : 0;
  if (depth + levels > MAX_FOLDER_DEPTH) throw new ValidationError(FOLDER_TOO_DEEP);
}

async function inCycle(ctx: AppContext, actor: Actor, folderId: string): Promise<boolean> {
  const queries = workspaceQueries(ctx.readStore);
  const seen = new Set<string>();
  let current = await queries.folder(actor.userId, folderId);
  while (current?.parentId) {
    if (current.parentId === folderId || seen.has(current.parentId)) return true;
    seen.add(current.parentId);
    current = await queries.folder(actor.userId, current.parentId);
  }
  return false;
}

/** What deleting a folder does with what it holds: `root` (the default, as the spec says) or `trash` (everything goes along). */
export type FolderContents = 'root' | 'trash';

/**
 * Deletes a folder. By default its scripts and subfolders move to the root (the subfolders keep what they hold) and
 * only the folder, empty, goes to the trash; with `trash`, everything below it goes to the trash with it.
 */
export async function deleteFolder(ctx: AppContext, actor: Actor, folderId: string, contents: FolderContents = 'root'): Promise<void> {
  if (contents === 'trash') return trashFolderWithContents(ctx, actor, folderId);
  if (!(await workspaceQueries(ctx.readStore).folder(actor.userId, folderId))) throw new NotFoundError(FOLDER_NOT_FOUND);
  // Emptied first: a failure part-way leaves the folder where it was, with part of its contents at the root.
  await moveContentsToRoot(ctx, actor, folderId);
  await runFolderCommand(ctx, actor, { type: 'TrashFolder', data: { folderId, userId: actor.userId } });
  // A script or subfolder created or moved into it meanwhile goes to the root too (see keepOutOfDeletedFolder).
  await moveContentsToRoot(ctx, actor, folderId);
}

async function moveContentsToRoot(ctx: AppContext, actor: Actor, folderId: string): Promise<void> {
  const queries = workspaceQueries(ctx.readStore);
  await queries.eachScriptIn(actor.userId, folderId, async (scripts) => {
    for (const script of scripts) await runScriptCommand(ctx, actor, { type: 'MoveScript', data: { scriptId: script._id, userId: actor.userId, folderId: null } }).catch(ignoreNotFound);
  });
  for (const child of await queries.childFolders(actor.userId, [folderId])) {
    await runFolderCommand(ctx, actor, { type: 'UpdateFolder', data: { folderId: child._id, userId: actor.userId, parentId: null } }).catch(ignoreNotFound);
  }
}

/** A script or folder deleted meanwhile by another request: nothing left to move. */
function ignoreNotFound(error: unknown): void {
  if (!(error instanceof NotFoundError)) throw error;
}

/**
 * Moves the folder to the trash with everything below it: the folder first (so a failure part-way leaves an entry the
 * owner can restore), then each script and subfolder of its subtree, marked as trashed with it. Restoring or purging
 * the folder takes them along (services/application/trash.ts).
 */
async function trashFolderWithContents(ctx: AppContext, actor: Actor, folderId: string): Promise<void> {
  const queries = workspaceQueries(ctx.readStore);
  const subtree = await queries.folderSubtree(actor.userId, folderId);
  if (subtree.length === 0) throw new NotFoundError(FOLDER_NOT_FOUND);
  await runFolderCommand(ctx, actor, { type: 'TrashFolder', data: { folderId, userId: actor.userId } });
  const below = subtree.filter((f) => f._id !== folderId);
  await trashScriptsIn(ctx, actor, subtree, folderId);
  for (const folder of below.reverse()) {
    await runFolderCommand(ctx, actor, { type: 'TrashFolder', data: { folderId: folder._id, userId: actor.userId, withFolderId: folderId } });
  }
  // A script created or moved into one of these folders while we trashed them: it goes along too.
  await trashScriptsIn(ctx, actor, subtree, folderId);
  await trashLateSubfolders(ctx, actor, subtree, folderId);
}

/**
 * A folder created (or moved) into one of `trashed` while they were being trashed would stay live under a parent in
 * the trash, out of every view, and be lost from the tree once the parent is purged: it goes along too, with what it
 * holds. Repeated until no such folder is left.
 */
async function trashLateSubfolders(ctx: AppContext, actor: Actor, trashed: FolderDoc[], withFolderId: string): Promise<void> {
  const queries = workspaceQueries(ctx.readStore);
  for (let parents = trashed.map((f) => f._id); parents.length > 0; ) {
    const late: FolderDoc[] = [];
    for (const child of await queries.childFolders(actor.userId, parents)) late.push(...(await queries.folderSubtree(actor.userId, child._id)));
    await trashScriptsIn(ctx, actor, late, withFolderId);
    for (const folder of late.reverse()) {
      await runFolderCommand(ctx, actor, { type: 'TrashFolder', data: { folderId: folder._id, userId: actor.userId, withFolderId } });
    }
    parents = late.map((f) => f._id);
  }
}

async function trashScriptsIn(ctx: AppContext, actor: Actor, folders: FolderDoc[], withFolderId: string): Promise<void> {
  const queries = workspaceQueries(ctx.readStore);
  for (const folder of folders) {
    await queries.eachScriptIn(actor.userId, folder._id, async (scripts) => {
      for (const script of scripts) await runScriptCommand(ctx, actor, { type: 'TrashScript', data: { scriptId: script._id, userId: actor.userId, withFolderId } });
    });
  }
}

/** Removes a live folder, its subfolders and their scripts for good (account deletion, an upload rolled back). */
export async function purgeLiveFolder(ctx: AppContext, actor: Actor, folderId: string, reason: 'account-deleted' | 'discarded'): Promise<void> {
  const queries = workspaceQueries(ctx.readStore);
  const subtree = await queries.folderSubtree(actor.userId, folderId);
  for (const folder of subtree) {
    await queries.eachScriptIn(actor.userId, folder._id, async (scripts) => {
      for (const script of scripts) await purgeScript(ctx, actor, script._id, reason);
    });
  }
  for (const folder of subtree.reverse()) {
    await purgeFolder(ctx, actor, folder._id, reason);
  }
}

/** Removes one folder for good, then destroys its key (its name in the log becomes unreadable); see purgeScript. */
export async function purgeFolder(ctx: AppContext, actor: Actor, folderId: string, reason: PurgeReason): Promise<void> {
  const { events } = await runFolderCommand(ctx, actor, { type: 'PurgeFolder', data: { folderId, userId: actor.userId, reason } });
  if (events.length > 0) await ctx.shredder?.destroyKey(folderKeyId(folderId));
}

export async function shareFolder(ctx: AppContext, actor: Actor, folderId: string): Promise<{ shareId: string }> {
  await runFolderCommand(ctx, actor, { type: 'ShareFolder', data: { folderId, userId: actor.userId, shareId: ctx.newId() } });
  const folder = await readOwnedFolder(ctx, actor, folderId);
  return { shareId: folder.shareId! };
}

export async function revokeFolderShare(ctx: AppContext, actor: Actor, folderId: string): Promise<void> {
  await runFolderCommand(ctx, actor, { type: 'RevokeFolderShare', data: { folderId, userId: actor.userId } });
}

export async function folderPath(ctx: AppContext, actor: Actor, folderId: string) {
  const path = await workspaceQueries(ctx.readStore).folderPath(actor.userId, folderId);
  if (!path) throw new NotFoundError(FOLDER_NOT_FOUND);
  return path.map((f) => ({ id: f._id, name: f.name }));
}

/** Creates folders for upload paths, reusing ones created earlier in the same upload. Returns the id per path. */
export async function createFolderChain(
  ctx: AppContext,
  actor: Actor,
  parentId: string | null,
  segments: string[],
  created: Map<string, string>,
): Promise<string | null> {
  let current = parentId;
  let key = parentId ?? '';
  for (const segment of segments) {
    key = `${key}/${segment}`;
    let id = created.get(key);
    if (!id) {
      id = ctx.newId();
      await runFolderCommand(ctx, actor, { type: 'CreateFolder', data: { folderId: id, userId: actor.userId, name: segment, parentId: current, isPublic: false } });
      created.set(key, id);
    }
    current = id;
  }
  return current;
}
