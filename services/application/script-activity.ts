import type { AuditEntryDoc } from '../../projections/version-timeline/documents';
import { accountQueries } from '../../projections/accounts/queries';
import type { AppContext } from './context';
import { folderTrails, trailText } from './folder-trails';

/** An activity entry as the history answers it (docs/api.md: AuditEntry). */
export type ActivityView = { position: string; type: string; actorId: string; actorName: string; at: string; summary: string };

/**
 * Names what a page of the audit trail only holds ids of: the user or the API key (by its name) behind each change,
 * and the folders of each move, by their path as it is now (folder-trails.ts). Reads are per page, each name once.
 */
export async function describeActivity(ctx: AppContext, ownerId: string, entries: AuditEntryDoc[]): Promise<ActivityView[]> {
  const actors = await actorNames(ctx, ownerId, entries.map((e) => e.actorId));
  const folderIds = new Set<string>();
  for (const e of entries) {
    if (e.type !== 'ScriptMoved') continue;
    if (e.fromFolderId) folderIds.add(e.fromFolderId);
    if (e.folderId) folderIds.add(e.folderId);
  }
  const trails = await folderTrails(ctx, ownerId, folderIds);
  const place = (id: string | null | undefined) => (id ? trailText(trails.get(id)) : 'the root');
  return entries.map((e) => ({
    position: e._id.replace(/^0+(?=\d)/, ''),
    type: e.type,
    actorId: e.actorId,
    actorName: actors(e.actorId),
    at: e.at,
    // entries projected before moves kept their folders have no `folderId` field: their summary stays
    summary: e.type === 'ScriptMoved' && e.folderId !== undefined ? `Moved from ${place(e.fromFolderId)} to ${place(e.folderId)}` : e.summary,
  }));
}

/**
 * `user:<id>` → the username; `apikey:<id>` → `API key "<name>"` (a key since deleted: `a deleted API key`, its name
 * is gone with it). Only the owner's own keys are named.
 */
export async function actorNames(ctx: AppContext, ownerId: string, actorIds: string[]): Promise<(actorId: string) => string> {
  const accounts = accountQueries(ctx.readStore);
  const unique = [...new Set(actorIds)];
  const userIds = unique.filter((a) => a.startsWith('user:')).map((a) => a.slice('user:'.length));
  const users = new Map((await accounts.usersByIds(userIds)).map((u) => [u._id, u.username]));
  const keys = new Map<string, string>();
  for (const actorId of unique.filter((a) => a.startsWith('apikey:'))) {
    const key = await accounts.apiKeyOf(ownerId, actorId.slice('apikey:'.length));
    if (key) keys.set(actorId, key.name);
  }
  return (actorId) => {
    if (actorId.startsWith('user:')) return users.get(actorId.slice('user:'.length)) ?? actorId;
    if (actorId.startsWith('apikey:')) {
      const name = keys.get(actorId);
      return name === undefined ? 'a deleted API key' : `API key "${name}"`;
    }
    return actorId;
  };
}
