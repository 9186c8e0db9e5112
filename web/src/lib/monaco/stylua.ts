/**
 * Format Lua/Luau with StyLua compiled to WebAssembly (@johnnymorganz/stylua, its `web` entry).
 * The wasm (about 0.9 MB gzipped) is fetched from our own origin when an editor screen first checks or formats a script.
 */
import { INTEGER_LITERAL, withoutMatch } from '../luau/syntax-report';
import { formatWith, type StyluaFormatApi, type StyluaValues } from '../stylua/format';

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

/** Formats with StyLua's own defaults (tabs), or the settings of the script's stylua.toml. */
export async function formatLua(code: string, values: StyluaValues = {}): Promise<string> {
  const stylua = await loadStylua();
  try {
    return formatWith(stylua as unknown as StyluaFormatApi, code, values);
  } catch (err) {
    // StyLua stops at an integer literal's `i` and blames the next token: say what it cannot read instead
    const literal = new RegExp(INTEGER_LITERAL.source).exec(code);
    if (literal) throw new Error(`Integer literals such as \`${literal[0]}\` are not supported by this parser version (StyLua 2.5); the script was not formatted.`);
    // StyLua throws its whole report as a string, one line per parse error: keep the first, for a toast
    throw new Error(styluaErrorLine(err instanceof Error ? err.message : String(err)));
  }
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
