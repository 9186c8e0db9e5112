import { SqliteDatabase } from './database';

/** A real SQLite error of the given kind, as the binding throws it (for tests of what callers answer to it). */
export function sqliteError(kind: 'full' | 'constraint'): Error {
  const db = new SqliteDatabase(':memory:');
  try {
    if (kind === 'full') {
      db.exec('PRAGMA max_page_count = 2; CREATE TABLE t (x)');
      db.exec("INSERT INTO t VALUES (zeroblob(100000))");
    } else {
      db.exec('CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1); INSERT INTO t VALUES (1)');
    }
  } catch (error) {
    return error as Error;
  } finally {
    db.close();
  }
  throw new Error(`SQLite raised no ${kind} error`);
}

/** SQLITE_IOERR_WRITE as the binding reports it (a failed write cannot be provoked portably). */
export const sqliteIoError = (): Error => Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR', errcode: 778, errstr: 'disk I/O error' });
