import { apiFetch } from '../../../lib/api-client';
import { refreshFolders } from '../../../api/folders';
import { moveScript } from '../../../api/scripts';
import type { Folder } from '../../../api/types';

/** What is being dragged: a folder or a script, by id. */
export type DragItem = { kind: 'folder' | 'script'; id: string; name: string };
const DRAG_TYPE = 'application/x-luavault-item';

export function setDragItem(e: { dataTransfer: DataTransfer | null }, item: DragItem): void {
  if (!e.dataTransfer) return;
  e.dataTransfer.setData(DRAG_TYPE, JSON.stringify(item));
  e.dataTransfer.setData('text/plain', item.name);
  e.dataTransfer.effectAllowed = 'move';
}

/** Whether a drag carries one of our items (its data is only readable on drop). */
export const carriesItem = (e: { dataTransfer: DataTransfer | null }): boolean => !!e.dataTransfer?.types.includes(DRAG_TYPE);

export function dragItemOf(e: { dataTransfer: DataTransfer | null }): DragItem | null {
  try {
    const value = JSON.parse(e.dataTransfer?.getData(DRAG_TYPE) || 'null') as DragItem | null;
    return value && (value.kind === 'folder' || value.kind === 'script') && typeof value.id === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Moves a folder under `parentId` (null: the workspace root): POST /api/folders/{id}/move. */
export async function moveFolder(id: string, parentId: string | null): Promise<Folder> {
  const folder = await apiFetch<Folder>(`/api/folders/${encodeURIComponent(id)}/move`, { method: 'POST', json: { parentId } });
  await refreshFolders();
  return folder;
}

/** Moves what was dropped into the folder `target` (null: the root). */
export async function moveItem(item: DragItem, target: string | null): Promise<void> {
  if (item.kind === 'folder') await moveFolder(item.id, target);
  else await moveScript(item.id, target);
  await refreshFolders();
}
