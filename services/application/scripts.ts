import { isVersionOf, SaveConflictError, scriptDecider, SCRIPT_NOT_FOUND, type ScriptState } from '../domain/script/decider';
import type { ScriptCommand } from '../domain/script/commands';
import { scriptStream, type PurgeReason } from '../domain/script/events';
import { ConflictError, NotFoundError } from '../domain/shared/errors';
import { releaseScriptSlots, reserveScriptSlots } from './accounts';
import { FOLDER_NOT_FOUND } from '../domain/folder/decider';
import { workspaceQueries } from '../../projections/workspace/queries';
import { timelineQueries } from '../../projections/version-timeline/queries';
import { requireVersionSize, utf8Bytes } from '../domain/script/limits';
import { reserveStorageFor } from './storage';
import { NOTHING_HELD, retakableHold, whileHeld, type StorageHold } from './storage-reservations';
import { handleCommand, type CommandSource } from './command-handler';
import type { Actor, AppContext } from './context';
import { scriptView, type ScriptView } from './views';
import { withViewTotal } from '../../projections/script-views/queries';
import { scriptKeyId } from '../security/data-keys';

/** Commands with their metadata filled in from the actor and the clock. */
type ScriptCommandInput = { [K in ScriptCommand['type']]: Omit<Extract<ScriptCommand, { type: K }>, 'metadata'> }[ScriptCommand['type']];

export async function runScriptCommand(ctx: AppContext, actor: Actor, command: ScriptCommandInput) {
  const full = { ...command, metadata: { actorId: actor.actorId, at: ctx.now(), ownerId: actor.userId } } as ScriptCommand;
  return handleCommand(ctx, scriptDecider, scriptStream(command.data.scriptId), full);
}

/** A command that needs data the decision state does not keep, read once the read models include that state. */
function runScriptCommandWith(
  ctx: AppContext,
  actor: Actor,
  scriptId: string,
  build: (state: ScriptState) => Promise<ScriptCommandInput>,
) {
  const source: CommandSource<ScriptState, ScriptCommand> = async (state, position) => {
    if (state.status === 'active' && position !== null) await ctx.watermark.waitFor(position);
    return { ...(await build(state)), metadata: { actorId: actor.actorId, at: ctx.now(), ownerId: actor.userId } } as ScriptCommand;
  };
  return handleCommand(ctx, scriptDecider, scriptStream(scriptId), source);
}

export async function readOwnedScript(ctx: AppContext, actor: Actor, scriptId: string): Promise<ScriptView> {
  const doc = await withViewTotal(ctx.readStore, await workspaceQueries(ctx.readStore).script(actor.userId, scriptId));
  if (!doc) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return scriptView(doc);
}

/** A folder id from a client must name one of the actor's own folders. */
export async function requireOwnFolder(ctx: AppContext, actor: Actor, folderId: string | null): Promise<void> {
  if (folderId === null) return;
  if (!(await workspaceQueries(ctx.readStore).folder(actor.userId, folderId))) throw new NotFoundError(FOLDER_NOT_FOUND);
}

export interface NewScript {
  title: string;
  /** the file extension the script keeps (`.lua`, `.luau`, `.json`); absent or null: none, named as before */
  extension?: string | null;
  content: string;
  folderId: string | null;
  comment?: string;
}

/**
 * Creates a script in its own stream after reserving its bytes of the storage quota and taking a slot on the user's
 * stream (the script quota). `slotReserved`: the caller already took the slot and the storage (a batch upload reserves
 * all of them up front, `batch`), and this script's bytes of `batch` are given back once it is stored.
 */
export async function createScript(
  ctx: AppContext,
  actor: Actor,
  input: NewScript,
  options: { slotReserved?: boolean; batch?: StorageHold } = {},
): Promise<ScriptView> {
  requireVersionSize(input.content);
  await requireOwnFolder(ctx, actor, input.folderId);
  const bytes = utf8Bytes(input.content);
  const hold = options.slotReserved ? (options.batch ?? NOTHING_HELD) : await reserveStorageFor(ctx, actor.userId, bytes);
  const scriptId = ctx.newId();
  await whileHeld(
    ctx,
    hold,
    async () => {
      if (!options.slotReserved) await reserveScriptSlots(ctx, actor, 1);
      try {
        await runScriptCommand(ctx, actor, { type: 'CreateScript', data: { scriptId, userId: actor.userId, ...input } });
      } catch (error) {
        if (!options.slotReserved) await releaseScriptSlots(ctx, actor, 1).catch(() => undefined);
        throw error;
      }
    },
    bytes,
  );
  return keepOutOfDeletedFolder(ctx, actor, await readOwnedScript(ctx, actor, scriptId));
}

