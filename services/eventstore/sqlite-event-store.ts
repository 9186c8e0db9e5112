import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { SqliteDatabase, Statement } from '../sqlite/database';
import { isOutOfSpace, StorageFullError, WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventMetadata } from '../domain/shared/events';
import type { AppendResult, EventHeader, EventStore, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent } from './event-store';
import { startWalCheckpointer, type WalCheckpointer } from '../sqlite/wal-checkpointer';

/**
 * The embedded default event store: one SQLite file (node:sqlite, WAL, `synchronous=FULL`).
 *
 * - `position` is the table's AUTOINCREMENT rowid: the global position, from 1, never reused.
 *   SQLite has a single writer and the rowid is taken inside the write transaction, so a reader
 *   never sees position N+1 committed before N: paging `WHERE position > ?` cannot skip an event.
 * - Appends are group-committed: every append issued before the next `setImmediate` turn shares
 *   one `BEGIN IMMEDIATE` transaction (one fsync). Each append runs in its own SAVEPOINT, so a
 *   revision conflict rejects only that append. A promise resolves only after COMMIT returned,
 *   i.e. after the WAL was fsynced: an acknowledged append survives `kill -9` and power loss.
 * - Subscribers page through the log (catch-up), then wait for an in-process notification or a
 *   short poll (another process may append to the same file).
 */

const PAGE_SIZE = 1000;
/**
 * Stored text one subscription page holds at most (past its first event): a page of a thousand 5 MB saves would
 * otherwise be several GB read at once, and a server whose log holds such a run could not project it at start.
 */
const PAGE_BYTES = 8 * 1024 * 1024;
const POLL_INTERVAL_MS = 50;

/** One notifier per process, keyed by absolute file path: every store instance on a file wakes every subscriber on it. */
const notifier = new EventEmitter();
notifier.setMaxListeners(0);

interface EventRow {
  position: bigint;
  stream: string;
  revision: bigint;
  type: string;
  data: string;
  metadata: string;
}

