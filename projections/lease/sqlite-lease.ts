import { SqliteDatabase } from '../../services/sqlite/database';
import type { Lease, SwapRequest, SwapState } from './lease';

/** The embedded default's lease: a row in its own SQLite file, taken in an IMMEDIATE transaction (one writer across processes). */
export function openSqliteLease(filePath: string, now: () => number = Date.now): Lease {
  const db = new SqliteDatabase(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS swaps (name TEXT PRIMARY KEY, id TEXT NOT NULL, requester TEXT NOT NULL, source TEXT NOT NULL, state TEXT NOT NULL, detail TEXT);
  `);
  const read = db.prepare<[string], { holder: string; expires_at: number }>('SELECT holder, expires_at FROM leases WHERE name = ?');
  const write = db.prepare('INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at');
  const remove = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  const putSwap = db.prepare(
    "INSERT INTO swaps (name, id, requester, source, state, detail) VALUES (?, ?, ?, ?, 'requested', NULL) ON CONFLICT(name) DO UPDATE SET id = excluded.id, requester = excluded.requester, source = excluded.source, state = 'requested', detail = NULL",
  );
  const readSwap = db.prepare<[string], { id: string; requester: string; source: string; state: SwapState; detail: string | null }>(
    'SELECT id, requester, source, state, detail FROM swaps WHERE name = ?',
  );
  const move = db.prepare('UPDATE swaps SET state = ?, detail = ? WHERE name = ? AND id = ? AND state = ?');
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
    async currentHolder(name) {
      const current = read.get(name);
      return current && current.expires_at > now() ? current.holder : null;
    },
    async requestSwap(name, request: SwapRequest) {
      putSwap.run(name, request.id, request.requester, request.source);
    },
    async pendingSwap(name) {
      const swap = readSwap.get(name);
      return swap?.state === 'requested' ? { id: swap.id, requester: swap.requester, source: swap.source } : null;
    },
    async moveSwap(name, id, from, to, detail) {
      return move.run(to, detail ?? null, name, id, from).changes === 1;
    },
    async swapStatus(name, id) {
      const swap = readSwap.get(name);
      return swap && swap.id === id ? { state: swap.state, detail: swap.detail } : null;
    },
    async close() {
      db.close();
    },
  };
}
