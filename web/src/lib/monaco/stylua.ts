/** Formatting Lua/Luau with StyLua compiled to WebAssembly (./stylua-loader.ts), loaded with the first format. */
import { INTEGER_LITERAL, withoutMatch } from '../luau/syntax-report';
import { formatWith, type StyluaFormatApi, type StyluaValues } from '../stylua/format';
import { loadStylua } from './stylua-loader';

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
