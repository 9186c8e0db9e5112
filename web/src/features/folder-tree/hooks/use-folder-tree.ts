import { useMemo } from 'react';
import { useAllFolders } from '../../../api/folders';
import type { Folder } from '../../../api/types';

export type TreeNode = { folder: Folder; depth: number; children: TreeNode[]; parent: TreeNode | null };

/** The whole folder tree from the one list every picker reads, children by name; a cycle (never stored) is cut. */
export function useFolderTree(enabled = true) {
  const folders = useAllFolders(enabled);
  const tree = useMemo(() => buildTree(folders.data ?? []), [folders.data]);
  return { ...tree, isLoading: folders.isLoading, error: folders.error };
}

export function buildTree(folders: Folder[]): { roots: TreeNode[]; byId: Map<string, TreeNode> } {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<string | null, Folder[]>();
  for (const f of folders) {
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), f]);
  }
  const byId = new Map<string, TreeNode>();
  const grow = (parentId: string | null, parent: TreeNode | null, depth: number): TreeNode[] =>
    (children.get(parentId) ?? [])
      .filter((f) => !byId.has(f.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((folder) => {
        const node: TreeNode = { folder, depth, children: [], parent };
        byId.set(folder.id, node);
        node.children = grow(folder.id, node, depth + 1);
        return node;
      });
  return { roots: grow(null, null, 1), byId };
}

/** The nodes on screen, top to bottom: roots and the children of every expanded node. */
export function visibleNodes(roots: TreeNode[], expanded: ReadonlySet<string>): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      out.push(n);
      if (expanded.has(n.folder.id)) walk(n.children);
    }
  };
  walk(roots);
  return out;
}

/** Whether `node` is `ancestorId` or inside it (a folder cannot be dropped there). */
export function isWithin(node: TreeNode | undefined, ancestorId: string): boolean {
  for (let n: TreeNode | null | undefined = node; n; n = n.parent) if (n.folder.id === ancestorId) return true;
  return false;
}
