import { workspaceQueries } from '../../projections/workspace/queries';
import { trashQueries } from '../../projections/workspace/trash-queries';
import { MAX_FOLDER_DEPTH } from '../domain/folder/limits';
import type { AppContext } from './context';

/** One folder of a path, root first; `inTrash`: the folder itself is in the trash (it has no page to link to). */
export type TrailItem = { id: string; name: string; inTrash?: true };

/**
 * The paths of the owner's folders, root first and ending with each folder, walking up through live folders and
 * through folders in the trash (where a script deleted before its folder still points). A folder gone for good ends
 * the walk: its path is what was found below it, or empty. At most MAX_FOLDER_DEPTH reads per folder, each once.
 */
export async function folderTrails(ctx: AppContext, ownerId: string, folderIds: Iterable<string>): Promise<Map<string, TrailItem[]>> {
  const live = workspaceQueries(ctx.readStore);
  const trash = trashQueries(ctx.readStore);
  const known = new Map<string, { item: TrailItem; parentId: string | null } | null>();
  const lookUp = async (id: string) => {
    if (known.has(id)) return known.get(id)!;
    const folder = await live.folder(ownerId, id);
    let found: { item: TrailItem; parentId: string | null } | null = null;
    if (folder) found = { item: { id, name: folder.name }, parentId: folder.parentId };
    else {
      const entry = await trash.entry(ownerId, id);
      if (entry?.kind === 'folder') found = { item: { id, name: entry.name, inTrash: true }, parentId: entry.parentId };
    }
    known.set(id, found);
    return found;
  };
  const trails = new Map<string, TrailItem[]>();
  for (const start of folderIds) {
    if (trails.has(start)) continue;
    const trail: TrailItem[] = [];
    const seen = new Set<string>();
    for (let id: string | null = start; id && !seen.has(id) && trail.length < MAX_FOLDER_DEPTH; ) {
      seen.add(id);
      const found = await lookUp(id);
      if (!found) break;
      trail.unshift(found.item);
      id = found.parentId;
    }
    trails.set(start, trail);
  }
  return trails;
}

/** `"Games / Lobby"`, `"Lobby" (in the trash)` or `a deleted folder`, for a sentence of the activity trail. */
export function trailText(trail: TrailItem[] | undefined): string {
  if (!trail || trail.length === 0) return 'a deleted folder';
  const text = `"${trail.map((f) => f.name).join(' / ')}"`;
  return trail[trail.length - 1]!.inTrash ? `${text} (in the trash)` : text;
}
