import type { ReadCollection, ReadStore } from '../read-store/read-store';
import { keysetPage, type Page, type PageRequest } from '../keyset-page';
import { eachPage } from '../read-store/each-page';
import { contentSummary } from './content-summary';
import {
  WORKSPACE_COLLECTIONS as C,
  type FolderDoc,
  type ScriptDoc,
  type ScriptSummaryDoc,
  type SharedFolderDoc,
  type SharedScriptDoc,
  type WithViews,
} from './documents';
import { withViewTotals } from '../script-views/queries';
import { MAX_FOLDER_DEPTH } from '../../services/domain/folder/limits';
import { scriptFileName } from '../../services/domain/script/file-name';

/** Lists never read contents: `preview` and `size` are stored at projection time. */
const WITHOUT_CONTENT = { content: 0 } as const;

/**
 * Documents projected before `preview` and `size` existed get them from their content, read for those documents only
 * (a rebuild of the read models removes the need).
 */
async function withSummaries(scripts: ReadCollection<ScriptDoc>, docs: ScriptSummaryDoc[]): Promise<ScriptSummaryDoc[]> {
  const missing = docs.filter((d) => typeof d.preview !== 'string' || typeof d.size !== 'number').map((d) => d._id);
  if (missing.length === 0) return docs;
  const full = new Map((await scripts.find({ _id: { $in: missing } })).map((d) => [d._id, d]));
  return docs.map((d) => {
    const content = full.get(d._id)?.content;
    return content === undefined ? d : { ...d, ...contentSummary(content) };
  });
}

/** Orders a script list can have: newest update first (the default), title A to Z, largest first. */
export type ScriptOrder = 'updated' | 'title' | 'size';
const SCRIPT_ORDERS: Record<ScriptOrder, { field: string; direction: 1 | -1 }> = {
  updated: { field: 'updatedAt', direction: -1 },
  title: { field: 'title', direction: 1 },
  size: { field: 'size', direction: -1 },
};

/** Scripts in `order` (`_id` breaks ties), one page, without contents, with their view totals. */
export async function scriptSummaryPage(
  store: ReadStore,
  filter: Record<string, unknown>,
  page: PageRequest,
  order: ScriptOrder = 'updated',
): Promise<Page<WithViews<ScriptSummaryDoc>>> {
  const scripts = store.collection<ScriptDoc>(C.scripts);
  const found = await keysetPage<ScriptDoc>(scripts, { filter, ...SCRIPT_ORDERS[order], projection: WITHOUT_CONTENT }, page);
  return { items: await withViewTotals(store, await withSummaries(scripts, found.items)), next: found.next };
}

/** `text` as a regular expression that matches it literally. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** Case-insensitive "contains `text`", as a filter both read-store adapters evaluate. */
const containing = (text: string) => ({ $regex: escapeRegex(text), $options: 'i' });

/** Deepest folder path followed: the deepest a folder can be made (a deeper one predates the limit). */
const MAX_PATH_DEPTH = MAX_FOLDER_DEPTH;
/** Parent ids per `$in` of a subtree walk: well under any driver's or SQLite's limit on parameters. */
const PARENTS_PER_QUERY = 500;
export type PathItem = { id: string; name: string };