type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  private readonly key: string;
  private readonly stmts: {
    streamHead: Statement<[string], { revision: bigint; position: bigint }>;
    insert: Statement<[string, bigint, string, string, string]>;
    readStream: Statement<[string, bigint, number], EventRow>;
    readStreamHeaders: Statement<[string, bigint, number], Omit<EventRow, 'data'>>;
    readAfter: Statement<[bigint, number], EventRow>;
    head: Statement<[], { position: bigint }>;
  };
  private readonly appendOne: (item: PendingAppend) => AppendResult;
  private readonly commitBatch: (batch: PendingAppend[]) => AppendOutcome[];
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private closed = false;
  private readonly checkpointer: WalCheckpointer | null;

  private readonly pageBytes: number;

  constructor(filePath: string, options: { backgroundCheckpoints?: boolean; pageBytes?: number } = {}) {
    this.key = resolve(filePath);
    this.pageBytes = options.pageBytes ?? PAGE_BYTES;
    this.db = new SqliteDatabase(filePath);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // The server's log checkpoints its WAL on a worker thread, not inside an append's commit (wal-checkpointer.ts).
    this.checkpointer = this.db.memory || !options.backgroundCheckpoints ? null : startWalCheckpointer(this.key, { synchronous: 'FULL' });
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        stream   TEXT    NOT NULL,
        revision INTEGER NOT NULL,
        type     TEXT    NOT NULL,
        data     TEXT    NOT NULL,
        metadata TEXT    NOT NULL,
        UNIQUE (stream, revision)
      )
    `);
    this.stmts = {
      streamHead: this.db
        .prepare<[string], { revision: bigint; position: bigint }>(
          'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
        )
        .safeIntegers(true),
      insert: this.db.prepare<[string, bigint, string, string, string]>(
        'INSERT INTO events (stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
      ),
      readStream: this.db
        .prepare<[string, bigint, number], EventRow>(
          'SELECT position, stream, revision, type, data, metadata FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
        )
        .safeIntegers(true),
      readStreamHeaders: this.db
        .prepare<[string, bigint, number], Omit<EventRow, 'data'>>(
          'SELECT position, stream, revision, type, metadata FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
        )
        .safeIntegers(true),
      readAfter: this.db
        .prepare<[bigint, number], EventRow>(
          'SELECT position, stream, revision, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
        )
        .safeIntegers(true),
      head: this.db.prepare<[], { position: bigint }>('SELECT position FROM events ORDER BY position DESC LIMIT 1').safeIntegers(true),
    };

    // Nested transactions become SAVEPOINTs: a failing append rolls back alone.
    this.appendOne = this.db.transaction((item: PendingAppend) => this.writeAppend(item));
    const batchTx = this.db.transaction((batch: PendingAppend[]) =>
      batch.map((item): AppendOutcome => {
        try {
          return { ok: true, result: this.appendOne(item) };
        } catch (error) {
          // Out of space (or an I/O error), SQLite may have rolled back the whole transaction already: an append
          // after it would run in a transaction of its own and commit while the batch reports failure. Fail the batch.
          if (isOutOfSpace(error) || !this.db.inTransaction) throw error;
          return { ok: false, error };
        }
      }),
    );
    this.commitBatch = (batch) => batchTx.immediate(batch);
  }

  appendToStream(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('SqliteEventStore is closed'));
    return new Promise<AppendResult>((resolvePromise, rejectPromise) => {
      this.queue.push({ stream, events, expectedRevision: options.expectedRevision, resolve: resolvePromise, reject: rejectPromise });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    // LIMIT -1: no limit
    return this.stmts.readStream.all(stream, options.fromRevision ?? 0n, options.maxCount ?? -1).map(toRecorded);
  }

  async readStreamHeaders(stream: string, options: ReadStreamOptions = {}): Promise<EventHeader[]> {
    return this.stmts.readStreamHeaders.all(stream, options.fromRevision ?? 0n, options.maxCount ?? -1).map(toHeader);
  }

  async *subscribeToAll(options: { fromPosition: bigint | 'start'; signal: AbortSignal }): AsyncGenerator<RecordedEvent> {
    const { signal } = options;
    let last = options.fromPosition === 'start' ? 0n : options.fromPosition;
    while (!signal.aborted && !this.closed) {
      const { rows, full } = this.readPageAfter(last);
      for (const row of rows) {
        if (signal.aborted) return;
        last = row.position;
        yield toRecorded(row);
      }
      if (!full) await this.waitForAppend(signal);
    }
  }

  /**
   * The events after `after`, oldest first: at most `pageSize` of them, and no more once `pageBytes` of stored text
   * are read (always at least one). `full`: the page stopped at a limit, so more may follow at once.
   */
  readPageAfter(after: bigint, pageSize = PAGE_SIZE, pageBytes = this.pageBytes): { rows: EventRow[]; full: boolean } {
    const rows: EventRow[] = [];
    let bytes = 0;
    // Rows are collected synchronously and the statement is reset before anything is yielded: the connection is free
    // again for appends while the subscriber works.
    for (const row of this.stmts.readAfter.iterate(after, pageSize)) {
      rows.push(row);
      bytes += row.data.length + row.metadata.length;
      if (bytes >= pageBytes) return { rows, full: true };
    }
    return { rows, full: rows.length === pageSize };
  }

  async headPosition(): Promise<bigint> {
    return this.stmts.head.get()?.position ?? -1n;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    notifier.emit(this.key);
    await this.checkpointer?.stop();
    this.db.close();
  }

  private writeAppend({ stream, events, expectedRevision }: PendingAppend): AppendResult {
    const head = this.stmts.streamHead.get(stream);
    const current = head?.revision ?? -1n;
    if (!revisionMatches(expectedRevision, current)) {
      throw new WrongExpectedRevisionError(
        stream,
        typeof expectedRevision === 'bigint' ? expectedRevision.toString() : expectedRevision,
        current === -1n ? 'no_stream' : current.toString(),
      );
    }
    let revision = current;
    let position = head?.position ?? -1n;
    for (const event of events) {
      revision += 1n;
      const info = this.stmts.insert.run(
        stream,
        revision,
        event.type,
        JSON.stringify(event.data ?? null),
        JSON.stringify(event.metadata),
      );
      position = BigInt(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  }

  /** Commits every queued append in one transaction, then settles their promises. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.commitBatch(batch);
    } catch (error) {
      // The whole transaction failed (full disk, I/O error, SQLITE_BUSY past busy_timeout...): nothing was committed.
      const failure = isOutOfSpace(error) ? new StorageFullError() : error;
      for (const item of batch) item.reject(failure);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.result);
      else item.reject(outcome.error);
    });
    if (outcomes.some((o) => o.ok)) notifier.emit(this.key);
  }

  private waitForAppend(signal: AbortSignal): Promise<void> {
    return new Promise((resolvePromise) => {
      const done = () => {
        clearTimeout(timer);
        notifier.off(this.key, done);
        signal.removeEventListener('abort', done);
        resolvePromise();
      };
      const timer = setTimeout(done, POLL_INTERVAL_MS);
      notifier.on(this.key, done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

function revisionMatches(expected: ExpectedRevision, current: bigint): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === -1n;
    case 'stream_exists':
      return current >= 0n;
    default:
      return expected === current;
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  return { ...toHeader(row), data: JSON.parse(row.data) as unknown };
}

function toHeader(row: Omit<EventRow, 'data'>): EventHeader {
  return {
    streamName: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    metadata: JSON.parse(row.metadata) as EventMetadata,
  };
}

export function openSqliteEventStore(filePath: string, options: { backgroundCheckpoints?: boolean; pageBytes?: number } = {}): SqliteEventStore {
  return new SqliteEventStore(filePath, options);
}
