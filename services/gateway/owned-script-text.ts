import { NotFoundError } from '../domain/shared/errors';
import { SCRIPT_NOT_FOUND } from '../domain/script/decider';
import type { Actor } from '../application/context';
import { workspaceQueries } from '../../projections/workspace/queries';
import type { ScriptSummaryDoc } from '../../projections/workspace/documents';
import type { GatewayContext } from './http-context';
import { versionBodyOf, type VersionBody } from './version-bodies';

/**
 * An owner's script for an answer that sends its content: the fields from the workspace read model without the
 * content, the content from the shared version bodies. Reading a large script again parses no document and copies no
 * content per answer (owner reads are not rate-limited). Another user's script is not found, like a missing one.
 */
export async function ownedScriptText(ctx: GatewayContext, actor: Actor, scriptId: string): Promise<{ fields: ScriptSummaryDoc; text: VersionBody }> {
  const workspace = workspaceQueries(ctx.readStore);
  const fields = await workspace.scriptFields(actor.userId, scriptId);
  if (!fields) throw new NotFoundError(SCRIPT_NOT_FOUND);
  const text = await ctx.versionBodies.get(scriptId, fields.version);
  if (text) return { fields, text };
  // On MongoDB the version timeline commits apart from the workspace and may be a batch behind: read the whole document.
  const doc = await workspace.script(actor.userId, scriptId);
  if (!doc) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return { fields: doc, text: versionBodyOf(doc.content) };
}
