import { CONTENT_REQUIRED } from '../domain/script/decider';
import { MAX_FOLDER_NAME_LENGTH, MAX_TITLE_LENGTH, PayloadTooLargeError, requireVersionSize, truncateCharacters, utf8Bytes } from '../domain/script/limits';
import { ValidationError } from '../domain/shared/errors';
import type { Actor, AppContext } from './context';
import { createFolder, createFolderChain, purgeLiveFolder, requireRoomBelow } from './folders';
import { createScript, prepareScriptBatch, purgeScript, releaseUnusedSlots } from './scripts';
import type { StorageHold } from './storage-reservations';
import { isBlank, nameCharacterProblem } from '../domain/shared/text';

export interface UploadItem {
  title: string;
  /** the extension the script keeps (`.luau`), null for a `.txt` file (see domain/script/file-name.ts) */
  extension: string | null;
  content: string;
  /** sanitised folder segments below the upload's target folder */
  folders: string[];
  fileName: string;
}

export const NO_FILES_SELECTED = 'No files selected - Please select a folder to upload.';
export const REPOSITORY_NAME_REQUIRED = 'Repository name required - Please enter a name for the repository.';
export const NO_FILES_FOUND = 'No files found - The selected folder appears to be empty.';

export const REPOSITORY_NAME_TOO_LONG = `Repository name must be at most ${MAX_FOLDER_NAME_LENGTH} characters`;
/**
 * Folders one upload may create: as many as files. Each folder is a command and an event; without a cap, 500 tiny
 * files on 31-deep paths made 15,500 folders (about 30 s of CPU) from a 200 KB request, outside every quota.
 */
export const MAX_UPLOAD_FOLDERS = 500;
export const TOO_MANY_FOLDERS = `Too many folders - at most ${MAX_UPLOAD_FOLDERS} per upload`;

/** Refuses (413) an upload whose paths would create more than MAX_UPLOAD_FOLDERS folders (`extra`: made besides them). */
function requireFolderCount(items: UploadItem[], extra = 0): void {
  type Node = Map<string, Node>;
  const root: Node = new Map();
  let folders = extra;
  for (const item of items) {
    let node = root;
    for (const segment of item.folders) {
      let child = node.get(segment);
      if (!child) {
        node.set(segment, (child = new Map()));
        if (++folders > MAX_UPLOAD_FOLDERS) throw new PayloadTooLargeError(TOO_MANY_FOLDERS);
      }
      node = child;
    }
  }
}

/**
 * A title made from a file name is cut to the title cap rather than refused: the user never typed it, and a long
 * file name is no reason to fail a 500-file upload. Folder segments from paths are cut the same way.
 */
export const titleFromUpload = (derived: string): string => truncateCharacters(derived.trim(), MAX_TITLE_LENGTH) || 'Untitled';
const folderNameFromUpload = (segment: string): string => truncateCharacters(segment.trim(), MAX_FOLDER_NAME_LENGTH);

/** Refuses (400) a file name or path that holds control, invisible or text-direction characters, before any write. */
function requireVisibleNames(items: UploadItem[]): void {
  for (const item of items) {
    const problem = nameCharacterProblem('File names', item.fileName) ?? item.folders.map((segment) => nameCharacterProblem('Upload paths', segment)).find(Boolean);
    if (problem) throw new ValidationError(problem, { fileName: item.fileName });
  }
}

/** Every item checked (names, content, size) and capped (title, folder names) before the first write. */
function checked(items: UploadItem[]): UploadItem[] {
  requireVisibleNames(items);
  const empty = items.find((item) => item.content.trim() === '');
  if (empty) throw new ValidationError(`${CONTENT_REQUIRED}: ${empty.fileName}`, { fileName: empty.fileName });
  for (const item of items) requireVersionSize(item.content);
  return items.map((item) => ({
    ...item,
    title: titleFromUpload(item.title),
    folders: item.folders.map(folderNameFromUpload).filter((segment) => segment !== ''),
  }));
}

const deepestPath = (items: UploadItem[]) => items.reduce((deepest, item) => Math.max(deepest, item.folders.length), 0);
const totalBytes = (items: UploadItem[]) => items.reduce((sum, item) => sum + utf8Bytes(item.content), 0);

