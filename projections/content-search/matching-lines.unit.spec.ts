import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, MAX_SCAN_CHARS, matchingLines, wordSpans } from './matching-lines';
import { searchWords } from '../read-store/search-words';

const words = (query: string) => new Set(searchWords(query));

describe('matchingLines', () => {
  it('lists the lines holding any query word, 1-based, with UTF-16 highlight ranges of whole words', () => {
    const content = 'local a = 1\r\nlocal Players = game:GetService("Players")\nprint(players_online)\n\nreturn PLAYERS';
    expect(matchingLines(content, words('players'))).toEqual([
      { line: 2, text: 'local Players = game:GetService("Players")', highlights: [[6, 13], [33, 40]] },
      { line: 5, text: 'return PLAYERS', highlights: [[7, 14]] },
    ]);
  });

  it('stops at five lines and reads no further', () => {
    const content = Array.from({ length: 50 }, (_, i) => `hit ${i}`).join('\n');
    const lines = matchingLines(content, words('hit'));
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('cuts a long line to 300 characters around its first match, keeping surrogate pairs whole', () => {
    const long = `${'😀'.repeat(200)} needle ${'x'.repeat(400)}`;
    const [line] = matchingLines(long, words('needle'));
    expect(line!.text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    const [start, end] = line!.highlights[0]!;
    expect(line!.text.slice(start, end)).toBe('needle');
    expect(line!.text.charCodeAt(0) >= 0xdc00 && line!.text.charCodeAt(0) <= 0xdfff).toBe(false);

    const early = `needle ${'y'.repeat(500)} needle`;
    const [first] = matchingLines(early, words('needle'));
    expect(first).toEqual({ line: 1, text: early.slice(0, MAX_LINE_CHARS), highlights: [[0, 6]] });
  });

  it('reads a huge one-line script only as far as its shown line needs, and no further than MAX_SCAN_CHARS', () => {
    const huge = `${'a '.repeat(2_600_000)}needle`; // 5 MB, one line
    const [line] = matchingLines(huge, words('a'));
    expect(line!.text).toHaveLength(MAX_LINE_CHARS);
    expect(line!.highlights).toHaveLength(150);
    // spans are gathered only up to the window a cut line can show, not the 2.6 million of the line
    expect(wordSpans(huge, words('a')).length).toBeLessThan(200);
    // a word that first appears past what is scanned gets no lines (the result itself is still listed)
    expect(matchingLines(huge, words('needle'))).toEqual([]);
    expect(matchingLines(`${'x'.repeat(MAX_SCAN_CHARS - 10)} needle`, words('needle'))).toHaveLength(1);
    // a word the end of what is read cuts is not taken for a shorter one
    expect(matchingLines(`${'x '.repeat(100)}lampshade`, words('lamp'), 5, 204)).toEqual([]);
    expect(matchingLines(`${'x '.repeat(100)}lamp shade`, words('lamp'), 5, 204)).toHaveLength(1);
  });

  it('drops the word a cut ends in, in time linear in the text (a long run of letters before the cut)', () => {
    // The cut falls right after 100,000 letters and a dot, before another letter: the old `WORD$` regex was tried
    // from every letter of the run (16 s here); walking back from the cut takes microseconds.
    const content = `${'a'.repeat(100_000)}.needle b`;
    const started = performance.now();
    expect(matchingLines(content, words('needle'), 5, 100_001)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
    // what the cut keeps, across letters, marks, astral letters, emoji and private-use characters
    const pieces = ['a', 'Z', '7', '_', '\u0301', '𝒜', '😀', '\ue000', ' ', '.', 'needle'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join('');
      const limit = next() % (text.length + 1);
      const read = text.slice(0, limit);
      const cuts = text.length > limit && /^[\p{L}\p{N}\p{M}\p{Co}_]/u.test(text.slice(limit, limit + 2));
      const expected = cuts ? read.replace(/[\p{L}\p{N}\p{M}\p{Co}_]+$/u, '') : read;
      const shown = matchingLines(text, words('needle'), 5, limit).length > 0;
      expect(shown, JSON.stringify([text, limit])).toBe(/(^|[^\p{L}\p{N}\p{M}\p{Co}_])needle(?![\p{L}\p{N}\p{M}\p{Co}_])/u.test(expected));
    }
  });

  it('matches case-insensitively but keeps diacritics, as the search index does', () => {
    expect(matchingLines('Café au lait\ncafe noir', words('CAFÉ'))).toEqual([{ line: 1, text: 'Café au lait', highlights: [[0, 4]] }]);
  });
});

describe('searchWords', () => {
  it('splits on everything but letters, digits, marks and underscores, folds case and drops repeats', () => {
    expect(searchWords('local Players = game:GetService("Players")')).toEqual(['local', 'players', 'game', 'getservice']);
    expect(searchWords('my_var-2 Ünïcode हिन्दी')).toEqual(['my_var', '2', 'ünïcode', 'हिन्दी']);
    expect(searchWords('!!! ...')).toEqual([]);
    expect(searchWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });
});
