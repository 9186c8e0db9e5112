import type { ReadStore } from '../read-store/read-store';
import { WORKSPACE_COLLECTIONS as C, type FolderDoc, type ScriptDoc, type SharedFolderDoc, type SharedScriptDoc } from './documents';

/** Questions the workspace read model answers. Ownership is part of every owner-facing filter. */
export const workspaceQueries = (store: ReadStore) => {
  const scripts = store.collection<ScriptDoc>(C.scripts);
  const folders = store.collection<FolderDoc>(C.folders);
  return {
    scriptsOf: (ownerId: string) => scripts.find({ ownerId }, { sort: { updatedAt: -1 } }),
    rootScriptsOf: (ownerId: string) => scripts.find({ ownerId, folderId: null }, { sort: { updatedAt: -1 } }),
    scriptsInFolder: (ownerId: string, folderId: string) => scripts.find({ ownerId, folderId }, { sort: { updatedAt: -1 } }),
    scriptCountOf: (ownerId: string) => scripts.countDocuments({ ownerId }),
    script: (ownerId: string, scriptId: string) => scripts.findOne({ _id: scriptId, ownerId }),
    foldersOf: (ownerId: string, parentId?: string | null) =>
      folders.find(parentId === undefined ? { ownerId } : { ownerId, parentId }, { sort: { name: 1 } }),
    folder: (ownerId: string, folderId: string) => folders.findOne({ _id: folderId, ownerId }),
    /** Ancestors root-first, ending with the folder itself. Stops on a cycle rather than looping. */
    async folderPath(ownerId: string, folderId: string): Promise<FolderDoc[] | null> {
      const path: FolderDoc[] = [];
      const seen = new Set<string>();
      let current = await folders.findOne({ _id: folderId, ownerId });
      if (!current) return null;
      while (current && !seen.has(current._id)) {
        seen.add(current._id);
        path.unshift(current);
        current = current.parentId ? await folders.findOne({ _id: current.parentId, ownerId }) : null;
      }
      return path;
    },
    /** The folder and every folder below it (each once, even if the tree has a cycle). */
    async folderSubtree(ownerId: string, folderId: string): Promise<FolderDoc[]> {
      const all = await folders.find({ ownerId });
      const children = new Map<string | null, FolderDoc[]>();
      for (const folder of all) children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder]);
      const root = all.find((f) => f._id === folderId);
      if (!root) return [];
      const result: FolderDoc[] = [];
      // `seen` guards against a cycle in the read model (two concurrent moves can make one): without it this
      // loop grows its stack until the process runs out of memory.
      const seen = new Set<string>();
      const stack = [root];
      while (stack.length) {
        const next = stack.pop()!;
        if (seen.has(next._id)) continue;
        seen.add(next._id);
        result.push(next);
        stack.push(...(children.get(next._id) ?? []));
      }
      return result;
    },
  };
};

export interface SharedFolderContents {
  scripts: { id: string; title: string; updatedAt: string; shareId: string | null }[];
  subfolders: { id: string; name: string; contents: SharedFolderContents }[];
}

export const sharedViewQueries = (store: ReadStore) => ({
  sharedScript: (shareId: string) => store.collection<SharedScriptDoc>(C.sharedScripts).findOne({ _id: shareId }),
  async sharedFolder(shareId: string): Promise<{ folder: { name: string; updatedAt: string }; contents: SharedFolderContents } | null> {
    const share = await store.collection<SharedFolderDoc>(C.sharedFolders).findOne({ _id: shareId });
    if (!share) return null;
    const [folders, scripts] = await Promise.all([
      store.collection<FolderDoc>(C.folders).find({ ownerId: share.ownerId }, { sort: { name: 1 } }),
      store.collection<ScriptDoc>(C.scripts).find({ ownerId: share.ownerId, folderId: { $ne: null } }, { sort: { title: 1 } }),
    ]);
    const root = folders.find((f) => f._id === share.folderId);
    if (!root) return null;
    const contentsOf = (folderId: string, depth: number): SharedFolderContents => ({
      scripts: scripts
        .filter((s) => s.folderId === folderId)
        .map((s) => ({ id: s._id, title: s.title, updatedAt: s.updatedAt, shareId: s.shareId })),
      // Depth bound: the tree is acyclic by construction, this only guards against a corrupted read model.
      subfolders:
        depth > 64
          ? []
          : folders.filter((f) => f.parentId === folderId).map((f) => ({ id: f._id, name: f.name, contents: contentsOf(f._id, depth + 1) })),
    });
    return { folder: { name: root.name, updatedAt: root.updatedAt }, contents: contentsOf(root._id, 0) };
  },
});
