import type { Doc } from './read-store';

/** How the embedded read store lays a document out in its table row, and the SQL that reads it back. */

/**
 * A document's top-level `content` text (script and version texts: nearly all the bytes the read models hold) is
 * stored in a column of its own beside the rest of the document's JSON. Reads that leave it out (lists, a script's
 * fields, search pages) never touch it, and writing or reading it costs no JSON escaping or parsing of the text.
 * Documents stored before this keep their text inline in `doc` (its column NULL) until rewritten; both read the same.
 */
export const DETACHED = 'content';

export interface StoredDoc {
  doc: string;
  content: string | null;
}

export function toStored(doc: Doc): StoredDoc {
  const text = doc[DETACHED];
  if (typeof text !== 'string') return { doc: JSON.stringify(doc), content: null };
  const { [DETACHED]: _detached, ...rest } = doc;
  return { doc: JSON.stringify(rest), content: text };
}

export function fromStored(row: StoredDoc): Doc {
  const doc = JSON.parse(row.doc) as Doc;
  if (row.content !== null) doc[DETACHED] = row.content;
  return doc;
}

export const storedLength = (row: StoredDoc) => row.doc.length + (row.content?.length ?? 0);

/** The select list of a document without the top-level `fields`: the detached text is not read at all. */
export function withoutFields(fields: string[]): string {
  const paths = (names: string[]) => names.map((field) => `'$."${field}"'`).join(', ');
  if (!fields.includes(DETACHED)) return `json_remove(doc, ${paths(fields)}) AS doc, content`;
  const others = fields.filter((field) => field !== DETACHED);
  const detached = others.length > 0 ? `json_remove(doc, ${paths(others)})` : 'doc';
  return `CASE WHEN content IS NULL THEN json_remove(doc, ${paths(fields)}) ELSE ${detached} END AS doc, NULL AS content`;
}

/**
 * The select list of a stored document (`doc`, `content`), its text `prefix.field` cut to its first `prefix.chars`
 * characters: the detached text with `substr` on its column, a text inside the JSON (another field, or a document
 * stored before texts were detached) inside the JSON.
 */
export function storedColumns(table: string, prefix?: { field: string; chars: number }): { sql: string; params: number[] } {
  if (!prefix) return { sql: `${table}.doc AS doc, ${table}.content AS content`, params: [] };
  const path = `'$."${prefix.field}"'`;
  const doc = `${table}.doc`;
  const inline = `CASE WHEN json_type(${doc}, ${path}) = 'text' THEN json_set(${doc}, ${path}, substr(json_extract(${doc}, ${path}), 1, ?)) ELSE ${doc} END`;
  if (prefix.field !== DETACHED) return { sql: `${inline} AS doc, ${table}.content AS content`, params: [prefix.chars] };
  return {
    sql: `CASE WHEN ${table}.content IS NULL THEN ${inline} ELSE ${doc} END AS doc, substr(${table}.content, 1, ?) AS content`,
    params: [prefix.chars, prefix.chars],
  };
}
