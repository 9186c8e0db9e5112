/** The editor's language of a script: Lua 5.1 for a `.lua` file, Luau for everything else (`.luau`, no extension). */
export type ScriptLanguage = 'luau' | 'lua';

/**
 * The one place that decides it. `fileName`, when the script has one stored, wins over the title (a title may hold
 * the name as typed); otherwise the title's own extension decides, as the CLI writes it (`init.server.lua`).
 */
export function scriptLanguage({ title, fileName }: { title: string; fileName?: string | null }): ScriptLanguage {
  return /\.lua$/i.test((fileName ?? title).trim()) ? 'lua' : 'luau';
}

export const LANGUAGE_LABEL: Record<ScriptLanguage, string> = { luau: 'Luau', lua: 'Lua 5.1' };
