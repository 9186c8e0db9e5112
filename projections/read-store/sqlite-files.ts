import { closeSync, fsyncSync, openSync } from 'node:fs';
import { SqliteDatabase } from '../../services/sqlite/database';

/** Folds `file`'s WAL into it, so the file alone holds every committed write before it is moved. */
export function settleWal(file: string): void {
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** A rename is durable once its directory is. */
export function syncDirectory(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // not every platform opens directories; the read models can be rebuilt from the log in any case
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
