import type { SqliteDatabase, Statement } from '../../services/sqlite/database';
import type { TextIndex } from './fts';

/**
 * Deferred full-text indexing for the embedded read store. A small write (a live save) to a text-indexed document
 * does not touch FTS5: it marks the document's rowid stale, in a queue table of the same transaction (so a crash
 * loses nothing: the queue commits or rolls back with the document). The queue is drained later in bulk, before any
 * text search of the collection (a search still finds what was just saved) and in the background between projector
 * batches. A bulk write (a catch-up batch) indexes at once, settling any rowid it finds queued.
 * Why: FTS5 was the largest cost of a save (about a fifth of its CPU, docs/performance.md), paid inside the save's
 * read-your-writes wait; drained in bulk, a script saved ten times between two drains is indexed once, and each drain
 * writes one FTS5 segment instead of one per projector batch.
 *
 * A queued rowid remembers whether FTS5 held a row for it when it was first queued (`indexed`): the drain deletes
 * that row (contentless FTS5 deletes by rowid only) and indexes the document now at the rowid, if any.
 */
export const queueTableOf = (index: TextIndex) => `${index.table}_stale`;

export function createQueueTable(db: SqliteDatabase, index: TextIndex): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${queueTableOf(index)} (rowid INTEGER PRIMARY KEY, indexed INTEGER NOT NULL)`);
}

export interface QueueSql {
  /** queues a rowid; one already queued keeps its `indexed` (what FTS5 holds is what it held when first queued) */
  mark: Statement<[number, number]>;
  rows: Statement<[number], { rowid: number; indexed: number }>;
  indexedOf: Statement<[number], { indexed: number }>;
  unmark: Statement<[number]>;
}

export function queueSql(db: SqliteDatabase, index: TextIndex): QueueSql {
  const table = queueTableOf(index);
  return {
    mark: db.prepare(`INSERT INTO ${table} (rowid, indexed) VALUES (?, ?) ON CONFLICT (rowid) DO NOTHING`),
    rows: db.prepare(`SELECT rowid, indexed FROM ${table} ORDER BY rowid LIMIT ?`),
    indexedOf: db.prepare(`SELECT indexed FROM ${table} WHERE rowid = ?`),
    unmark: db.prepare(`DELETE FROM ${table} WHERE rowid = ?`),
  };
}

/**
 * The FTS row values of documents queued by this process, so a drain need not read and parse them back (null: the
 * document is gone). Bounded by the text it holds: past `MAX_REMEMBERED_CHARS` (a catch-up outrunning the drain, or
 * huge scripts) it forgets all, and the drain reads those documents from their table. Only ever a shortcut: it must
 * be cleared whenever a transaction that wrote it rolls back.
 */
export class QueuedValues {
  private readonly values = new Map<string, Map<number, string[] | null>>();
  private chars = 0;

  remember(table: string, rowid: number, row: string[] | null): void {
    let byRowid = this.values.get(table);
    const earlier = byRowid?.get(rowid);
    if (earlier !== undefined) this.chars -= lengthOf(earlier);
    byRowid?.delete(rowid);
    const length = lengthOf(row);
    if (this.chars + length > MAX_REMEMBERED_CHARS) {
      this.clear();
      byRowid = undefined;
    }
    if (length > MAX_REMEMBERED_CHARS) return;
    if (!byRowid) this.values.set(table, (byRowid = new Map()));
    byRowid.set(rowid, row);
    this.chars += length;
  }

  /** undefined: not remembered (read the document) */
  take(table: string, rowid: number): string[] | null | undefined {
    const byRowid = this.values.get(table);
    const row = byRowid?.get(rowid);
    if (row !== undefined) {
      byRowid!.delete(rowid);
      this.chars -= lengthOf(row);
    }
    return row;
  }

  clear(): void {
    this.values.clear();
    this.chars = 0;
  }
}

const lengthOf = (row: string[] | null) => (row ? row.reduce((sum, value) => sum + value.length, 0) : 0);

/** About 32 MB of UTF-16 text at most: seconds of saves of 4 KB scripts, or three of the largest (5 MB) scripts. */
const MAX_REMEMBERED_CHARS = 16 * 1024 * 1024;
