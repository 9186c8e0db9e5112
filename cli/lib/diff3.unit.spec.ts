import { describe, expect, it } from 'vitest';
import { conflictMarkerLine, merge3, splitLines } from './diff3.mjs';
import { matchLines } from './myers.mjs';

const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join('');

/** A small deterministic generator (the specs must not depend on chance). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Length of a longest common subsequence, by the quadratic table (the reference). */
function lcsLength(a: number[], b: number[]) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

describe('Myers line matching', () => {
  it('keeps a longest common subsequence: pairs in order, equal lines, as long as the quadratic reference', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 6));
      const b = Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 6));
      const { matchA } = matchLines(a, b);
      let last = -1;
      let kept = 0;
      matchA.forEach((j, i) => {
        if (j < 0) return;
        expect(j).toBeGreaterThan(last);
        expect(b[j]).toBe(a[i]);
        last = j;
        kept++;
      });
      expect(kept, JSON.stringify({ a, b })).toBe(lcsLength(a, b));
    }
  });

  it('bounds its work: with the budget spent, the rest counts as replaced, and what was kept is still a valid match', () => {
    const a = Array.from({ length: 2000 }, (_, i) => i);
    const b = Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? i : -1 - i));
    const small = matchLines(a, b, { budget: 1000 });
    expect(small.exhausted).toBe(true);
    let last = -1;
    small.matchA.forEach((j, i) => {
      if (j < 0) return;
      expect(b[j]).toBe(a[i]);
      expect(j).toBeGreaterThan(last);
      last = j;
    });
    const full = matchLines(a, b);
    expect(full.exhausted).toBe(false);
    expect([...full.matchA].filter((j) => j >= 0)).toHaveLength(667);
  });
});

describe('three-way merge', () => {
  const base = lines('local Players = game:GetService("Players")', '', 'local function greet(p)', '\tprint("hi", p.Name)', 'end', '', 'Players.PlayerAdded:Connect(greet)', 'return nil');

  it('merges changes to different lines by itself', () => {
    const local = base.replace('"hi"', '"hello"');
    const server = base.replace('return nil', 'return greet');
    expect(merge3({ base, local, server })).toEqual({ text: base.replace('"hi"', '"hello"').replace('return nil', 'return greet'), conflicts: 0 });
    // one side only, or both alike: that side
    expect(merge3({ base, local, server: base }).text).toBe(local);
    expect(merge3({ base, local: base, server }).text).toBe(server);
    expect(merge3({ base, local, server: local })).toEqual({ text: local, conflicts: 0 });
  });

  it('writes changes to the same lines between git-style markers, and counts them', () => {
    const local = base.replace('"hi"', '"hello"');
    const server = base.replace('"hi"', '"welcome"');
    const merged = merge3({ base, local, server }, { serverLabel: 'server v3' });
    expect(merged.conflicts).toBe(1);
    expect(merged.text).toBe(
      lines(
        'local Players = game:GetService("Players")',
        '',
        'local function greet(p)',
        '<<<<<<< local',
        '\tprint("hello", p.Name)',
        '=======',
        '\tprint("welcome", p.Name)',
        '>>>>>>> server v3',
        'end',
        '',
        'Players.PlayerAdded:Connect(greet)',
        'return nil',
      ),
    );
    expect(conflictMarkerLine(merged.text)).toBe(4);
  });

  it('keeps lines both sides added alike out of the conflict, and counts separate conflicts apart', () => {
    const local = lines('a', 'same', 'L1', 'b', 'c', 'd', 'L2');
    const server = lines('a', 'same', 'S1', 'b', 'c', 'd', 'S2');
    const merged = merge3({ base: lines('a', 'b', 'c', 'd', 'e'), local, server });
    expect(merged.conflicts).toBe(2);
    expect(merged.text).toBe(lines('a', 'same', '<<<<<<< local', 'L1', '=======', 'S1', '>>>>>>> server', 'b', 'c', 'd', '<<<<<<< local', 'L2', '=======', 'S2', '>>>>>>> server'));
  });

  it('keeps CRLF line endings, a byte-order mark and a missing final newline, with markers on lines of their own', () => {
    const crlf = (...xs: string[]) => xs.join('\r\n');
    const b = crlf('\uFEFF--!strict', 'local x = 1', 'return x');
    const merged = merge3({ base: b, local: crlf('\uFEFF--!strict', 'local x = 1', 'return x + 1'), server: crlf('\uFEFF--!strict', 'local x = 1', 'return x * 2') });
    expect(merged.text).toBe(crlf('\uFEFF--!strict', 'local x = 1', '<<<<<<< local', 'return x + 1', '=======', 'return x * 2', '>>>>>>> server', ''));
    // a line between the two edits keeps them apart (adjacent edits are one chunk, as in git)
    const b2 = crlf('\uFEFF--!strict', 'local x = 1', 'local y = 2', 'return x');
    const clean = merge3({ base: b2, local: b2.replace('x = 1', 'x = 2'), server: crlf(b2, 'print(x)') });
    expect(clean).toEqual({ text: crlf('\uFEFF--!strict', 'local x = 2', 'local y = 2', 'return x', 'print(x)'), conflicts: 0 });
  });

  it('merges deletions and additions at either end', () => {
    const b = lines('1', '2', '3', '4', '5', '6', '7');
    expect(merge3({ base: b, local: lines('0', '1', '2', '3', '4', '5', '6', '7'), server: lines('1', '2', '3', '4', '5', '6') }).text).toBe(lines('0', '1', '2', '3', '4', '5', '6'));
    expect(merge3({ base: '', local: 'x\n', server: 'y\n' })).toEqual({ text: lines('<<<<<<< local', 'x', '=======', 'y', '>>>>>>> server'), conflicts: 1 });
  });

  it('splits lines keeping their endings', () => {
    expect(splitLines('a\r\nb\n\nc')).toEqual(['a\r\n', 'b\n', '\n', 'c']);
    expect(splitLines('')).toEqual([]);
  });

  it('finds conflict markers only at the start of a line', () => {
    expect(conflictMarkerLine('print("<<<<<<< not one")\n')).toBe(0);
    expect(conflictMarkerLine('a\n>>>>>>> server v2\n')).toBe(2);
    expect(conflictMarkerLine('a\r\n<<<<<<<\r\n')).toBe(2);
    expect(conflictMarkerLine('<<<<<<<< eight\n=======\n')).toBe(0);
  });

  it('bounds the work for huge, entirely different files: twice the lines costs about the same, not four times', () => {
    // no line in common: an unbounded Myers diff would take (N+M)·D = (4·10^5)^2 steps for the larger size
    const file = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `${tag} ${i}\n`).join('');
    const time = (count: number) => {
      const started = performance.now();
      const merged = merge3({ base: file('base', count), local: file('local', count), server: file('server', count) });
      expect(merged.conflicts).toBe(1);
      expect(merged.text.length).toBeGreaterThan(2 * file('local', count).length);
      return performance.now() - started;
    };
    time(1000); // warm up
    const small = time(100_000);
    const large = time(200_000);
    // the budget caps the diff; what grows with the size is the linear part (reading, writing lines)
    // (unbounded, 10,000 such lines took 4.5 s and 200,000 would take about half an hour)
    expect(large).toBeLessThan(Math.max(small * 3, 3000));
    expect(large).toBeLessThan(20_000);
  });
});
