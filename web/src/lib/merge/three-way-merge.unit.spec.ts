import { describe, expect, it } from 'vitest';
import { matchLines, MAX_EDIT_DISTANCE, mergeThreeWay, resolveMerge, splitLines } from './three-way-merge';

const lines = (...l: string[]) => l.map((x) => `${x}\n`).join('');
const merged = (base: string, mine: string, theirs: string) => {
  const r = mergeThreeWay(base, mine, theirs);
  expect(r.conflicts).toBe(0);
  return resolveMerge(r, []);
};

describe('mergeThreeWay', () => {
  const base = lines('local a = 1', 'local b = 2', 'local c = 3', 'local d = 4', 'local e = 5', 'print(a, b, c, d, e)');

  it('merges changes to different lines by themselves', () => {
    const mine = base.replace('local a = 1', 'local a = 10');
    const theirs = base.replace('local e = 5', 'local e = 50');
    expect(merged(base, mine, theirs)).toBe(base.replace('local a = 1', 'local a = 10').replace('local e = 5', 'local e = 50'));
  });

  it('merges an insertion on one side with a deletion on the other', () => {
    const mine = base.replace('local c = 3\n', 'local c = 3\nlocal c2 = 33\n');
    const theirs = base.replace('local e = 5\n', '');
    expect(merged(base, mine, theirs)).toBe(lines('local a = 1', 'local b = 2', 'local c = 3', 'local c2 = 33', 'local d = 4', 'print(a, b, c, d, e)'));
  });

  it('takes one side when only it changed, and the same change made on both sides once', () => {
    const changed = base.replace('local b = 2', 'local b = 20');
    expect(merged(base, changed, base)).toBe(changed);
    expect(merged(base, base, changed)).toBe(changed);
    expect(merged(base, changed, changed)).toBe(changed);
  });

  it('shows overlapping changes as a conflict, with base, mine and theirs', () => {
    const mine = base.replace('local c = 3', 'local c = "mine"');
    const theirs = base.replace('local c = 3', 'local c = "theirs"').replace('local a = 1', 'local a = 0');
    const r = mergeThreeWay(base, mine, theirs);
    expect(r.conflicts).toBe(1);
    expect(r.chunks.find((c) => c.kind === 'conflict')).toEqual({ kind: 'conflict', base: ['local c = 3\n'], mine: ['local c = "mine"\n'], theirs: ['local c = "theirs"\n'] });
    // the non-overlapping change of theirs is merged either way
    expect(resolveMerge(r, ['mine'])).toBe(base.replace('local c = 3', 'local c = "mine"').replace('local a = 1', 'local a = 0'));
    expect(resolveMerge(r, ['theirs'])).toBe(theirs);
    expect(resolveMerge(r, ['both'])).toBe(base.replace('local c = 3\n', 'local c = "theirs"\nlocal c = "mine"\n').replace('local a = 1', 'local a = 0'));
  });

  it('treats two different insertions at one place as a conflict', () => {
    const r = mergeThreeWay('a\nz\n', 'a\nmine\nz\n', 'a\ntheirs\nz\n');
    expect(r.conflicts).toBe(1);
    expect(resolveMerge(r, ['both'])).toBe('a\ntheirs\nmine\nz\n');
  });

  it('keeps a missing final newline and line endings exactly', () => {
    expect(merged('a\r\nb\r\nc', 'A\r\nb\r\nc', 'a\r\nb\r\nC')).toBe('A\r\nb\r\nC');
    expect(merged('', 'print(1)', '')).toBe('print(1)');
  });

  it('merges two large scripts with scattered edits', () => {
    const big = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`);
    const mine = big.map((l, i) => (i % 100 === 0 ? `mine ${i}\n` : l)).join('');
    const theirs = big.map((l, i) => (i % 100 === 50 ? `theirs ${i}\n` : l)).join('');
    const out = merged(big.join(''), mine, theirs);
    expect(out).toContain('mine 4900\n');
    expect(out).toContain('theirs 4950\n');
    expect(splitLines(out)).toHaveLength(5000);
  });
});

describe('matchLines', () => {
  it('finds a longest common subsequence', () => {
    const a = ['a', 'b', 'c', 'a', 'b', 'b', 'a'];
    const b = ['c', 'b', 'a', 'b', 'a', 'c'];
    const m = matchLines(a, b);
    const pairs = [...m].map((j, i) => [i, j]).filter(([, j]) => j! >= 0);
    expect(pairs).toHaveLength(4); // the LCS of this classic pair has length 4
    for (const [i, j] of pairs) expect(a[i!]).toBe(b[j!]);
    for (let k = 1; k < pairs.length; k++) expect(pairs[k]![1]!).toBeGreaterThan(pairs[k - 1]![1]!);
  });

  it('matches as many lines as a dynamic-programming LCS on random texts', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: rand(12) }, () => 'xyz'[rand(3)]!);
      const b = Array.from({ length: rand(12) }, () => 'xyz'[rand(3)]!);
      const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
      const pairs = [...matchLines(a, b)].map((j, i) => [i, j] as const).filter(([, j]) => j >= 0);
      expect(pairs.length).toBe(dp[0]![0]);
      for (const [i, j] of pairs) expect(a[i]).toBe(b[j]);
      for (let k = 1; k < pairs.length; k++) expect(pairs[k]![1]).toBeGreaterThan(pairs[k - 1]![1]);
    }
  });

  it('gives up on the middle of texts too far apart, keeping their common ends (bounded memory)', () => {
    const n = MAX_EDIT_DISTANCE + 10;
    const a = ['head', ...Array.from({ length: n }, (_, i) => `a${i}`), 'tail'];
    const b = ['head', ...Array.from({ length: n }, (_, i) => `b${i}`), 'tail'];
    const m = matchLines(a, b);
    expect(m[0]).toBe(0);
    expect(m[a.length - 1]).toBe(b.length - 1);
    expect([...m].filter((j) => j >= 0)).toHaveLength(2);
  });
});
