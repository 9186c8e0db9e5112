/**
 * StyLua's settings from a `stylua.toml` / `.stylua.toml`, read without a TOML library: StyLua's file is flat
 * `key = value` lines plus the `[sort_requires]` table, so a small reader covers it. Unknown keys and bad values
 * are reported and skipped; everything not set keeps StyLua's own default (tabs, width 120, ...).
 */
export type StyluaOptions = {
  column_width?: number;
  indent_width?: number;
  indent_type?: 'Tabs' | 'Spaces';
  line_endings?: 'Unix' | 'Windows';
  quote_style?: 'AutoPreferDouble' | 'AutoPreferSingle' | 'ForceDouble' | 'ForceSingle';
  call_parentheses?: 'Always' | 'NoSingleString' | 'NoSingleTable' | 'None' | 'Input';
  collapse_simple_statement?: 'Never' | 'FunctionOnly' | 'ConditionalOnly' | 'Always';
  space_after_function_names?: 'Never' | 'Definitions' | 'Calls' | 'Always';
  block_newline_gaps?: 'Never' | 'Preserve';
  syntax?: 'All' | 'Lua51' | 'Lua52' | 'Lua53' | 'Lua54' | 'Luau' | 'LuaJIT' | 'CfxLua';
  sort_requires?: boolean;
};

/** Each enum's names in StyLua's order: a name's index is its value in the WebAssembly API (pinned by the unit spec). */
export const ENUMS: Record<string, readonly string[]> = {
  indent_type: ['Tabs', 'Spaces'],
  line_endings: ['Unix', 'Windows'],
  quote_style: ['AutoPreferDouble', 'AutoPreferSingle', 'ForceDouble', 'ForceSingle'],
  call_parentheses: ['Always', 'NoSingleString', 'NoSingleTable', 'None', 'Input'],
  collapse_simple_statement: ['Never', 'FunctionOnly', 'ConditionalOnly', 'Always'],
  space_after_function_names: ['Never', 'Definitions', 'Calls', 'Always'],
  block_newline_gaps: ['Never', 'Preserve'],
  syntax: ['All', 'Lua51', 'Lua52', 'Lua53', 'Lua54', 'Luau', 'LuaJIT', 'CfxLua'],
};
const NUMBERS = new Set(['column_width', 'indent_width']);

/** One TOML value: a basic or literal string, an integer or a boolean; undefined for anything else. */
function readValue(raw: string): string | number | boolean | undefined {
  const v = raw.trim();
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(v) ?? /^'([^']*)'$/.exec(v);
  if (quoted) return quoted[1];
  if (/^[+-]?\d[\d_]*$/.test(v)) return Number(v.replace(/_/g, ''));
  if (v === 'true' || v === 'false') return v === 'true';
  return undefined;
}

/** A line without its `#` comment (a `#` inside a string stays). */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

export function parseStyluaToml(text: string): { options: StyluaOptions; problems: string[] } {
  const options: Record<string, unknown> = {};
  const problems: string[] = [];
  let table = '';
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = withoutComment(rawLine).trim();
    if (!line) return;
    const header = /^\[\s*([A-Za-z_][\w-]*)\s*\]$/.exec(line);
    if (header) {
      table = header[1]!;
      return;
    }
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq).trim() : '';
    const value = eq > 0 ? readValue(line.slice(eq + 1)) : undefined;
    const where = `line ${index + 1}`;
    if (!key || value === undefined) {
      problems.push(`${where}: not a setting StyLua reads`);
      return;
    }
    if (table === 'sort_requires') {
      if (key === 'enabled' && typeof value === 'boolean') options.sort_requires = value;
      else problems.push(`${where}: sort_requires.${key} is not a setting`);
      return;
    }
    if (table) {
      problems.push(`${where}: [${table}] is not a StyLua table`);
      return;
    }
    if (NUMBERS.has(key) && typeof value === 'number' && value > 0 && value <= 1000) options[key] = value;
    else if (ENUMS[key]?.includes(String(value)) && typeof value === 'string') options[key] = value;
    else if (key === 'no_call_parentheses' && typeof value === 'boolean') {
      if (value) options.call_parentheses = 'None'; // StyLua's older spelling of call_parentheses = "None"
    } else problems.push(`${where}: ${key} = ${String(value)} is not a StyLua setting`);
  });
  return { options: options as StyluaOptions, problems };
}

/** The options as StyLua's Config takes them: enum names become their numbers. */
export function styluaValues(options: StyluaOptions): Record<string, number | boolean> {
  const values: Record<string, number | boolean> = {};
  for (const [key, value] of Object.entries(options)) values[key] = typeof value === 'string' ? ENUMS[key]!.indexOf(value) : value;
  return values;
}

/** The names StyLua looks for in a directory, in its order (the first found wins). */
export const STYLUA_CONFIG_NAMES = ['stylua.toml', '.stylua.toml'] as const;

/**
 * The config that applies to a script: among the candidates (config scripts with the folder they are in, null
 * for the root), the one in the nearest of `folders` (the script's folder, then its parents up to the root: null),
 * `stylua.toml` before `.stylua.toml` in one folder. Null when none applies: StyLua's defaults then.
 */
export function nearestConfig<T extends { title: string; folderId: string | null }>(candidates: readonly T[], folders: readonly (string | null)[]): T | null {
  for (const folder of folders) {
    for (const name of STYLUA_CONFIG_NAMES) {
      const found = candidates.find((c) => c.folderId === folder && c.title === name);
      if (found) return found;
    }
  }
  return null;
}
