/**
 * Deepest nesting of folders: a folder at the root is at depth 1. Folder paths (search results, a folder link's
 * tree and its scripts) are read one bounded lookup per level, and stop here.
 */
export const MAX_FOLDER_DEPTH = 64;
export const FOLDER_TOO_DEEP = `Folders can be nested at most ${MAX_FOLDER_DEPTH} levels deep`;
