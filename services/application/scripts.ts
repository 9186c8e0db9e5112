import { scriptDecider, SCRIPT_NOT_FOUND } from '../domain/script/decider';
import type { ScriptCommand } from '../domain/script/commands';
import { scriptStream } from '../domain/script/events';
import { DomainError, NotFoundError } from '../domain/shared/errors';
import { FOLDER_NOT_FOUND } from '../domain/folder/decider';
import { workspaceQueries } from '../../projections/workspace/queries';
import { handleCommand } from './command-handler';
import type { Actor, AppContext } from './context';
import { scriptView, type ScriptView } from './views';

/** Commands with their metadata filled in from the actor and the clock. */
type ScriptCommandInput = { [K in ScriptCommand['type']]: Omit<Extract<ScriptCommand, { type: K }>, 'metadata'> }[ScriptCommand['type']];

export async function runScriptCommand(ctx: AppContext, actor: Actor, command: ScriptCommandInput) {
  const full = { ...command, metadata: { actorId: actor.actorId, at: ctx.now() } } as ScriptCommand;
  return handleCommand(ctx, scriptDecider, scriptStream(command.data.scriptId), full);
}

export async function readOwnedScript(ctx: AppContext, actor: Actor, scriptId: string): Promise<ScriptView> {
  const doc = await workspaceQueries(ctx.readStore).script(actor.userId, scriptId);
  if (!doc) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return scriptView(doc);
}

/** A folder id from a client must name one of the actor's own folders. */
export async function requireOwnFolder(ctx: AppContext, actor: Actor, folderId: string | null): Promise<void> {
  if (folderId === null) return;
  if (!(await workspaceQueries(ctx.readStore).folder(actor.userId, folderId))) throw new NotFoundError(FOLDER_NOT_FOUND);
}

export class QuotaExceededError extends DomainError {
  constructor(quota: number) {
    super(403, `Script limit reached: your account can hold at most ${quota} scripts. Delete a script to make room.`, { quota });
  }
}

async function requireQuotaRoom(ctx: AppContext, actor: Actor, adding: number): Promise<void> {
  const quota = ctx.config.scriptQuota;
  if (quota === undefined) return;
  const count = await workspaceQueries(ctx.readStore).scriptCountOf(actor.userId);
  if (count + adding > quota) throw new QuotaExceededError(quota);
}

export interface NewScript {
  title: string;
  content: string;
  folderId: string | null;
  comment?: string;
}

export async function createScript(ctx: AppContext, actor: Actor, input: NewScript): Promise<ScriptView> {
  await requireOwnFolder(ctx, actor, input.folderId);
  await requireQuotaRoom(ctx, actor, 1);
  const scriptId = ctx.newId();
  await runScriptCommand(ctx, actor, { type: 'CreateScript', data: { scriptId, userId: actor.userId, ...input } });
  return readOwnedScript(ctx, actor, scriptId);
}

/** Checks quota and target folders for a batch before anything is written (uploads are all or nothing). */
export async function prepareScriptBatch(ctx: AppContext, actor: Actor, count: number, folderId: string | null): Promise<void> {
  await requireOwnFolder(ctx, actor, folderId);
  await requireQuotaRoom(ctx, actor, count);
}

export async function saveScript(
  ctx: AppContext,
  actor: Actor,
  scriptId: string,
  changes: { title?: string; content?: string; comment?: string },
): Promise<ScriptView> {
  await runScriptCommand(ctx, actor, { type: 'SaveScript', data: { scriptId, userId: actor.userId, ...changes } });
  return readOwnedScript(ctx, actor, scriptId);
}

export async function restoreVersion(ctx: AppContext, actor: Actor, scriptId: string, version: number): Promise<ScriptView> {
  await runScriptCommand(ctx, actor, { type: 'RestoreVersion', data: { scriptId, userId: actor.userId, version } });
  return readOwnedScript(ctx, actor, scriptId);
}

export async function moveScript(ctx: AppContext, actor: Actor, scriptId: string, folderId: string | null): Promise<ScriptView> {
  await requireOwnFolder(ctx, actor, folderId);
  await runScriptCommand(ctx, actor, { type: 'MoveScript', data: { scriptId, userId: actor.userId, folderId } });
  return readOwnedScript(ctx, actor, scriptId);
}

export async function shareScript(ctx: AppContext, actor: Actor, scriptId: string): Promise<{ shareId: string }> {
  await runScriptCommand(ctx, actor, { type: 'ShareScript', data: { scriptId, userId: actor.userId, shareId: ctx.newId() } });
  const script = await readOwnedScript(ctx, actor, scriptId);
  return { shareId: script.shareId! };
}

export async function revokeScriptShare(ctx: AppContext, actor: Actor, scriptId: string): Promise<void> {
  await runScriptCommand(ctx, actor, { type: 'RevokeScriptShare', data: { scriptId, userId: actor.userId } });
}

export async function deleteScript(ctx: AppContext, actor: Actor, scriptId: string): Promise<void> {
  await runScriptCommand(ctx, actor, { type: 'DeleteScript', data: { scriptId, userId: actor.userId } });
}
