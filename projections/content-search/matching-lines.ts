import { WORD, foldCase } from '../read-store/search-words';

/**
 * Which lines of a search result to show and what to highlight in them: of the lines holding any query word as a whole
 * word (the tokenizer's rule, search-words.ts), the best matches, best first (matchingLines). Runs on one page of
 * results only, and reads at most MAX_SCAN_CHARS of a script, so a 5 MB script costs no more than its first 256 KB.
 */
export interface MatchingLine {
  /** 1-based */
  line: number;
  text: string;
  /** [start, end) UTF-16 offsets into `text` */
  highlights: [number, number][];
}

export const MAX_LINES = 5;
export const MAX_LINE_CHARS = 300;
/** characters kept before the first match when a long line must be cut around it */
const LEAD = 60;

/**
 * Characters of one script read for its lines: a 5 MB script of one line holding a common word millions of times
 * costs no more than its first 256 KB (the lines shown come from the start anyway).
 */
export const MAX_SCAN_CHARS = 256 * 1024;

const WORD_START = new RegExp(`^${WORD.source}`, 'u');
/** whether one code point is part of a word */
const IS_WORD = new RegExp(`^${WORD.source}$`, 'u');

/**
 * `text` without the word it ends in, found by walking back one code point at a time: the regex `WORD$` is tried
 * at every start of a run of letters, so a long run ending in a non-letter cost quadratic time (seconds for 50 K).
 */
function withoutTrailingWord(text: string): string {
  let end = text.length;
  while (end > 0) {
    const pair = end >= 2 && isLowSurrogate(text.charCodeAt(end - 1)) && isHighSurrogate(text.charCodeAt(end - 2));
    const width = pair ? 2 : 1;
    if (!IS_WORD.test(text.slice(end - width, end))) break;
    end -= width;
  }
  return text.slice(0, end);
}

/**
 * Word spans of `text` whose folded form is one of `words` (already folded), up to the first span that starts past
 * `until` (the spans a cut line can show are within MAX_LINE_CHARS of the first).
 */
export function wordSpans(text: string, words: ReadonlySet<string>, until = Number.POSITIVE_INFINITY): [number, number][] {
  const spans: [number, number][] = [];
  for (const match of text.matchAll(WORD)) {
    if (!words.has(foldCase(match[0]))) continue;
    spans.push([match.index, match.index + match[0].length]);
    if (match.index > Math.min(until, spans[0]![0] + MAX_LINE_CHARS)) break;
  }
  return spans;
}

/** Whether `text` holds any of `words` (already folded) as a whole word. */
export const holdsAnyWord = (text: string, words: ReadonlySet<string>): boolean => wordSpans(text, words, 0).length > 0;

/**
 * How well one line matches, best first: 0 holds the query's words as a phrase (in order, one after the other; the
 * punctuation between them is not compared), 1 holds every word, 2 some of them. `held`: how many distinct words it
 * holds; `focus`: the span to show when the line must be cut (the phrase, else the first word found).
 */
interface LineRank {
  tier: 0 | 1 | 2;
  held: number;
  focus: [number, number];
}

/** Longest phrase compared: the query's first words (a query has at most MAX_SEARCH_WORDS distinct ones). */
const MAX_PHRASE_WORDS = 32;

/**
 * One pass over the line's words, in time linear in its length (each word is compared with at most MAX_PHRASE_WORDS
 * phrase words): the distinct query words it holds, and where the phrase first appears.
 */
function rankLine(text: string, words: ReadonlySet<string>, phrase: readonly string[]): LineRank | null {
  const held = new Set<string>();
  let first: [number, number] | null = null;
  let phraseAt: [number, number] | null = null;
  // the line's last phrase.length words, as a ring: starts and folded forms
  const ring: { word: string; start: number }[] = [];
  let next = 0;
  for (const match of text.matchAll(WORD)) {
    const word = foldCase(match[0]);
    const end = match.index + match[0].length;
    if (words.has(word)) {
      held.add(word);
      first ??= [match.index, end];
    }
    if (phraseAt !== null || phrase.length < 2) continue;
    ring[next % phrase.length] = { word, start: match.index };
    next++;
    if (next < phrase.length) continue;
    let same = true;
    for (let i = 0; i < phrase.length && same; i++) same = ring[(next + i) % phrase.length]!.word === phrase[i];
    if (same) phraseAt = [ring[next % phrase.length]!.start, end];
  }
  if (!first) return null;
  const all = held.size === words.size;
  // A one-word query (or one repeating a word) is its own phrase: every line holding it ranks first.
  if (phraseAt || (all && phrase.length < 2)) return { tier: 0, held: held.size, focus: phraseAt ?? first };
  return { tier: all ? 1 : 2, held: held.size, focus: first };
}

