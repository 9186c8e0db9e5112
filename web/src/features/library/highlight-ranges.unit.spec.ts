import { describe, expect, it } from 'vitest';
import { splitByHighlights } from './highlight-ranges';

const marked = (pieces: { text: string; mark: boolean }[]) => pieces.filter((p) => p.mark).map((p) => p.text);

describe('splitByHighlights', () => {
  it('marks the ranges and keeps the text between them, in order', () => {
    const text = 'local Players = game:GetService("Players")';
    const pieces = splitByHighlights(text, [[6, 13], [33, 40]]);
    expect(pieces).toEqual([
      { text: 'local ', mark: false },
      { text: 'Players', mark: true },
      { text: ' = game:GetService("', mark: false },
      { text: 'Players', mark: true },
      { text: '")', mark: false },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
  });

  it('marks a range at the very start and at the very end', () => {
    expect(splitByHighlights('abc def', [[4, 7], [0, 3]])).toEqual([
      { text: 'abc', mark: true },
      { text: ' ', mark: false },
      { text: 'def', mark: true },
    ]);
  });

  it('merges overlapping and touching ranges into one mark', () => {
    expect(marked(splitByHighlights('foobarbaz', [[0, 4], [3, 6], [6, 9]]))).toEqual(['foobarbaz']);
  });

  it('clamps ranges past the text and ignores empty or reversed ones', () => {
    expect(splitByHighlights('short', [[3, 99], [2, 2], [4, 1], [-5, 1]])).toEqual([
      { text: 's', mark: true },
      { text: 'ho', mark: false },
      { text: 'rt', mark: true },
    ]);
  });

  it('counts offsets in UTF-16 code units, as the server sends them', () => {
    // the emoji is two code units: "Players" starts at 3
    expect(marked(splitByHighlights('😀 Players', [[3, 10]]))).toEqual(['Players']);
  });

  it('gives the whole line unmarked without ranges, and one empty piece for an empty line', () => {
    expect(splitByHighlights('print(1)', [])).toEqual([{ text: 'print(1)', mark: false }]);
    expect(splitByHighlights('', [])).toEqual([{ text: '', mark: false }]);
  });
});