export async function uploadScripts(ctx: AppContext, actor: Actor, uploaded: UploadItem[], folderId: string | null) {
  if (uploaded.length === 0) throw new ValidationError('No files uploaded');
  const items = checked(uploaded);
  const batch = await prepareScriptBatch(ctx, actor, items.length, folderId, totalBytes(items));
  const scripts = [];
  try {
    for (const item of items) scripts.push(await createScript(ctx, actor, { title: item.title, extension: item.extension, content: item.content, folderId }, { slotReserved: true, batch }));
  } finally {
    batch.release();
    await releaseUnusedSlots(ctx, actor, items.length - scripts.length);
  }
  return scripts;
}

/** Folders and scripts for every item below `parentId`; returns how many folders were made. */
async function writeTree(
  ctx: AppContext,
  actor: Actor,
  items: UploadItem[],
  parentId: string | null,
  created: { folders: Map<string, string>; scripts: string[] },
  batch: StorageHold,
) {
  try {
    for (const item of items) {
      const folderId = await createFolderChain(ctx, actor, parentId, item.folders, created.folders);
      const script = await createScript(ctx, actor, { title: item.title, extension: item.extension, content: item.content, folderId }, { slotReserved: true, batch });
      created.scripts.push(script.id);
    }
  } finally {
    batch.release();
  }
}

export async function uploadStructure(ctx: AppContext, actor: Actor, uploaded: UploadItem[], parentFolderId: string | null) {
  if (uploaded.length === 0) throw new ValidationError(NO_FILES_FOUND);
  const items = checked(uploaded);
  requireFolderCount(items);
  await requireRoomBelow(ctx, actor, parentFolderId, deepestPath(items));
  const batch = await prepareScriptBatch(ctx, actor, items.length, parentFolderId, totalBytes(items));
  const created = { folders: new Map<string, string>(), scripts: [] as string[] };
  try {
    await writeTree(ctx, actor, items, parentFolderId, created, batch);
  } finally {
    await releaseUnusedSlots(ctx, actor, items.length - created.scripts.length);
  }
  return { folderId: parentFolderId, foldersCreated: created.folders.size, scriptsCreated: created.scripts.length };
}

/**
 * A repository: a new top folder named `name` holding the uploaded tree. All or nothing: every check runs
 * before the first write, and if a write still fails, what was created is deleted again (recorded as deletions).
 */
export async function uploadRepository(ctx: AppContext, actor: Actor, rawName: string, uploaded: UploadItem[]) {
  if (uploaded.length === 0) throw new ValidationError(NO_FILES_SELECTED);
  const name = rawName.trim();
  if (isBlank(name)) throw new ValidationError(REPOSITORY_NAME_REQUIRED);
  // A name the user typed is refused when too long, like a folder name in the New Folder dialog.
  if (name.length > MAX_FOLDER_NAME_LENGTH) throw new ValidationError(REPOSITORY_NAME_TOO_LONG, { field: 'repositoryName' });
  const problem = nameCharacterProblem('Repository name', name);
  if (problem) throw new ValidationError(problem, { field: 'repositoryName' });
  const items = checked(uploaded);
  const tree = stripCommonTopFolder(items);
  requireFolderCount(tree, 1);
  await requireRoomBelow(ctx, actor, null, 1 + deepestPath(tree));
  const batch = await prepareScriptBatch(ctx, actor, items.length, null, totalBytes(items));
  const root = await createFolder(ctx, actor, { name, parentId: null, isPublic: false }).catch(async (error: unknown) => {
    batch.release();
    await releaseUnusedSlots(ctx, actor, items.length);
    throw error;
  });
  const created = { folders: new Map<string, string>(), scripts: [] as string[] };
  try {
    await writeTree(ctx, actor, tree, root.id, created, batch);
  } catch (error) {
    // Deleting gives each created script's slot back; the slots never used are released here.
    await releaseUnusedSlots(ctx, actor, tree.length - created.scripts.length);
    // Never in the trash: what a failed upload created is removed for good.
    for (const scriptId of created.scripts) await purgeScript(ctx, actor, scriptId, 'discarded').catch(() => undefined);
    await purgeLiveFolder(ctx, actor, root.id, 'discarded').catch(() => undefined);
    throw error;
  }
  return { folderId: root.id, foldersCreated: created.folders.size + 1, scriptsCreated: created.scripts.length };
}

/**
 * A browser folder pick sends paths like `my-repo/src/a.lua`: the first segment is the picked folder itself,
 * which the repository folder already stands for, so it is dropped when every path shares it.
 */
function stripCommonTopFolder(items: UploadItem[]): UploadItem[] {
  const first = items[0]?.folders[0];
  if (first === undefined || !items.every((item) => item.folders[0] === first)) return items;
  return items.map((item) => ({ ...item, folders: item.folders.slice(1) }));
}