/** Whether `a` (on line `lineA`) ranks before `b`: tier, then more distinct words, then the earlier line. */
function better(a: LineRank, lineA: number, b: LineRank, lineB: number): boolean {
  if (a.tier !== b.tier) return a.tier < b.tier;
  if (a.held !== b.held) return a.held > b.held;
  return lineA < lineB;
}

/** The query's words in order, repeats kept (`a = a + 1` is `a`, `a`, `1`), folded: what a line's phrase must equal. */
export function phraseOf(query: string): string[] {
  const phrase: string[] = [];
  for (const match of query.matchAll(WORD)) {
    phrase.push(foldCase(match[0]));
    if (phrase.length === MAX_PHRASE_WORDS) break;
  }
  return phrase;
}

/**
 * The `maxLines` lines that match best (rankLine), best first, each with its indentation and highlights of every query
 * word. `phrase`: the query's words in order (phraseOf; by default the distinct words). `maxChars`: how much of the
 * text's start to read (at most MAX_SCAN_CHARS); the whole of it is ranked, unless `maxLines` lines holding the phrase
 * come first (nothing can beat them).
 */
export function matchingLines(
  full: string,
  words: ReadonlySet<string>,
  maxLines = MAX_LINES,
  maxChars = MAX_SCAN_CHARS,
  phrase: readonly string[] = [...words],
): MatchingLine[] {
  const limit = Math.max(0, Math.min(maxChars, MAX_SCAN_CHARS));
  // A text read only in part ends before the word it cuts: `lampshade` cut to `lamp` is not `lamp`.
  const cutsWord = full.length > limit && WORD_START.test(full.slice(limit, limit + 2));
  const read = full.length > limit ? full.slice(0, limit) : full;
  const content = cutsWord ? withoutTrailingWord(read) : read;
  if (maxLines <= 0 || words.size === 0) return [];
  // the best lines so far, best first (at most maxLines)
  const best: { line: number; text: string; rank: LineRank }[] = [];
  let start = 0;
  for (let number = 1; start <= content.length; number++) {
    const newline = content.indexOf('\n', start);
    const end = newline === -1 ? content.length : newline;
    const raw = content.slice(start, end);
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const rank = rankLine(text, words, phrase);
    if (rank && (best.length < maxLines || better(rank, number, best[best.length - 1]!.rank, best[best.length - 1]!.line))) {
      let at = best.length;
      while (at > 0 && better(rank, number, best[at - 1]!.rank, best[at - 1]!.line)) at--;
      best.splice(at, 0, { line: number, text, rank });
      if (best.length > maxLines) best.pop();
    }
    if (newline === -1 || (best.length === maxLines && best[best.length - 1]!.rank.tier === 0)) break;
    start = newline + 1;
  }
  return best.map(({ line, text, rank }) => ({ line, ...cut(text, words, rank.focus) }));
}

/**
 * A line of at most MAX_LINE_CHARS: from its start, or, when `focus` would not fit, from a little before it (never
 * splitting a surrogate pair), with the spans of every query word inside the cut. Reads the line only up to the cut.
 */
function cut(text: string, words: ReadonlySet<string>, focus: [number, number]): Omit<MatchingLine, 'line'> {
  let from = 0;
  let to = text.length;
  if (text.length > MAX_LINE_CHARS) {
    from = focus[1] <= MAX_LINE_CHARS ? 0 : Math.max(0, focus[0] - LEAD);
    if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from -= 1;
    to = Math.min(text.length, from + MAX_LINE_CHARS);
    if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to -= 1;
  }
  const highlights: [number, number][] = [];
  for (const match of text.matchAll(WORD)) {
    const end = match.index + match[0].length;
    if (end > to) break;
    if (match.index >= from && words.has(foldCase(match[0]))) highlights.push([match.index - from, end - from]);
  }
  return { text: text.slice(from, to), highlights };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
