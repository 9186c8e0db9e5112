import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../services/sqlite/database';

/**
 * The SQLite binding decision (docs/decisions.md, "SQLite binding"), measured: the event log's and the read store's
 * own statements run on `node:sqlite` (through services/sqlite, as the product runs it) and on better-sqlite3 13, in
 * alternating rounds in one process. better-sqlite3 is no dependency of LuaVault: point `BENCH_BETTER_SQLITE3` at an
 * installed copy (a folder holding `node_modules/better-sqlite3`), else this part is skipped with one line.
 *   saves    4 KB events appended the event log's way: 50 appends per group commit, each in a savepoint that reads
 *            its stream head first; WAL, synchronous=FULL (an fsync per commit)
 *   read     a plain read of that log, 1,000 rows a page, positions as bigint (the rebuild's baseline)
 *   rebuild  each event read, then its document upserted into a read-model table, 1,000 per transaction
 */

interface Stmt {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  iterate(...params: unknown[]): IterableIterator<unknown>;
}
interface Db {
  exec(sql: string): void;
  prepare(sql: string, bigints?: boolean): Stmt;
  transaction(fn: () => void, immediate?: boolean): void;
  close(): void;
}

type Binding = { name: string; open(file: string): Db };

const nodeSqlite: Binding = {
  name: 'node:sqlite',
  open(file) {
    const db = new SqliteDatabase(file);
    return {
      exec: (sql) => db.exec(sql),
      prepare: (sql, bigints) => {
        const statement = db.prepare<unknown[], unknown>(sql);
        return bigints ? statement.safeIntegers(true) : statement;
      },
      transaction: (fn, immediate) => (immediate ? db.transaction(fn).immediate() : db.transaction(fn)()),
      close: () => db.close(),
    };
  },
};

function betterSqlite3(): Binding | null {
  const from = process.env.BENCH_BETTER_SQLITE3;
  if (!from) return null;
  type Native = {
    exec(sql: string): void;
    prepare(sql: string): Stmt & { safeIntegers(on: boolean): Stmt };
    transaction(fn: () => void): (() => void) & { immediate(): void };
    close(): void;
  };
  const Database = createRequire(join(from, 'noop.js'))('better-sqlite3') as new (file: string) => Native;
  return {
    name: 'better-sqlite3',
    open(file) {
      const db = new Database(file);
      return {
        exec: (sql) => db.exec(sql),
        prepare: (sql, bigints) => (bigints ? db.prepare(sql).safeIntegers(true) : db.prepare(sql)),
        transaction: (fn, immediate) => (immediate ? db.transaction(fn).immediate() : db.transaction(fn)()),
        close: () => db.close(),
      };
    },
  };
}

const PAYLOAD = JSON.stringify({ content: 'x'.repeat(4096) });
const META = JSON.stringify({ actorId: 'u1', at: '2026-12-01T00:00:00.000Z' });

function appendSaves(db: Db, count: number): number {
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
    CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, revision INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream, revision))`);
  const head = db.prepare('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1', true);
  const insert = db.prepare('INSERT INTO events (stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)');
  const started = performance.now();
  for (let done = 0; done < count; done += 50) {
    db.transaction(() => {
      for (let i = done; i < Math.min(done + 50, count); i++) {
        db.transaction(() => {
          const stream = `script-${i % 500}`;
          const current = (head.get(stream) as { revision: bigint } | undefined)?.revision ?? -1n;
          insert.run(stream, current + 1n, 'ScriptSaved', PAYLOAD, META);
        });
      }
    }, true);
  }
  return count / ((performance.now() - started) / 1000);
}

function readLog(db: Db): number {
  const page = db.prepare('SELECT position, stream, revision, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT 1000', true);
  let last = 0n;
  let count = 0;
  const started = performance.now();
  for (;;) {
    let rows = 0;
    for (const row of page.iterate(last) as IterableIterator<{ position: bigint }>) {
      last = row.position;
      rows++;
    }
    count += rows;
    if (rows < 1000) break;
  }
  return count / ((performance.now() - started) / 1000);
}

function rebuild(db: Db): number {
  db.exec(`PRAGMA synchronous = NORMAL; CREATE TABLE docs (id TEXT PRIMARY KEY, doc TEXT NOT NULL, position TEXT NOT NULL)`);
  const page = db.prepare('SELECT position, stream, revision, data FROM events WHERE position > ? ORDER BY position LIMIT 1000', true);
  const upsert = db.prepare('INSERT INTO docs (id, doc, position) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position');
  let last = 0n;
  let count = 0;
  const started = performance.now();
  for (;;) {
    const rows = [...(page.iterate(last) as IterableIterator<{ position: bigint; stream: string; revision: bigint; data: string }>)];
    db.transaction(() => {
      for (const row of rows) {
        const doc = { _id: row.stream, version: Number(row.revision) + 1, ...(JSON.parse(row.data) as object) };
        upsert.run(row.stream, JSON.stringify(doc), row.position.toString());
      }
    });
    count += rows.length;
    if (rows.length < 1000) break;
    last = rows[rows.length - 1]!.position;
  }
  return count / ((performance.now() - started) / 1000);
}

export interface BindingFigures {
  name: string;
  savesPerSecond: number;
  readPerSecond: number;
  rebuildPerSecond: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians over `rounds` alternating rounds per binding; null when better-sqlite3 is not installed for the bench. */
export function measureSqliteBindings(events: number, rounds: number): BindingFigures[] | null {
  const other = betterSqlite3();
  if (!other) return null;
  const bindings = [nodeSqlite, other];
  const samples = new Map(bindings.map((b) => [b.name, { saves: [] as number[], read: [] as number[], rebuild: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    for (const binding of round % 2 === 0 ? bindings : [...bindings].reverse()) {
      const dir = mkdtempSync(join(tmpdir(), 'luavault-bindings-'));
      const db = binding.open(join(dir, 'log.sqlite'));
      try {
        const s = samples.get(binding.name)!;
        s.saves.push(appendSaves(db, events));
        s.read.push(readLog(db));
        s.rebuild.push(rebuild(db));
      } finally {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return bindings.map((b) => {
    const s = samples.get(b.name)!;
    return { name: b.name, savesPerSecond: median(s.saves), readPerSecond: median(s.read), rebuildPerSecond: median(s.rebuild) };
  });
}
