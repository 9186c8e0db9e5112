import { WORD, foldCase } from '../read-store/search-words';

/**
 * Which lines of a search result to show and what to highlight in them: lines holding any query word as a whole word
 * (the tokenizer's rule, search-words.ts), first ones first. Runs on one page of results only, and stops reading a
 * script once it has its lines, so a 5 MB script costs no more than its first matches.
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

/** `maxChars`: how much of the text's start to read (at most MAX_SCAN_CHARS). */
export function matchingLines(full: string, words: ReadonlySet<string>, maxLines = MAX_LINES, maxChars = MAX_SCAN_CHARS): MatchingLine[] {
  const limit = Math.max(0, Math.min(maxChars, MAX_SCAN_CHARS));
  // A text read only in part ends before the word it cuts: `lampshade` cut to `lamp` is not `lamp`.
  const cutsWord = full.length > limit && WORD_START.test(full.slice(limit, limit + 2));
  const read = full.length > limit ? full.slice(0, limit) : full;
  const content = cutsWord ? withoutTrailingWord(read) : read;
  const lines: MatchingLine[] = [];
  let start = 0;
  for (let number = 1; start <= content.length && lines.length < maxLines; number++) {
    const newline = content.indexOf('\n', start);
    const end = newline === -1 ? content.length : newline;
    const raw = content.slice(start, end);
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const spans = wordSpans(text, words);
    if (spans.length > 0) lines.push({ line: number, ...cut(text, spans) });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

/**
 * A line of at most MAX_LINE_CHARS: from its start, or, when the first match would not fit, from a little before that
 * match (never splitting a surrogate pair). Highlights are moved into the cut and those outside it dropped.
 */
function cut(text: string, spans: [number, number][]): Omit<MatchingLine, 'line'> {
  if (text.length <= MAX_LINE_CHARS) return { text, highlights: spans };
  let from = spans[0]![1] <= MAX_LINE_CHARS ? 0 : Math.max(0, spans[0]![0] - LEAD);
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from -= 1;
  let to = Math.min(text.length, from + MAX_LINE_CHARS);
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to -= 1;
  const highlights = spans
    .filter(([s, e]) => s >= from && e <= to)
    .map(([s, e]): [number, number] => [s - from, e - from]);
  return { text: text.slice(from, to), highlights };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
