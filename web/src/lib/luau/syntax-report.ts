/** One syntax problem, 1-based line and column (Monaco's convention). */
export type LuauSyntaxError = { line: number; column: number; endLine: number; endColumn: number; message: string };

// No leading `\s*` in the regex: tried from every space of a run, it was quadratic in a long run (a token of spaces).
const POSITION = /\((\d+):(\d+) to (\d+):(\d+)\)/;

/** `text` without the match `at` and the white space just before it. */
export const withoutMatch = (text: string, at: RegExpExecArray): string => text.slice(0, at.index).trimEnd() + text.slice(at.index + at[0].length);

/**
 * Reads the parse errors out of a StyLua (full-moon) error report:
 *   "error parsing: \n - unexpected token `=` (2:7 to 2:8), expected either a variable name or `function`\n - ..."
 * Each error names its range; the same position is often reported twice (the parser's recovery), so
 * duplicates by position are dropped. The parser's order is kept: its first error is the one it met first, and the
 * recovery errors after it may name earlier or reversed ranges (sorted by position, one of those headed the list and
 * named the line above the mistake). A reversed range becomes one character at its start. A report without any
 * position (StyLua's own failure, not a parse error) gives no errors: the check never invents a position.
 */
export function parseStyluaReport(report: string): LuauSyntaxError[] {
  if (!/^\s*error parsing/i.test(report)) return [];
  const errors: LuauSyntaxError[] = [];
  const seen = new Set<string>();
  for (const raw of report.split(/\r?\n/)) {
    const text = raw.replace(/^\s*(error parsing:)?\s*-?\s*/i, '').trim();
    const at = POSITION.exec(text);
    if (!at) continue;
    const [line, column, endLine, endColumn] = at.slice(1, 5).map(Number) as [number, number, number, number];
    const key = `${line}:${column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const message = withoutMatch(text, at).replace(/^unexpected token ``/, 'unexpected end of script');
    const reversed = endLine < line || (endLine === line && endColumn <= column);
    errors.push(reversed ? { line, column, endLine: line, endColumn: column + 1, message } : { line, column, endLine, endColumn, message });
  }
  return errors;
}

/** A Luau integer literal (`1i`, `0xFFi`, `0b101i`), not part of a name or a decimal (see check.ts). */
export const INTEGER_LITERAL = /(?<![\w.])(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)i(?![\w.])/g;
