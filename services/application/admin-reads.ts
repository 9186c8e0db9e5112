import { scriptAccessStream } from '../domain/script/events';
import type { AppContext } from './context';

export const ADMIN_ACTOR = 'admin';

/**
 * Records that the administrator opened a script nobody else can read (no live share link), before its content is
 * sent: the owner sees it in the script's Activity and on the live-update stream. A shared script's content is public
 * to anyone with the link, so reading it is not recorded.
 */
export async function recordAdminRead(ctx: Pick<AppContext, 'eventStore' | 'now'>, script: { id: string; ownerId: string; version: number; shareId: string | null }): Promise<void> {
  if (script.shareId) return;
  await ctx.eventStore.appendToStream(
    scriptAccessStream(script.id),
    [{ type: 'ScriptReadByAdmin', data: { scriptId: script.id, version: script.version }, metadata: { actorId: ADMIN_ACTOR, at: ctx.now(), schemaVersion: 1, ownerId: script.ownerId } }],
    { expectedRevision: 'any' },
  );
}
