import { describe, expect, it } from 'vitest';
import { lineChanges, splitLines } from './line-changes';

describe('lineChanges', () => {
  it('counts lines added and removed as a line diff does', () => {
    expect(lineChanges('', 'a\nb\n')).toEqual({ added: 2, removed: 0 });
    expect(lineChanges('a\nb\nc', 'a\nb\nc')).toEqual({ added: 0, removed: 0 });
    expect(lineChanges('a\nb\nc', 'a\nB\nc')).toEqual({ added: 1, removed: 1 });
    expect(lineChanges('a\nb\nc\nd', 'a\nd')).toEqual({ added: 0, removed: 2 });
    expect(lineChanges('local x = 1\nprint(x)', 'local x = 1\nlocal y = 2\nprint(x)\nprint(y)')).toEqual({ added: 2, removed: 0 });
    // a moved line is one removal and one addition, as the compare view shows it
    expect(lineChanges('a\nb\nc', 'b\nc\na')).toEqual({ added: 1, removed: 1 });
  });

  it('ignores the line ending style and a final newline', () => {
    expect(splitLines('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(lineChanges('a\r\nb', 'a\nb\n')).toEqual({ added: 0, removed: 0 });
  });

  it('past its budget counts by multiset: the same totals but for moved lines', () => {
    expect(lineChanges('a\nb\nc\nd', 'x\nb\nc\ny', 1)).toEqual({ added: 2, removed: 2 });
    expect(lineChanges('a\nb\nc', 'b\nc\na', 1)).toEqual({ added: 0, removed: 0 });
  });

  it('a rewrite of a large script stays cheap: twice the lines cost about twice the time, not four times', () => {
    const script = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n');
    const time = (n: number) => {
      const before = script(n, 'old');
      const after = script(n, 'new');
      const t = performance.now();
      for (let r = 0; r < 3; r++) expect(lineChanges(before, after)).toEqual({ added: n, removed: n });
      return performance.now() - t;
    };
    time(10_000); // warm-up
    const small = time(25_000);
    const large = time(100_000);
    // Myers alone would be quadratic here (16x for 4x the lines); bounded, it is linear (4x), with room for noise.
    expect(large / small).toBeLessThan(9);
    expect(large).toBeLessThan(3000);
  });
});
