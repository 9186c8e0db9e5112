import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, MAX_SCAN_CHARS, matchingLines, phraseOf, wordSpans } from './matching-lines';
import { searchWords } from '../read-store/search-words';
import { GROUPED_LISTING, LAST_GROUP_LINE, LAST_GROUP_TEXT } from '../../tests/fixtures/luau-grouped-listing';

const words = (query: string) => new Set(searchWords(query));
/** What a search for `query` shows of `content`: the query's words and its phrase, as the search passes them. */
const shown = (content: string, query: string, maxLines = 5) => matchingLines(content, words(query), maxLines, MAX_SCAN_CHARS, phraseOf(query));

describe('matchingLines ranks lines by how well they match', () => {
  it('shows the line a Luau search was looking for first, indentation kept, though earlier lines hold some of its words', () => {
    const lines = shown(GROUPED_LISTING, 'if lastGroup ~= group then');
    expect(lines[0]).toEqual({ line: LAST_GROUP_LINE, text: LAST_GROUP_TEXT, highlights: [[2, 4], [5, 14], [18, 23], [24, 28]] });
    expect(lines).toHaveLength(5);
    // the rest: lines holding more of the words first (`if a.Group and b.Group then`: three), earlier ones among equals
    expect(lines.slice(1).map((l) => l.line)).toEqual([7, 8, 18, 25]);
    expect(lines[1]!.text).toBe('	if a.Group and b.Group then');
  });

  it('the whole phrase first, then lines holding every word, then the rest by how many words they hold', () => {
    const content = [
      'print(gold)', // 1: some (1 word)
      'local amount = gold', // 2: some (2 words)
      'gold amount local', // 3: every word, not in order
      'print("x")', // 4: none
      'local gold amount = 1', // 5: every word, not as the phrase
      '  local  amount=gold', // 6: the phrase (punctuation and spacing between words not compared)
      'LOCAL AMOUNT = GOLD', // 7: the phrase, any case
    ].join('\n');
    expect(shown(content, 'local amount = gold').map((l) => l.line)).toEqual([2, 6, 7, 3, 5]);
    expect(shown(content, 'local amount = gold', 7).map((l) => l.line)).toEqual([2, 6, 7, 3, 5, 1]);
    // a one-word query: every line holding it is a phrase match, in order
    expect(shown(content, 'amount').map((l) => l.line)).toEqual([2, 3, 5, 6, 7]);
  });

  it('repeated words count in the phrase; a word only inside another word does not', () => {
    const content = 'x = x\nx = y + x\nlocal xx = 1';
    expect(shown(content, 'x = x').map((l) => l.line)).toEqual([1, 2]);
    expect(shown(content, 'x = y').map((l) => l.line)).toEqual([2, 1]);
  });

  it('cuts a long line around its phrase rather than its first word', () => {
    const long = `if ${'filler '.repeat(80)}then if lastGroup ~= group then ${'tail '.repeat(80)}`;
    const [line] = shown(long, 'if lastGroup ~= group then');
    expect(line!.text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    expect(line!.text).toContain('if lastGroup ~= group then');
    expect(line!.highlights.map(([s, e]) => line!.text.slice(s, e))).toEqual(expect.arrayContaining(['if', 'lastGroup', 'group', 'then']));
  });

  it('ranks the whole of what it reads in time linear in its size', () => {
    // Every line holds some of the words but never the phrase, so nothing ends the scan early; 16-word phrases.
    const query = Array.from({ length: 16 }, (_, i) => `w${i % 4}`).join(' ');
    const line = Array.from({ length: 30 }, (_, i) => `w${(i * 7) % 4}`).join(' ');
    const content = (chars: number) => Array.from({ length: Math.ceil(chars / (line.length + 1)) }, () => line).join('\n').slice(0, chars);
    const time = (text: string) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) shown(text, query);
      return performance.now() - started;
    };
    time(content(MAX_SCAN_CHARS / 8)); // warm up
    const small = time(content(MAX_SCAN_CHARS / 8));
    const full = time(content(MAX_SCAN_CHARS));
    expect(full).toBeLessThan(2000);
    // eight times the text: a linear scan takes about eight times as long, a quadratic one sixty-four
    expect(full / Math.max(small, 1)).toBeLessThan(24);
  });
});

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