/**
 * The folder check before a write reads the read model, so a folder deleted at the same moment can slip past it.
 * After the write we look again and move the script to the root if its folder is gone (the folder deletion sweeps
 * once more too): a script never ends up in a folder nobody can open.
 */
async function keepOutOfDeletedFolder(ctx: AppContext, actor: Actor, script: ScriptView): Promise<ScriptView> {
  if (script.folderId === null || (await workspaceQueries(ctx.readStore).folder(actor.userId, script.folderId))) return script;
  await runScriptCommand(ctx, actor, { type: 'MoveScript', data: { scriptId: script.id, userId: actor.userId, folderId: null } });
  return readOwnedScript(ctx, actor, script.id);
}

/**
 * Checks the target folder, reserves the storage the batch needs (`bytes`) and takes `count` slots before anything is
 * written (uploads are all or nothing). The caller creates with `slotReserved` and the returned hold as `batch`, hands
 * back the slots it did not use with `releaseUnusedSlots` and releases what is left of the hold.
 */
export async function prepareScriptBatch(ctx: AppContext, actor: Actor, count: number, folderId: string | null, bytes: number): Promise<StorageHold> {
  await requireOwnFolder(ctx, actor, folderId);
  const hold = await reserveStorageFor(ctx, actor.userId, bytes);
  try {
    await reserveScriptSlots(ctx, actor, count);
  } catch (error) {
    hold.release();
    throw error;
  }
  return hold;
}

export async function releaseUnusedSlots(ctx: AppContext, actor: Actor, count: number): Promise<void> {
  await releaseScriptSlots(ctx, actor, count).catch(() => undefined);
}

export async function saveScript(
  ctx: AppContext,
  actor: Actor,
  scriptId: string,
  changes: { title?: string; content?: string; comment?: string; baseVersion?: number },
): Promise<ScriptView> {
  const data = { scriptId, userId: actor.userId, ...changes };
  try {
    if (changes.content !== undefined) {
      requireVersionSize(changes.content);
      const hold = await reserveStorageFor(ctx, actor.userId, utf8Bytes(changes.content));
      // A save naming its base is decided on a state the read models include, so a refusal can show the current version.
      await whileHeld(ctx, hold, async () => {
        if (changes.baseVersion === undefined) await runScriptCommand(ctx, actor, { type: 'SaveScript', data });
        else await runScriptCommandWith(ctx, actor, scriptId, async () => ({ type: 'SaveScript', data }));
      });
    } else {
      // A title-only save carries the current content forward (every save is a full version): read it, since the
      // state keeps only its hash; it counts against the storage quota like any version.
      const held = retakableHold((bytes) => reserveStorageFor(ctx, actor.userId, bytes));
      await whileHeld(ctx, held.hold, () =>
        runScriptCommandWith(ctx, actor, scriptId, async (state) => {
          const doc = state.status === 'active' ? await workspaceQueries(ctx.readStore).script(actor.userId, scriptId) : null;
          if (doc) await held.take(utf8Bytes(doc.content));
          return { type: 'SaveScript', data: doc ? { ...data, currentContent: doc.content } : data };
        }),
      );
    }
  } catch (error) {
    if (error instanceof SaveConflictError) throw await withCurrentVersion(ctx, actor, scriptId, error);
    throw error;
  }
  return readOwnedScript(ctx, actor, scriptId);
}

/** A conflict answer carries the content only up to this size; a larger script is fetched (GET) by the client. */
export const CONFLICT_CONTENT_MAX_BYTES = 1024 * 1024;

/**
 * The refusal of a stale save, with what the client needs to resolve it: the current version's number, title, time
 * and (when not too large) content. The state refused was read after the read models included it (runScriptCommandWith).
 */