/** Questions the workspace read model answers. Ownership is part of every owner-facing filter. */
export const workspaceQueries = (store: ReadStore) => {
  const scripts = store.collection<ScriptDoc>(C.scripts);
  const folders = store.collection<FolderDoc>(C.folders);
  /** The live folders directly inside any of `parentIds`, through the parent index. */
  const childFolders = async (ownerId: string, parentIds: string[]): Promise<FolderDoc[]> => {
    const children: FolderDoc[] = [];
    for (let i = 0; i < parentIds.length; i += PARENTS_PER_QUERY) {
      children.push(...(await folders.find({ ownerId, parentId: { $in: parentIds.slice(i, i + PARENTS_PER_QUERY) } })));
    }
    return children;
  };
  /**
   * The folders below `folderId`, one level at a time through the parent index, each folder once: `seen` guards against
   * a cycle in the read model (two concurrent moves can make one), without which the walk would never end.
   */
  async function* levelsBelow(ownerId: string, folderId: string): AsyncGenerator<FolderDoc[]> {
    const seen = new Set([folderId]);
    for (let parents = [folderId]; ; ) {
      const level: FolderDoc[] = [];
      for (const child of await childFolders(ownerId, parents)) {
        if (seen.has(child._id)) continue;
        seen.add(child._id);
        level.push(child);
      }
      if (level.length === 0) return;
      yield level;
      parents = level.map((f) => f._id);
    }
  }
  return {
    /** Every script in one folder, without contents, a page at a time (the folder deletion moves them out one by one). */
    eachScriptIn: (ownerId: string, folderId: string, visit: (page: ScriptSummaryDoc[]) => Promise<void>) =>
      eachPage<ScriptSummaryDoc>(store, C.scripts, visit, { filter: { ownerId, folderId }, projection: WITHOUT_CONTENT, pageSize: 200 }),
    /** `folderId`: undefined for every script, null for the root, or one folder. */
    scriptsPageOf: (ownerId: string, folderId: string | null | undefined, page: PageRequest) =>
      scriptSummaryPage(store, folderId === undefined ? { ownerId } : { ownerId, folderId }, page),
    /** Folders by name (`_id` breaks ties); `parentId` undefined for all of them. */
    foldersPageOf: (ownerId: string, parentId: string | null | undefined, page: PageRequest) =>
      keysetPage(folders, { filter: parentId === undefined ? { ownerId } : { ownerId, parentId }, field: 'name', direction: 1 }, page),
    scriptCountOf: (ownerId: string) => scripts.countDocuments({ ownerId }),
    /** Every script, in `order`, one page (All Scripts). */
    allScriptsPage: (ownerId: string, page: PageRequest, order: ScriptOrder) => scriptSummaryPage(store, { ownerId }, page, order),
    /** How many scripts and subfolders each folder holds directly: two indexed counts per folder of one page. */
    async folderCounts(ownerId: string, folderIds: string[]): Promise<Map<string, { scriptCount: number; folderCount: number }>> {
      const counted = await Promise.all(
        folderIds.map(async (folderId) => {
          const [scriptCount, folderCount] = await Promise.all([
            scripts.countDocuments({ ownerId, folderId }),
            folders.countDocuments({ ownerId, parentId: folderId }),
          ]);
          return [folderId, { scriptCount, folderCount }] as const;
        }),
      );
      return new Map(counted);
    },
    /** Scripts whose title contains `text` (any case), title order, one page, without contents. */
    searchScripts: (ownerId: string, text: string, page: PageRequest) =>
      scriptSummaryPage(store, { ownerId, title: containing(text) }, page, 'title'),
    /** Folders whose name contains `text` (any case), name order, one page. */
    searchFolders: (ownerId: string, text: string, page: PageRequest) =>
      keysetPage(folders, { filter: { ownerId, name: containing(text) }, field: 'name', direction: 1 }, page),
    /**
     * Each folder's path, root-first and ending with the folder itself, for a page of results: one batched query per
     * level of the tree, never the whole library.
     */
    async folderPaths(ownerId: string, folderIds: string[]): Promise<Map<string, PathItem[]>> {
      const known = new Map<string, Pick<FolderDoc, '_id' | 'name' | 'parentId'>>();
      let missing = [...new Set(folderIds)];
      for (let depth = 0; missing.length > 0 && depth < MAX_PATH_DEPTH; depth++) {
        const found = await folders.find({ ownerId, _id: { $in: missing } }, { projection: { name: 1, parentId: 1 } });
        for (const f of found) known.set(f._id, f);
        missing = [...new Set(found.map((f) => f.parentId).filter((p): p is string => !!p && !known.has(p)))];
      }
      const paths = new Map<string, PathItem[]>();
      for (const id of folderIds) {
        const path: PathItem[] = [];
        const seen = new Set<string>();
        for (let f = known.get(id); f && !seen.has(f._id); f = f.parentId ? known.get(f.parentId) : undefined) {
          seen.add(f._id);
          path.unshift({ id: f._id, name: f.name });
        }
        paths.set(id, path);
      }
      return paths;
    },
    script: (ownerId: string, scriptId: string) => scripts.findOne({ _id: scriptId, ownerId }),
    /** The script's fields without its content (the embedded store reads them without parsing the content). */
    scriptFields: async (ownerId: string, scriptId: string): Promise<ScriptSummaryDoc | null> =>
      (await scripts.find({ _id: scriptId, ownerId }, { limit: 1, projection: WITHOUT_CONTENT }))[0] ?? null,
    /** Whether the owner has this live script, without reading it (a count on indexed keys). */
    ownsScript: async (ownerId: string, scriptId: string) => (await scripts.countDocuments({ _id: scriptId, ownerId })) > 0,
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
    childFolders,
    /**
     * How many levels the folder's subtree spans, the folder itself counting 1; stops once past `atMost`, so the cost
     * is at most that many levels of the subtree.
     */
    async subtreeLevels(ownerId: string, folderId: string, atMost: number): Promise<number> {
      let levels = 1;
      if (levels > atMost) return levels;
      for await (const _level of levelsBelow(ownerId, folderId)) if (++levels > atMost) break;
      return levels;
    },
    /**
     * The folder and every folder below it (each once, even if the tree has a cycle), read a level at a time through
     * the parent index: the cost is the subtree, not every folder the owner has.
     */
    async folderSubtree(ownerId: string, folderId: string): Promise<FolderDoc[]> {
      const root = await folders.findOne({ _id: folderId, ownerId });
      if (!root) return [];
      const result = [root];
      for await (const level of levelsBelow(ownerId, root._id)) result.push(...level);
      return result;
    },
  };
};

