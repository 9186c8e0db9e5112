import { NotFoundError } from '../domain/shared/errors';
import { NOT_IN_TRASH } from '../domain/script/decider';
import { FOLDER_NOT_IN_TRASH } from '../domain/folder/decider';
import type { PurgeReason } from '../domain/script/events';
import { trashQueries } from '../../projections/workspace/trash-queries';
import { workspaceQueries } from '../../projections/workspace/queries';
import type { TrashDoc } from '../../projections/workspace/documents';
import type { PageRequest } from '../../projections/keyset-page';
import { purgeScript, runScriptCommand } from './scripts';
import { purgeFolder, runFolderCommand } from './folders';
import type { Actor, AppContext } from './context';
import { scriptView } from './views';
import { withViewTotals } from '../../projections/script-views/queries';
import { folderTrails, type TrailItem } from './folder-trails';

const DAY_MS = 86_400_000;

/** One entry of the trash list: what it was, when it was deleted and when it will be purged; never a script's content. */
export interface TrashEntryView {
  kind: 'script' | 'folder';
  id: string;
  /** a script's title or a folder's name */
  name: string;
  /** where it was: the script's folder or the folder's parent (null: the root) */
  folderId: string | null;
  trashedAt: string;
  purgeAt: string;
  /** scripts only: its current version number and size in bytes */
  version?: number;
  size?: number;
}

/** In the list: where the entry was, root first (empty: the root), so many `init.luau` tell apart. */
export type TrashListEntry = TrashEntryView & { path: TrailItem[] };

export function purgeAtOf(ctx: AppContext, trashedAt: string): string {
  return new Date(Date.parse(trashedAt) + ctx.config.trashDays * DAY_MS).toISOString();
}

export function trashEntryView(ctx: AppContext, doc: TrashDoc): TrashEntryView {
  const common = { id: doc._id, trashedAt: doc.trashedAt, purgeAt: purgeAtOf(ctx, doc.trashedAt) };
  if (doc.kind === 'folder') return { kind: 'folder', name: doc.name, folderId: doc.parentId, ...common };
  return { kind: 'script', name: doc.title, folderId: doc.folderId, version: doc.version, size: doc.size, ...common };
}

export async function listTrash(ctx: AppContext, actor: Actor, page: PageRequest) {
  const found = await trashQueries(ctx.readStore).entriesPageOf(actor.userId, page);
  const views = found.items.map((doc) => trashEntryView(ctx, doc));
  const trails = await folderTrails(ctx, actor.userId, views.flatMap((v) => (v.folderId ? [v.folderId] : [])));
  return { items: views.map((v) => ({ ...v, path: v.folderId ? (trails.get(v.folderId) ?? []) : [] })), next: found.next };
}

/** A script in the trash, content included, for its owner to read before restoring it. */
export async function readTrashedScript(ctx: AppContext, actor: Actor, scriptId: string) {
  const entry = await requireEntry(ctx, actor, scriptId, 'script');
  if (entry.kind !== 'script') throw new NotFoundError(NOT_IN_TRASH);
  const [withViews] = await withViewTotals(ctx.readStore, [entry]);
  return { ...scriptView(withViews!), trashedAt: entry.trashedAt, purgeAt: purgeAtOf(ctx, entry.trashedAt) };
}

async function requireEntry(ctx: AppContext, actor: Actor, id: string, kind: TrashDoc['kind']): Promise<TrashDoc> {
  const entry = await trashQueries(ctx.readStore).entry(actor.userId, id);
  if (!entry || entry.kind !== kind) throw new NotFoundError(kind === 'script' ? NOT_IN_TRASH : FOLDER_NOT_IN_TRASH);
  return entry;
}

/**
 * Brings the script back with every version and its audit trail (the read models kept them). Its share link stays
 * revoked. A script whose folder is gone (purged, or still in the trash) comes back at the root.
 */
export async function restoreScriptFromTrash(ctx: AppContext, actor: Actor, scriptId: string): Promise<void> {
  const entry = await requireEntry(ctx, actor, scriptId, 'script');
  await runScriptCommand(ctx, actor, { type: 'RestoreScriptFromTrash', data: { scriptId, userId: actor.userId } });
  const folderId = entry.kind === 'script' ? entry.folderId : null;
  if (folderId && !(await workspaceQueries(ctx.readStore).folder(actor.userId, folderId))) {
    await runScriptCommand(ctx, actor, { type: 'MoveScript', data: { scriptId, userId: actor.userId, folderId: null } });
  }
}