async function withCurrentVersion(ctx: AppContext, actor: Actor, scriptId: string, error: SaveConflictError): Promise<ConflictError> {
  const doc = await workspaceQueries(ctx.readStore).script(actor.userId, scriptId);
  if (!doc) return error;
  const content = utf8Bytes(doc.content) <= CONFLICT_CONTENT_MAX_BYTES ? { content: doc.content } : {};
  // Only the owner saves a script, so "who" is how: with an API key, or signed in (another tab or device).
  const savedWith = (await timelineQueries(ctx.readStore).version(scriptId, doc.version))?.actorId.startsWith('apikey:') ? 'apiKey' : 'session';
  return new ConflictError(error.message, {
    currentVersion: doc.version,
    current: { version: doc.version, title: doc.title, ...content, updatedAt: doc.updatedAt, savedWith },
  });
}

/** The old content comes from the version timeline (one indexed lookup), never from folding the script's stream. */
export async function restoreVersion(ctx: AppContext, actor: Actor, scriptId: string, version: number): Promise<ScriptView> {
  const held = retakableHold((bytes) => reserveStorageFor(ctx, actor.userId, bytes));
  await whileHeld(ctx, held.hold, () =>
    runScriptCommandWith(ctx, actor, scriptId, async (state) => {
      const owned = state.status === 'active' && state.ownerId === actor.userId && isVersionOf(state, version);
      const doc = owned ? await timelineQueries(ctx.readStore).version(scriptId, version) : null;
      if (doc) await held.take(utf8Bytes(doc.content));
      return { type: 'RestoreVersion', data: { scriptId, userId: actor.userId, version, content: doc?.content ?? null } };
    }),
  );
  return readOwnedScript(ctx, actor, scriptId);
}

export async function moveScript(ctx: AppContext, actor: Actor, scriptId: string, folderId: string | null): Promise<ScriptView> {
  await requireOwnFolder(ctx, actor, folderId);
  await runScriptCommand(ctx, actor, { type: 'MoveScript', data: { scriptId, userId: actor.userId, folderId } });
  return keepOutOfDeletedFolder(ctx, actor, await readOwnedScript(ctx, actor, scriptId));
}

/** Shares the script (or keeps its live link); `fullHistory` given: whether the link serves versions from before sharing. */
export async function shareScript(
  ctx: AppContext,
  actor: Actor,
  scriptId: string,
  options: { fullHistory?: boolean } = {},
): Promise<{ shareId: string; fullHistory: boolean; sharedAtVersion: number }> {
  await runScriptCommand(ctx, actor, { type: 'ShareScript', data: { scriptId, userId: actor.userId, shareId: ctx.newId(), ...options } });
  const script = await readOwnedScript(ctx, actor, scriptId);
  return { shareId: script.shareId!, fullHistory: script.shareFullHistory, sharedAtVersion: script.sharedAtVersion! };
}

export async function revokeScriptShare(ctx: AppContext, actor: Actor, scriptId: string): Promise<void> {
  await runScriptCommand(ctx, actor, { type: 'RevokeScriptShare', data: { scriptId, userId: actor.userId } });
}

/** Moves the script to the trash (services/application/trash.ts restores or purges it). Its slot stays taken until purged. */
export async function deleteScript(ctx: AppContext, actor: Actor, scriptId: string): Promise<void> {
  await runScriptCommand(ctx, actor, { type: 'TrashScript', data: { scriptId, userId: actor.userId } });
}

/**
 * Removes the script for good and gives its slot back. `emptied`/`expired` only from the trash; `account-deleted`
 * and `discarded` (an upload rolled back) purge a live script directly. A closed account has no slots to give back.
 */
export async function purgeScript(ctx: AppContext, actor: Actor, scriptId: string, reason: PurgeReason): Promise<void> {
  const { events } = await runScriptCommand(ctx, actor, { type: 'PurgeScript', data: { scriptId, userId: actor.userId, reason } });
  // After the purge is recorded, never before: a refused purge must not shred a live script. (Should this process stop
  // in between, the projector destroys the key when it meets the purge: SealedEventStore.)
  if (events.length > 0) await ctx.shredder?.destroyKey(scriptKeyId(scriptId));
  if (events.length > 0 && reason !== 'account-deleted') await releaseScriptSlots(ctx, actor, 1);
}
