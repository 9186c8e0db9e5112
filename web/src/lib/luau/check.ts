import { INTEGER_LITERAL, parseStyluaReport, type LuauSyntaxError } from './syntax-report';

/** The part of the StyLua WebAssembly API the check uses (the web and the Node builds both have it). */
export type StyluaApi = {
  Config: { new: () => { syntax: number } };
  LuaVersion: { Luau: number; Lua54: number };
  OutputVerification: { None: number };
  Range: { from_values: (start?: number | null, end?: number | null) => unknown };
  formatCode: (code: string, config: never, range: never, verify: number) => string;
};

/**
 * Parse errors of `code` as Luau, using the full-moon parser inside StyLua: a format call fails exactly when the
 * code does not parse, and its report names each error's line and column. Only the first character range is
 * formatted (the parse still covers the whole script), which keeps the check fast on long scripts.
 *
 * Lua 5.2-5.4 only syntax (`goto`, `<const>`, bitwise operators) is not Luau; a script that parses as Lua 5.4 is
 * accepted too, so plain Lua scripts kept here show no false errors either. The errors shown are Luau's.
 */
export function checkLuauWith(stylua: StyluaApi, code: string): LuauSyntaxError[] {
  const luau = parse(stylua, spellIntegerLiterals(spellAttributeLists(code)), stylua.LuaVersion.Luau);
  // Outside Luau mode full-moon reads `backtick strings` as plain strings, so such a script is judged as Luau only.
  if (luau.length === 0 || code.includes('`')) return luau;
  return parse(stylua, code, stylua.LuaVersion.Lua54).length === 0 ? [] : luau;
}

function parse(stylua: StyluaApi, code: string, syntax: number): LuauSyntaxError[] {
  const config = stylua.Config.new();
  config.syntax = syntax;
  // formatCode takes the config (and the range) by value: wasm-bindgen frees them.
  try {
    stylua.formatCode(code, config as never, stylua.Range.from_values(0, 0) as never, stylua.OutputVerification.None);
    return [];
  } catch (err) {
    // A failure without a position (a formatter panic, reported as "unreachable") is not shown: no false errors.
    return parseStyluaReport(err instanceof Error ? err.message : String(err));
  }
}

const ATTRIBUTE_LIST = /@\[\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*\]/g;

/**
 * Luau's bracketed attribute list (`@[native, checked]`) is newer than the full-moon in StyLua 2.5, which reads only
 * `@native`. Each list of plain names is respelled `@native @checked` padded to the same length, so every position
 * after it stays exact. Lists with arguments (`@[deprecated { ... }]`) are left as they are.
 */
export function spellAttributeLists(code: string): string {
  return code.replace(ATTRIBUTE_LIST, (list, names: string) => {
    const spelled = names
      .split(',')
      .map((n) => `@${n.trim()}`)
      .join(' ');
    return spelled.padEnd(list.length, ' ');
  });
}

/**
 * Luau's integer literals (`1i`, `0xFFi`, `0b101i`) are newer than the full-moon in StyLua 2.5, which stops at the
 * `i` and reports the next statement ("unexpected token `print`"). For the check, each is respelled with a space in
 * place of its `i` (same length, positions stay exact), so valid code shows no error. A digit run inside a name or
 * after a `.` is not a literal and is left alone.
 */
export function spellIntegerLiterals(code: string): string {
  return code.replace(INTEGER_LITERAL, (literal) => `${literal.slice(0, -1)} `);
}
