/**
 * How text is cut into words for full-text search, the same rule on every read store and in the highlighter: a word
 * is a run of letters, digits, combining marks and underscores (`game:GetService` is `game` and `GetService`,
 * `my_var` one word). Matching is case-insensitive and keeps diacritics (`café` is not `cafe`): SQLite FTS5's
 * unicode61 tokenizer with `remove_diacritics 0` and `tokenchars '_'`, MongoDB's text index with
 * `$diacriticSensitive: true`.
 */
export const WORD = /[\p{L}\p{N}\p{M}\p{Co}_]+/gu;

/** Most distinct words one search may ask for: each is one more index lookup and one more condition. */
export const MAX_SEARCH_WORDS = 16;

/** The distinct words of a query, lower-cased, in order of first appearance (at most MAX_SEARCH_WORDS). */
export function searchWords(query: string): string[] {
  const words = new Set<string>();
  for (const match of query.matchAll(WORD)) {
    words.add(foldCase(match[0]));
    if (words.size === MAX_SEARCH_WORDS) break;
  }
  return [...words];
}

/** Case folding as the tokenizers do it (Unicode lower case; diacritics kept). */
export const foldCase = (word: string): string => word.toLowerCase();

/** Whether `word` is one word by the rule above (what `searchText` accepts). */
export const isSearchWord = (word: string): boolean => /^[\p{L}\p{N}\p{M}\p{Co}_]+$/u.test(word);
