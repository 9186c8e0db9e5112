import type { StyluaOptions } from './stylua-config';

/** The part of the StyLua WebAssembly API formatting uses (the web and the Node builds both have it). */
export type StyluaFormatApi = {
  Config: { new: () => Record<string, unknown> };
  SortRequiresConfig: { new: () => { set_enabled(enabled: boolean): unknown } };
  OutputVerification: { None: number };
  formatCode: (code: string, config: never, range: undefined, verify: number) => string;
} & Record<string, unknown>;

/** StyLua's enum objects, by the option that takes them. */
const ENUM_OF: Record<string, string> = {
  indent_type: 'IndentType',
  line_endings: 'LineEndings',
  quote_style: 'QuoteStyle',
  call_parentheses: 'CallParenType',
  collapse_simple_statement: 'CollapseSimpleStatement',
  space_after_function_names: 'SpaceAfterFunctionNames',
  block_newline_gaps: 'BlockNewlineGaps',
  syntax: 'LuaVersion',
};

/**
 * Formats `code` with StyLua's defaults (tabs, width 120, every syntax), overridden by `options` (a stylua.toml).
 * Throws StyLua's report when the code does not parse.
 */
export function formatWith(stylua: StyluaFormatApi, code: string, options: StyluaOptions = {}): string {
  const config = stylua.Config.new();
  for (const [key, value] of Object.entries(options)) {
    if (key === 'sort_requires') config.sort_requires = stylua.SortRequiresConfig.new().set_enabled(value === true);
    else if (typeof value === 'number') config[key] = value;
    else {
      const values = stylua[ENUM_OF[key] ?? ''] as Record<string, number> | undefined;
      if (values && typeof values[String(value)] === 'number') config[key] = values[String(value)];
    }
  }
  // formatCode takes the config by value: wasm-bindgen frees it (calling config.free() afterwards throws).
  return stylua.formatCode(code, config as never, undefined, stylua.OutputVerification.None);
}
