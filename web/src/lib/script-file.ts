import type { ScriptLanguage } from '../api/types';

/**
 * A script's file name and language as the server derives them (services/domain/script/file-name.ts), for what the
 * editor shows while the title is being typed: title + the extension the script keeps, or for a script from before
 * extensions were stored, the title when it already ends in one, else `<title>.lua`.
 */
const KEPT_FILE_NAME = /\.(luau?|(?:project|meta|model)\.json)$/i;

/** The extensions the editor offers a new script; Luau first, the default (Rojo projects are Luau). */
export const LANGUAGE_CHOICES = [
  { extension: '.luau', label: 'Luau' },
  { extension: '.lua', label: 'Lua' },
] as const;
export const DEFAULT_EXTENSION = '.luau';
/** Offered only for a new script filled from one of Rojo's JSON files. */
export const JSON_CHOICE = { extension: '.json', label: 'JSON (Rojo)' } as const;

export function fileNameOf(title: string, extension: string | null | undefined): string {
  if (extension) return title + extension;
  return KEPT_FILE_NAME.test(title) ? title : `${title}.lua`;
}

export function languageOf(fileName: string): ScriptLanguage {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.luau')) return 'luau';
  if (lower.endsWith('.json')) return 'json';
  return 'lua';
}

/** The extension a loaded file gives a new script (`.luau`, `.json` of `init.meta.json`), or null (`.txt`). */
export function extensionOfFile(name: string): string | null {
  const match = KEPT_FILE_NAME.exec(name);
  if (!match) return null;
  return name.slice(name.lastIndexOf('.'));
}

/** The title a loaded file gives a new script: its name without the last extension. */
export const titleOfFile = (name: string): string => name.replace(/\.(lua|luau|txt|json)$/i, '');

/** Lua and Luau share Monaco's Lua grammar; JSON is plain text (no Lua colours, completions or diagnostics). */
export const monacoLanguageOf = (language: ScriptLanguage): string => (language === 'json' ? 'plaintext' : 'lua');

export const LANGUAGE_LABELS: Record<ScriptLanguage, string> = { lua: 'Lua', luau: 'Luau', json: 'JSON' };
