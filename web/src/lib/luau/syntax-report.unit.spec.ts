import { describe, expect, it } from 'vitest';
import { parseStyluaReport } from './syntax-report';

describe('parseStyluaReport', () => {
  it('reads every positioned error once, in the parser\'s order (its first error first)', () => {
    const report =
      'error parsing: \n - unexpected token `print` (4:1 to 4:6), expected `else` when parsing if then else expression\n - unexpected token `=` (3:14 to 3:15), expected an expression\n - unexpected token `=` (3:14 to 3:15), unexpected token, this needs to be a statement';
    expect(parseStyluaReport(report)).toEqual([
      { line: 4, column: 1, endLine: 4, endColumn: 6, message: 'unexpected token `print`, expected `else` when parsing if then else expression' },
      { line: 3, column: 14, endLine: 3, endColumn: 15, message: 'unexpected token `=`, expected an expression' },
    ]);
  });

  it('keeps a recovery error with a reversed range behind the first error, as one character at its start', () => {
    const report =
      'error parsing: \n - unexpected token `+` (6:10 to 6:11), expected expression after binary operator\n - unexpected token `)` (6:2 to 5:9), expected `end` to close function body block';
    const errors = parseStyluaReport(report);
    expect(errors[0]).toMatchObject({ line: 6, column: 10, message: 'unexpected token `+`, expected expression after binary operator' });
    expect(errors[1]).toEqual({ line: 6, column: 2, endLine: 6, endColumn: 3, message: 'unexpected token `)`, expected `end` to close function body block' });
  });

  it('names the end of the script and keeps a one-character range for an empty token', () => {
    expect(parseStyluaReport('error parsing: unexpected token `` (3:1 to 3:1), expected `end` to conclude `if`')).toEqual([
      { line: 3, column: 1, endLine: 3, endColumn: 2, message: 'unexpected end of script, expected `end` to conclude `if`' },
    ]);
  });

  it('invents no position for a failure that is not a parse error', () => {
    expect(parseStyluaReport('unreachable')).toEqual([]);
    expect(parseStyluaReport('error parsing: something without a position')).toEqual([]);
  });
});

describe('parseStyluaReport on a long report line', () => {
  it('finds the position in linear time, also after a long run of spaces (a token of spaces)', () => {
    const report = `error parsing:\n - unexpected token \`${' '.repeat(100_000)}\` (3:1 to 3:9), expected an expression`;
    const started = performance.now();
    const [error] = parseStyluaReport(report);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ line: 3, column: 1, endLine: 3, endColumn: 9 });
    expect(error!.message.endsWith('`, expected an expression')).toBe(true);
  });
});
