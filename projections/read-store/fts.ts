import type { SqliteDatabase } from '../../services/sqlite/database';
import type { Doc, Filter } from './read-store';
import { isSearchWord } from './search-words';

/**
 * The embedded read store's full-text index: one SQLite FTS5 table per collection with a text index, its rowid the
 * document's rowid in the collection's table. Columns: one per equality key of the index (`p0`...: the key's value as
 * one opaque token) and one per text field (`t0`...). Searches name the key tokens, so FTS5 intersects the words'
 * lists with one user's list: a search costs what that user's documents hold, not what the whole instance holds.
 * Contentless (`content=''`): the documents already hold the text, so the index keeps only tokens;
 * `contentless_delete=1` lets a row be deleted by rowid alone (SQLite 3.43+). Tokenizer: see search-words.ts.
 */
export interface TextIndex {
  keys: string[];
  fields: string[];
  /** bm25 weight of each column, keys (0) then fields */
  weights: number[];
  table: string;
}

const TOKENIZER = `unicode61 remove_diacritics 0 tokenchars '_' categories 'L* N* M* Co'`;

export const ftsTableOf = (table: string) => `${table}_fts`;

export function textIndexOf(table: string, keys: string[], fields: string[], weights: Record<string, number>): TextIndex {
  return { keys, fields, weights: [...keys.map(() => 0), ...fields.map((field) => weights[field] ?? 1)], table: ftsTableOf(table) };
}

const columnsOf = (index: TextIndex) => [...index.keys.map((_, i) => `p${i}`), ...index.fields.map((_, i) => `t${i}`)];

export function createFtsTable(db: SqliteDatabase, index: TextIndex): void {
  db.exec(`DROP TABLE IF EXISTS ${index.table}`);
  db.exec(`CREATE VIRTUAL TABLE ${index.table} USING fts5(${columnsOf(index).join(', ')}, content='', contentless_delete=1, tokenize="${TOKENIZER}")`);
}

export function insertSql(index: TextIndex): string {
  const columns = columnsOf(index);
  return `INSERT INTO ${index.table} (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`;
}

/** The values of one document's row, in column order. */
export function rowValues(index: TextIndex, doc: Doc): string[] {
  return [...index.keys.map((key) => keyToken(valueAt(doc, key))), ...index.fields.map((field) => textOf(doc, field))];
}

/** A key's value as one token of hex digits, which the tokenizer keeps whole (words are looked up in the text columns only). */
const keyToken = (value: unknown): string => `x${Buffer.from(JSON.stringify(value ?? null)).toString('hex')}`;

function valueAt(doc: Doc, path: string): unknown {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * Characters of each field the index reads: the first 256 KB (UTF-16 units). FTS5 spends the event loop's time on every
 * distinct word it writes, synchronously: a 5 MB save of distinct words held every request up for seconds (two
 * documents per save, the script and its version), while 256 KB of them costs at most tens of milliseconds. Words
 * past it are not found by search (docs/decisions.md, "Full-text index reads the first 256 KB of a text").
 */
export const INDEXED_CHARS_MAX = 256 * 1024;

/** A field's text as the index sees it: a string, or the strings of an array (MongoDB indexes both); else nothing. */
export function textOf(doc: Doc, field: string): string {
  const node = valueAt(doc, field);
  const text = typeof node === 'string' ? node : Array.isArray(node) ? node.filter((v): v is string => typeof v === 'string').join('\n') : '';
  return text.length > INDEXED_CHARS_MAX ? text.slice(0, INDEXED_CHARS_MAX) : text;
}

/** Whether a document's index row differs between two versions of it (so the row must be rewritten). */
export function rowDiffers(index: TextIndex, before: Doc | undefined, after: Doc | null): boolean {
  if (!before || !after) return true;
  const values = rowValues(index, after);
  return rowValues(index, before).some((value, i) => value !== values[i]);
}

/**
 * An FTS5 query: each key the filter fixes by equality (a string or a number) in its own column, then every word,
 * each quoted (a phrase of one token), in the text columns only: `p0 : "x…" AND {t0 t1} : ("players" "getservice")`.
 */
export function matchExpression(index: TextIndex, words: string[], filter: Filter): string {
  for (const word of words) if (!isSearchWord(word)) throw new Error(`not a search word: ${JSON.stringify(word)}`);
  const clauses: string[] = [];
  index.keys.forEach((key, i) => {
    const condition = filter[key];
    const value = isPlain(condition) && Object.keys(condition).length === 1 && '$eq' in condition ? condition.$eq : condition;
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) clauses.push(`p${i} : "${keyToken(value)}"`);
  });
  const textColumns = index.fields.map((_, i) => `t${i}`).join(' ');
  clauses.push(`{${textColumns}} : (${words.map((word) => `"${word}"`).join(' ')})`);
  return clauses.join(' AND ');
}

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