/**
 * What a folder link lists: names the page shows and the script ids it opens them by (only through this link). No
 * script's own share id and no folder id: nothing here may keep working once the folder link is revoked.
 */
export interface SharedFolderContents {
  /** `fileName`: title and extension (domain/script/file-name.ts), so the list shows what a pull would write */
  scripts: { id: string; title: string; fileName: string; updatedAt: string }[];
  subfolders: { name: string; contents: SharedFolderContents }[];
}

/** Most folders and scripts one shared-folder answer lists; beyond it the answer says `truncated: true`. */
export const SHARED_FOLDER_MAX_ITEMS = 1000;
/** Levels below a shared folder that its link shows: no folder can be made deeper (and it guards against a cycle). */
const SHARED_FOLDER_MAX_DEPTH = MAX_FOLDER_DEPTH;

export interface SharedFolderView {
  folder: { name: string; updatedAt: string };
  contents: SharedFolderContents;
  /** true when the tree holds more than SHARED_FOLDER_MAX_ITEMS folders and scripts and only the first ones are listed */
  truncated: boolean;
}

type TreeScript = Pick<ScriptDoc, '_id' | 'title' | 'extension' | 'updatedAt' | 'folderId'>;

export const sharedViewQueries = (store: ReadStore) => ({
  sharedScript: (shareId: string) => store.collection<SharedScriptDoc>(C.sharedScripts).findOne({ _id: shareId }),
  /**
   * The shared folder's tree, read level by level with bounded queries (never the owner's whole library, never a
   * content): at most SHARED_FOLDER_MAX_ITEMS entries, nearest levels first.
   */
  async sharedFolder(shareId: string): Promise<SharedFolderView | null> {
    const share = await store.collection<SharedFolderDoc>(C.sharedFolders).findOne({ _id: shareId });
    if (!share) return null;
    const folders = store.collection<FolderDoc>(C.folders);
    const scripts = store.collection<ScriptDoc>(C.scripts);
    const root = await folders.findOne({ _id: share.folderId, ownerId: share.ownerId });
    if (!root) return null;

    const contents = new Map<string, SharedFolderContents>([[root._id, { scripts: [], subfolders: [] }]]);
    let budget = SHARED_FOLDER_MAX_ITEMS;
    let truncated = false;
    let level = [root._id];
    for (let depth = 0; level.length > 0; depth++) {
      if (depth > SHARED_FOLDER_MAX_DEPTH) break;
      if (budget === 0) {
        const inLevel = { ownerId: share.ownerId, folderId: { $in: level } };
        const more = (await scripts.find(inLevel, { limit: 1, projection: { _id: 1 } })).length > 0
          || (await folders.find({ ownerId: share.ownerId, parentId: { $in: level } }, { limit: 1 })).length > 0;
        truncated = truncated || more;
        break;
      }
      const levelScripts = (await scripts.find(
        { ownerId: share.ownerId, folderId: { $in: level } },
        { sort: { title: 1, _id: 1 }, limit: budget + 1, projection: { title: 1, extension: 1, updatedAt: 1, folderId: 1 } },
      )) as unknown as TreeScript[];
      if (levelScripts.length > budget) truncated = true;
      for (const s of levelScripts.slice(0, budget)) {
        contents.get(s.folderId!)?.scripts.push({ id: s._id, title: s.title, fileName: scriptFileName(s.title, s.extension), updatedAt: s.updatedAt });
      }
      budget -= Math.min(budget, levelScripts.length);

      const children = await folders.find({ ownerId: share.ownerId, parentId: { $in: level } }, { sort: { name: 1, _id: 1 }, limit: budget + 1 });
      if (children.length > budget) truncated = true;
      const next: string[] = [];
      for (const child of children.slice(0, budget)) {
        if (contents.has(child._id)) continue; // a cycle in a corrupted read model
        const inner: SharedFolderContents = { scripts: [], subfolders: [] };
        contents.set(child._id, inner);
        contents.get(child.parentId!)?.subfolders.push({ name: child.name, contents: inner });
        next.push(child._id);
      }
      budget -= Math.min(budget, children.length);
      level = next;
    }
    return { folder: { name: root.name, updatedAt: root.updatedAt }, contents: contents.get(root._id)!, truncated };
  },
});

