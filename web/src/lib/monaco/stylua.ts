/**
 * Format Lua/Luau with StyLua compiled to WebAssembly (@johnnymorganz/stylua, its `web` entry).
 * The wasm (about 0.9 MB gzipped) is fetched from our own origin when an editor screen first checks or formats a script.
 */
import { withoutMatch } from '../luau/syntax-report';

type StyluaModule = typeof import('@johnnymorganz/stylua/web');
let ready: Promise<StyluaModule> | null = null;

/** The StyLua module, instantiated once per page (also the editor's Luau parser, see ../luau). */
export function loadStylua(): Promise<StyluaModule> {
  ready ??= Promise.all([import('@johnnymorganz/stylua/web'), import('@johnnymorganz/stylua/stylua_lib_bg.wasm?url')]).then(
    async ([mod, wasm]) => {
      await mod.default({ module_or_path: wasm.default });
      return mod;
    },
  );
  ready.catch(() => (ready = null));
  return ready;
}

export async function formatLua(code: string): Promise<string> {
  const stylua = await loadStylua();
  const config = stylua.Config.new();
  config.syntax = stylua.LuaVersion.All;
  config.indent_type = stylua.IndentType.Spaces;
  config.indent_width = 4;
  config.column_width = 120;
  // formatCode takes the config by value: wasm-bindgen frees it (calling config.free() afterwards throws).
  try {
    return stylua.formatCode(code, config, undefined, stylua.OutputVerification.None);
  } catch (err) {
    // StyLua throws its whole report as a string, one line per parse error: keep the first, for a toast
    throw new FormatSyntaxError(styluaErrorLine(err instanceof Error ? err.message : String(err)));
  }
}

/** StyLua could not parse the script: the script's own syntax, which the status line already shows, not a failure. */
export class FormatSyntaxError extends Error {}

/** The toast for a Format that did not format: information for a syntax error, an error when formatting failed. */
export function formatFailureToast(err: unknown): { title: string; description: string; variant: 'default' | 'destructive' } {
  if (err instanceof FormatSyntaxError) return { title: 'Not formatted: fix the syntax first', description: err.message, variant: 'default' };
  return { title: 'Format failed', description: err instanceof Error ? err.message : String(err), variant: 'destructive' };
}

const MAX_ERROR_LENGTH = 160;

/**
 * The first meaningful line of a StyLua error report, led by where it is:
 * "error parsing: \n - unexpected token `print` (2:1 to 2:6), expected `)` after expression\n - ..." becomes
 * "Line 2, column 1: unexpected token `print`, expected `)` after expression".
 */
export function styluaErrorLine(report: string): string {
  const lines = report
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(error parsing:|error:)?\s*-?\s*/i, '').trim())
    .filter((l) => l !== '');
  const first = lines[0] ?? 'StyLua could not format this script.';
  const at = /\((\d+):(\d+) to \d+:\d+\)/.exec(first);
  const line = at ? `Line ${at[1]}, column ${at[2]}: ${withoutMatch(first, at)}` : first;
  const short = line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
  return lines.length > 1 ? `${short} (and ${lines.length - 1} more)` : short;
}
