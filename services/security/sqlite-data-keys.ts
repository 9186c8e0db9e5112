import { SqliteDatabase, Statement } from '../sqlite/database';
import { DataKeyDestroyedError, newDataKey, type DataKeyStore } from './data-keys';

interface KeyRow {
  /** node:sqlite reads a BLOB as a plain Uint8Array */
  key: Uint8Array | null;
}

interface ColumnRow {
  name: string;
}

const asBuffer = (key: Uint8Array): Buffer => Buffer.from(key.buffer, key.byteOffset, key.byteLength);

/**
 * Data keys in their own small SQLite file next to the event log (DATA_DIR, 0600 like every data file). A destroyed
 * key's row keeps only a tombstone; `secure_delete` makes SQLite overwrite the freed bytes instead of leaving them in
 * the file's free pages, and the rollback journal (not WAL) keeps no old copy of the page once the write commits.
 */
export class SqliteDataKeyStore implements DataKeyStore {
  private readonly db: SqliteDatabase;
  private readonly stmts: {
    get: Statement<[string], KeyRow>;
    insert: Statement<[string, Buffer, string, string | null]>;
    destroy: Statement<[{ owner: string; at: string }]>;
    destroyBelonging: Statement<[{ owner: string; at: string }]>;
  };

  constructor(filePath: string) {
    this.db = new SqliteDatabase(filePath);
    this.db.pragma('journal_mode = DELETE');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS data_keys (
        owner_id     TEXT PRIMARY KEY,
        key          BLOB,
        created_at   TEXT NOT NULL,
        destroyed_at TEXT
      )
    `);
    // Script keys belong to an account (added with them: a file from before has only account keys).
    const columns = this.db.prepare<[], ColumnRow>('PRAGMA table_info(data_keys)').all();
    if (!columns.some((c) => c.name === 'account_id')) this.db.exec('ALTER TABLE data_keys ADD COLUMN account_id TEXT');
    this.db.exec('CREATE INDEX IF NOT EXISTS data_keys_account ON data_keys (account_id) WHERE account_id IS NOT NULL');
    this.stmts = {
      get: this.db.prepare<[string], KeyRow>('SELECT key FROM data_keys WHERE owner_id = ?'),
      insert: this.db.prepare<[string, Buffer, string, string | null]>('INSERT OR IGNORE INTO data_keys (owner_id, key, created_at, account_id) VALUES (?, ?, ?, ?)'),
      destroy: this.db.prepare<[{ owner: string; at: string }]>(
        `INSERT INTO data_keys (owner_id, key, created_at, destroyed_at) VALUES (@owner, NULL, @at, @at)
         ON CONFLICT (owner_id) DO UPDATE SET key = NULL, destroyed_at = @at`,
      ),
      destroyBelonging: this.db.prepare<[{ owner: string; at: string }]>(
        'UPDATE data_keys SET key = NULL, destroyed_at = @at WHERE account_id = @owner AND key IS NOT NULL',
      ),
    };
  }

  async keyFor(ownerId: string, account?: string): Promise<Buffer> {
    let row = this.stmts.get.get(ownerId);
    if (!row) {
      // No new key for a deleted account's script: its deletion may already have swept the account's keys.
      const accountRow = account === undefined ? undefined : this.stmts.get.get(account);
      if (accountRow && !accountRow.key) throw new DataKeyDestroyedError(account!);
      // INSERT OR IGNORE then read: whoever inserted first (this or another process) wins, both use that key.
      this.stmts.insert.run(ownerId, newDataKey(), new Date().toISOString(), account ?? null);
      row = this.stmts.get.get(ownerId);
    }
    if (!row?.key) throw new DataKeyDestroyedError(ownerId);
    return asBuffer(row.key);
  }

  async find(ownerId: string): Promise<Buffer | null> {
    const key = this.stmts.get.get(ownerId)?.key;
    return key ? asBuffer(key) : null;
  }

  async destroy(ownerId: string): Promise<void> {
    const at = new Date().toISOString();
    // One transaction: the account's tombstone and its script keys' go together.
    this.db.transaction(() => {
      this.stmts.destroy.run({ owner: ownerId, at });
      this.stmts.destroyBelonging.run({ owner: ownerId, at });
    })();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

export const openSqliteDataKeyStore = (filePath: string): DataKeyStore => new SqliteDataKeyStore(filePath);