/** A script a folder link opens: the script and the folders from the shared folder down to the script's own. */
export interface FolderSharedScript {
  /** without its content (see services/gateway/version-bodies.ts) */
  script: ScriptSummaryDoc;
  /** folder names from the shared folder (first) to the folder holding the script (last) */
  path: string[];
}

/**
 * A script read through a folder link: served only while the link lives, the script belongs to the folder's owner
 * and sits in the shared folder or below it (checked by walking the script's parents, one bounded lookup each).
 */
export const folderShareQueries = (store: ReadStore) => ({
  async scriptInSharedFolder(shareId: string, scriptId: string): Promise<FolderSharedScript | null> {
    const share = await store.collection<SharedFolderDoc>(C.sharedFolders).findOne({ _id: shareId });
    if (!share) return null;
    const [script] = await store.collection<ScriptDoc>(C.scripts).find({ _id: scriptId, ownerId: share.ownerId }, { projection: WITHOUT_CONTENT, limit: 1 });
    if (!script?.folderId) return null;
    const folders = store.collection<FolderDoc>(C.folders);
    const path: string[] = [];
    let folderId: string | null = script.folderId;
    for (let depth = 0; folderId && depth <= SHARED_FOLDER_MAX_DEPTH; depth++) {
      const folder: FolderDoc | null = await folders.findOne({ _id: folderId, ownerId: share.ownerId });
      if (!folder) return null;
      path.unshift(folder.name);
      if (folder._id === share.folderId) return { script, path };
      folderId = folder.parentId;
    }
    return null;
  },
});
