import { describe, expect, it } from 'vitest';
import { formatFailureToast, FormatSyntaxError, styluaErrorLine } from './stylua';

describe('styluaErrorLine', () => {
  it('keeps the first parse error, led by its line and column', () => {
    const report =
      'error parsing: \n - unexpected token `print` (2:1 to 2:6), expected `)` after expression\n - unexpected token `(` (2:6 to 2:7), expected `)` to close function call';
    expect(styluaErrorLine(report)).toBe('Line 2, column 1: unexpected token `print`, expected `)` after expression (and 1 more)');
  });

  it('reads a one-line report', () => {
    expect(styluaErrorLine('error parsing: unexpected token `` (3:1 to 3:1), expected `end` to conclude `if`')).toBe(
      'Line 3, column 1: unexpected token ``, expected `end` to conclude `if`',
    );
  });

  it('is one short line whatever StyLua prints', () => {
    const out = styluaErrorLine(`error parsing: \n${' - unexpected token `x` (1:1 to 1:2), '.padEnd(400, 'x')}\n`.repeat(9));
    expect(out).not.toContain('\n');
    expect(out.length).toBeLessThanOrEqual(200);
  });
});

describe('styluaErrorLine on a long report line', () => {
  it('finds the position in linear time, also after a long run of spaces', () => {
    const started = performance.now();
    const line = styluaErrorLine(`error parsing:\n - unexpected token \`${' '.repeat(100_000)}\` (2:1 to 2:6), expected \`)\``);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(line.startsWith('Line 2, column 1: unexpected token `')).toBe(true);
  });
});

describe('formatFailureToast', () => {
  it("is information for the script's own syntax error, an error when formatting itself failed", () => {
    expect(formatFailureToast(new FormatSyntaxError('Line 2, column 1: unexpected token'))).toEqual({ title: 'Not formatted: fix the syntax first', description: 'Line 2, column 1: unexpected token', variant: 'default' });
    expect(formatFailureToast(new Error('Failed to fetch the formatter'))).toMatchObject({ title: 'Format failed', variant: 'destructive' });
  });
});
