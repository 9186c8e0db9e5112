import Database from 'better-sqlite3';
import type { Lease } from './lease';

/** The embedded default's lease: a row in its own SQLite file, taken in an IMMEDIATE transaction (one writer across processes). */
export function openSqliteLease(filePath: string, now: () => number = Date.now): Lease {
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL)');
  const read = db.prepare<[string], { holder: string; expires_at: number }>('SELECT holder, expires_at FROM leases WHERE name = ?');
  const write = db.prepare('INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at');
  const remove = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  const acquire = db.transaction((name: string, holder: string, ttlMs: number) => {
    const current = read.get(name);
    const at = now();
    if (current && current.holder !== holder && current.expires_at > at) return false;
    write.run(name, holder, at + ttlMs);
    return true;
  });
  return {
    async tryAcquire(name, holder, ttlMs) {
      return acquire.immediate(name, holder, ttlMs);
    },
    async release(name, holder) {
      remove.run(name, holder);
    },
    async close() {
      db.close();
    },
  };
}
