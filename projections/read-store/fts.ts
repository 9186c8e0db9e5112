import type Database from 'better-sqlite3';
import type { Doc } from './read-store';
import { isSearchWord } from './search-words';

/**
 * The embedded read store's full-text index: one SQLite FTS5 table per collection with a text index, its rowid the
 * document's rowid in the collection's table, one column per text field. Contentless (`content=''`): the documents
 * already hold the text, so the index stores only its tokens; `contentless_delete=1` lets a document's row be
 * deleted by rowid alone (SQLite 3.43+). Tokenizer: see search-words.ts.
 */
export interface TextIndex {
  fields: string[];
  weights: number[];
  table: string;
}

const TOKENIZER = `unicode61 remove_diacritics 0 tokenchars '_' categories 'L* N* M* Co'`;

export const ftsTableOf = (table: string) => `${table}_fts`;

export function createFtsTable(db: Database.Database, index: TextIndex): void {
  const columns = index.fields.map((_, i) => `t${i}`).join(', ');
  db.exec(`DROP TABLE IF EXISTS ${index.table}`);
  db.exec(`CREATE VIRTUAL TABLE ${index.table} USING fts5(${columns}, content='', contentless_delete=1, tokenize="${TOKENIZER}")`);
}

/** A field's text as the index sees it: a string, or the strings of an array (MongoDB indexes both); else nothing. */
export function textOf(doc: Doc, field: string): string {
  let node: unknown = doc;
  for (const part of field.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return '';
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.filter((v): v is string => typeof v === 'string').join('\n');
  return '';
}

/** Whether the indexed text differs between two versions of a document (so the index row must be rewritten). */
export function textDiffers(index: TextIndex, before: Doc | undefined, after: Doc | null): boolean {
  if (!before || !after) return true;
  return index.fields.some((field) => textOf(before, field) !== textOf(after, field));
}

/** An FTS5 query holding every word, each quoted (a phrase of one token): implicit AND. */
export function matchExpression(words: string[]): string {
  for (const word of words) if (!isSearchWord(word)) throw new Error(`not a search word: ${JSON.stringify(word)}`);
  return words.map((word) => `"${word}"`).join(' ');
}