/** Brings the folder back with the subfolders and scripts trashed along with it; at the root if its parent is gone. */
export async function restoreFolderFromTrash(ctx: AppContext, actor: Actor, folderId: string): Promise<void> {
  const entry = await requireEntry(ctx, actor, folderId, 'folder');
  await runFolderCommand(ctx, actor, { type: 'RestoreFolderFromTrash', data: { folderId, userId: actor.userId } });
  const parentId = entry.kind === 'folder' ? entry.parentId : null;
  if (parentId && !(await workspaceQueries(ctx.readStore).folder(actor.userId, parentId))) {
    await runFolderCommand(ctx, actor, { type: 'UpdateFolder', data: { folderId, userId: actor.userId, parentId: null } });
  }
  const trash = trashQueries(ctx.readStore);
  // Folders before scripts, so each script finds its folder back.
  await trash.eachTrashedWith(actor.userId, folderId, 'folder', async (items) => {
    for (const item of items) await runFolderCommand(ctx, actor, { type: 'RestoreFolderFromTrash', data: { folderId: item._id, userId: actor.userId } });
  });
  await trash.eachTrashedWith(actor.userId, folderId, 'script', async (items) => {
    for (const item of items) await runScriptCommand(ctx, actor, { type: 'RestoreScriptFromTrash', data: { scriptId: item._id, userId: actor.userId } });
  });
}

/** Removes one entry of the trash for good (a folder with what was trashed along with it). */
export async function purgeFromTrash(ctx: AppContext, actor: Actor, id: string, kind: TrashDoc['kind'], reason: PurgeReason = 'emptied'): Promise<void> {
  await requireEntry(ctx, actor, id, kind);
  if (kind === 'script') {
    await purgeScript(ctx, actor, id, reason);
    return;
  }
  for (const kind of ['script', 'folder'] as const) {
    await trashQueries(ctx.readStore).eachTrashedWith(actor.userId, id, kind, async (items) => {
      for (const item of items) await purgeTrashed(ctx, actor, item, reason);
    });
  }
  await purgeFolder(ctx, actor, id, reason);
}

async function purgeTrashed(ctx: AppContext, actor: Actor, item: TrashDoc, reason: PurgeReason): Promise<void> {
  if (item.kind === 'script') await purgeScript(ctx, actor, item._id, reason);
  else await purgeFolder(ctx, actor, item._id, reason);
}

/** Empties the account's trash: one purge event per script and folder. Returns how many entries were purged. */
export async function emptyTrash(ctx: AppContext, actor: Actor): Promise<number> {
  const seen = new Set<string>();
  for (;;) {
    const page = await trashQueries(ctx.readStore).entriesPageOf(actor.userId, { limit: 100 });
    const fresh = unseen(page.items, seen);
    if (fresh.length === 0) return seen.size;
    for (const entry of fresh) await purgeFromTrash(ctx, actor, entry._id, entry.kind).catch(ignoreNotFound);
  }
}

/** Account deletion: every entry, however it was trashed, purged for good. */
export async function purgeAllTrashOf(ctx: AppContext, actor: Actor): Promise<void> {
  const seen = new Set<string>();
  for (;;) {
    const fresh = unseen(await trashQueries(ctx.readStore).anyOf(actor.userId, 200), seen);
    if (fresh.length === 0) return;
    for (const item of fresh) await purgeTrashed(ctx, actor, item, 'account-deleted').catch(ignoreNotFound);
  }
}

export const TRASH_PURGE_ACTOR = 'system:trash-purge';
const PURGE_BATCH = 100;

/**
 * The automatic purge: every entry deleted more than TRASH_DAYS before `ctx.now()` is purged (reason `expired`), as
 * its owner's command recorded by the system actor. Returns how many entries were purged. Run periodically by the
 * projector process; a second process doing the same at once only meets "not in the trash" answers, ignored here.
 */
export async function purgeExpiredTrash(ctx: AppContext): Promise<number> {
  const cutoff = new Date(Date.parse(ctx.now()) - ctx.config.trashDays * DAY_MS).toISOString();
  const seen = new Set<string>();
  for (;;) {
    const fresh = unseen(await trashQueries(ctx.readStore).expired(cutoff, PURGE_BATCH), seen);
    if (fresh.length === 0) return seen.size;
    for (const entry of fresh) {
      const actor: Actor = { userId: entry.ownerId, actorId: TRASH_PURGE_ACTOR };
      await purgeFromTrash(ctx, actor, entry._id, entry.kind, 'expired').catch(ignoreNotFound);
    }
  }
}

/** Entries not met before (recorded in `seen`): a read model that lags a purge can never make these loops spin. */
function unseen(items: TrashDoc[], seen: Set<string>): TrashDoc[] {
  const fresh = items.filter((item) => !seen.has(item._id));
  for (const item of fresh) seen.add(item._id);
  return fresh;
}

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof NotFoundError)) throw error;
}
