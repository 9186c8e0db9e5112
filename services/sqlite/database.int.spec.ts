import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDatabase } from './database';

/** What the embedded stores rely on from the binding: nested transactions as savepoints, bigints, pragmas, opening. */

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function table(): { db: SqliteDatabase; insert: (n: number) => void; rows: () => number[] } {
  const db = new SqliteDatabase(':memory:');
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
  const insert = db.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
  const all = db.prepare<[], { n: number }>('SELECT n FROM t ORDER BY n');
  return { db, insert: (n) => insert.run(n), rows: () => all.all().map((r) => r.n) };
}

describe('SqliteDatabase transactions', () => {
  it('commits what the function wrote and rolls all of it back when it throws', () => {
    const { db, insert, rows } = table();
    db.transaction(() => insert(1))();
    expect(() =>
      db.transaction(() => {
        insert(2);
        throw new Error('no');
      })(),
    ).toThrow('no');
    expect(rows()).toEqual([1]);
    expect(db.inTransaction).toBe(false);
  });

  it('runs a transaction inside another as a savepoint: a failing inner one rolls back alone', () => {
    const { db, insert, rows } = table();
    const inner = db.transaction((n: number) => {
      insert(n);
      if (n === 2) throw new Error('refused');
      return n;
    });
    const outcomes = db.transaction(() =>
      [1, 2, 3].map((n) => {
        try {
          return inner(n);
        } catch {
          return null;
        }
      }),
    ).immediate();
    expect(outcomes).toEqual([1, null, 3]);
    expect(rows()).toEqual([1, 3]);
  });

  it('an outer failure undoes inner savepoints that were released', () => {
    const { db, insert, rows } = table();
    const inner = db.transaction((n: number) => insert(n));
    expect(() =>
      db.transaction(() => {
        inner(1);
        inner(2);
        throw new Error('outer');
      })(),
    ).toThrow('outer');
    expect(rows()).toEqual([]);
  });

  it('a constraint failure inside a savepoint leaves the outer transaction usable', () => {
    const { db, insert, rows } = table();
    db.transaction(() => {
      insert(1);
      expect(() => db.transaction(() => insert(1))()).toThrow(/UNIQUE/);
      insert(2);
    })();
    expect(rows()).toEqual([1, 2]);
  });
});

describe('SqliteDatabase statements and opening', () => {
  it('reads integers as bigint on request and rows as arrays on request', () => {
    const db = new SqliteDatabase(':memory:');
    expect(db.prepare<[], { big: bigint }>('SELECT 9007199254740993 AS big').safeIntegers().get()).toEqual({ big: 9007199254740993n });
    expect(db.prepare('SELECT 1, 2').raw().all()).toEqual([[1, 2]]);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    db.close();
    db.close(); // twice is fine
    expect(db.open).toBe(false);
  });

  it('opens a file in WAL mode, and refuses a missing file when it must exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-db-'));
    dirs.push(dir);
    const file = join(dir, 'data.sqlite');
    expect(() => new SqliteDatabase(file, { fileMustExist: true })).toThrow(/no SQLite file/);
    const db = new SqliteDatabase(file);
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    expect(db.memory).toBe(false);
    db.close();
    const again = new SqliteDatabase(file, { fileMustExist: true, readOnly: true });
    expect(() => again.exec('CREATE TABLE x (y)')).toThrow(/readonly/);
    again.close();
  });
});
