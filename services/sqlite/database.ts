import { existsSync } from 'node:fs';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { nodeSqlite } from './node-sqlite';

/**
 * Node's own SQLite binding (`node:sqlite`), behind the few things every SQLite user here needs: typed statements,
 * pragmas, and transactions that nest as savepoints. Chosen over better-sqlite3, whose native addon aborts Node 24
 * processes (docs/decisions.md, "SQLite binding"). The statement wrapper is one call deep: measured in `npm run bench`.
 */

/** SQLite's default would be to fail at once when another connection holds the write lock. */
const BUSY_TIMEOUT_MS = 5000;
/**
 * Page cache per connection, in KiB: node:sqlite is built with SQLite's 2 MB default, better-sqlite3 (what every
 * store here was measured with) with 16 MB. A store that wants another size sets its own after opening.
 */
const CACHE_KIB = 16_000;

export interface OpenOptions {
  /** refuse to create the file (a worker or a settle step must never make an empty database by mistake) */
  fileMustExist?: boolean;
  readOnly?: boolean;
}

export interface RunResult {
  changes: number | bigint;
  lastInsertRowid: number | bigint;
}

/** A prepared statement whose parameters and rows are typed by the caller. */
export class Statement<P extends unknown[] = unknown[], R = unknown> {
  constructor(private readonly native: StatementSync) {}

  /** INTEGER columns as bigint (positions and revisions of the event log). */
  safeIntegers(on = true): this {
    this.native.setReadBigInts(on);
    return this;
  }

  /** Rows as arrays of column values, in select order. */
  raw(on = true): this {
    this.native.setReturnArrays(on);
    return this;
  }

  run(...params: P): RunResult {
    return this.native.run(...(params as SQLInputValue[]));
  }

  get(...params: P): R | undefined {
    return this.native.get(...(params as SQLInputValue[])) as R | undefined;
  }

  all(...params: P): R[] {
    return this.native.all(...(params as SQLInputValue[])) as R[];
  }

  iterate(...params: P): IterableIterator<R> {
    return this.native.iterate(...(params as SQLInputValue[])) as unknown as IterableIterator<R>;
  }
}

/** A function run in a transaction: plain calls begin a deferred one, `immediate` takes the write lock first. */
export interface Transaction<A extends unknown[], T> {
  (...args: A): T;
  immediate(...args: A): T;
}

export class SqliteDatabase {
  readonly name: string;
  /** an in-memory database: no file, so no WAL, no worker connections */
  readonly memory: boolean;
  private readonly native: DatabaseSync;
  private control: { begin: StatementSync; beginImmediate: StatementSync; commit: StatementSync; rollback: StatementSync; savepoint: StatementSync; release: StatementSync; rollbackTo: StatementSync } | null = null;

  constructor(file: string, options: OpenOptions = {}) {
    this.name = file;
    this.memory = file === ':memory:' || file === '';
    if (options.fileMustExist && !this.memory && !existsSync(file)) throw new Error(`no SQLite file at ${file}`);
    this.native = new nodeSqlite.DatabaseSync(file, { readOnly: options.readOnly ?? false, timeout: BUSY_TIMEOUT_MS });
    this.native.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  }

  get open(): boolean {
    return this.native.isOpen;
  }

  get inTransaction(): boolean {
    return this.native.isTransaction;
  }

  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> {
    return new Statement<P, R>(this.native.prepare(sql));
  }

  exec(sql: string): void {
    this.native.exec(sql);
  }

  /** Runs `PRAGMA <source>`; `simple`: the first column of the first row, else every row. */
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.native.prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
    if (!options.simple) return rows;
    const first = rows[0];
    return first === undefined ? undefined : Object.values(first)[0];
  }

  /**
   * `fn` in a transaction: committed when it returns, rolled back when it throws. Called inside another transaction it
   * runs in a SAVEPOINT, so a failure rolls back only its own writes (the event log's group commit relies on that).
   */
  transaction<A extends unknown[], T>(fn: (...args: A) => T): Transaction<A, T> {
    const run = (immediate: boolean, args: A): T => {
      const sql = (this.control ??= this.prepareControl());
      const nested = this.native.isTransaction;
      (nested ? sql.savepoint : immediate ? sql.beginImmediate : sql.begin).run();
      try {
        const result = fn(...args);
        (nested ? sql.release : sql.commit).run();
        return result;
      } catch (error) {
        // SQLite may already have rolled the whole transaction back itself (a full disk, an I/O error).
        if (this.native.isTransaction) {
          if (nested) {
            sql.rollbackTo.run();
            sql.release.run();
          } else sql.rollback.run();
        }
        throw error;
      }
    };
    const transaction = ((...args: A) => run(false, args)) as Transaction<A, T>;
    transaction.immediate = (...args: A) => run(true, args);
    return transaction;
  }

  /** Idempotent, like closing a file twice should be. */
  close(): void {
    if (this.native.isOpen) this.native.close();
  }

  private prepareControl() {
    const prepare = (sql: string) => this.native.prepare(sql);
    return {
      begin: prepare('BEGIN'),
      beginImmediate: prepare('BEGIN IMMEDIATE'),
      commit: prepare('COMMIT'),
      rollback: prepare('ROLLBACK'),
      savepoint: prepare('SAVEPOINT nested'),
      release: prepare('RELEASE nested'),
      rollbackTo: prepare('ROLLBACK TO nested'),
    };
  }
}
