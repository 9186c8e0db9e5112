import { ValidationError } from '../shared/errors';

/**
 * A script's file name: its title plus the extension it was uploaded or created with (`init.server` + `.luau`), so a
 * Rojo tree pulled back has the names it was uploaded with. Scripts recorded before the extension was stored have
 * none: their file name is the title when it already ends in a script extension (the CLI named them so), else
 * `<title>.lua`, as the CLI always wrote them.
 */

/** Extensions a script can carry, in any case, kept as written: Lua, Luau and (Rojo's project, meta, model files) JSON. */
export const SCRIPT_EXTENSION = /^\.(lua|luau|json)$/i;
export const INVALID_EXTENSION = 'Extension must be .lua, .luau or .json';

/** File names kept with their extension: Lua, Luau, and Rojo's own JSON files. `.txt` uploads are Lua without one. */
export const KEPT_FILE_NAME = /\.(luau?|(?:project|meta|model)\.json)$/i;

export type ScriptLanguage = 'lua' | 'luau' | 'json';

/** The extension given, checked (400 when it is not one a script can carry). */
export function requireExtension(extension: string): string {
  if (!SCRIPT_EXTENSION.test(extension)) throw new ValidationError(INVALID_EXTENSION, { field: 'extension' });
  return extension;
}

/** The extension an uploaded file keeps (`.luau` of `Util.luau`, `.json` of `default.project.json`), or null (`.txt`). */
export function extensionOfUpload(fileName: string): string | null {
  if (!KEPT_FILE_NAME.test(fileName)) return null;
  return fileName.slice(fileName.lastIndexOf('.'));
}

/** The name a pull writes. `extension` null or absent: a script from before extensions were stored. */
export function scriptFileName(title: string, extension: string | null | undefined): string {
  if (extension) return title + extension;
  return KEPT_FILE_NAME.test(title) ? title : `${title}.lua`;
}

/** How a file name is edited and served: `.json` is plain text (no Lua diagnostics, no loadstring). */
export function languageOf(fileName: string): ScriptLanguage {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.luau')) return 'luau';
  if (lower.endsWith('.json')) return 'json';
  return 'lua';
}

/** The file name, language and stored extension of a script, as API answers carry them. */
export function fileFields(title: string, extension: string | null | undefined) {
  const fileName = scriptFileName(title, extension);
  return { extension: extension ?? null, fileName, language: languageOf(fileName) };
}
