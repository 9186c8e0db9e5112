/** The part of the StyLua WebAssembly API formatting uses (the web and the Node builds both have it). */
export type StyluaFormatApi = {
  Config: { new: () => Record<string, unknown> };
  SortRequiresConfig: { new: () => { set_enabled(enabled: boolean): unknown } };
  OutputVerification: { None: number };
  formatCode: (code: string, config: never, range: undefined, verify: number) => string;
};

/** StyLua settings as its Config takes them: enum fields as their numbers (./stylua-config.ts `styluaValues`). */
export type StyluaValues = Record<string, number | boolean>;

/**
 * Formats `code` with StyLua's defaults (tabs, width 120, every syntax), overridden by `values` (a stylua.toml).
 * Throws StyLua's report when the code does not parse.
 */
export function formatWith(stylua: StyluaFormatApi, code: string, values: StyluaValues = {}): string {
  const config = stylua.Config.new();
  for (const [key, value] of Object.entries(values)) config[key] = key === 'sort_requires' ? stylua.SortRequiresConfig.new().set_enabled(value === true) : value;
  // formatCode takes the config by value: wasm-bindgen frees it (calling config.free() afterwards throws).
  return stylua.formatCode(code, config as never, undefined, stylua.OutputVerification.None);
}
