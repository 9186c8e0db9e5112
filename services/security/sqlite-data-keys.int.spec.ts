import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataKeyStoreContract } from './data-keys.contract';
import { openSqliteDataKeyStore } from './sqlite-data-keys';
import { scriptKeyId } from './data-keys';
import { SqliteDatabase } from '../sqlite/database';

dataKeyStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-keys-'));
  return { open: async () => openSqliteDataKeyStore(join(dir, 'data-keys.sqlite')), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('SQLite data keys on disk', () => {
  it('a destroyed key no longer appears anywhere in the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-keys-'));
    try {
      const file = join(dir, 'data-keys.sqlite');
      const store = openSqliteDataKeyStore(file);
      const key = await store.keyFor('u1');
      await store.close();
      expect(readFileSync(file).includes(key)).toBe(true);
      const again = openSqliteDataKeyStore(file);
      await again.destroy('u1');
      await again.close();
      expect(readFileSync(file).includes(key)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a destroyed script key, and those an account deletion destroys, leave the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-keys-'));
    try {
      const file = join(dir, 'data-keys.sqlite');
      const store = openSqliteDataKeyStore(file);
      const purged = await store.keyFor(scriptKeyId('s1'), 'u1');
      const kept = await store.keyFor(scriptKeyId('s2'), 'u1');
      await store.destroy(scriptKeyId('s1'));
      await store.close();
      expect(readFileSync(file).includes(purged)).toBe(false);
      expect(readFileSync(file).includes(kept)).toBe(true);
      const again = openSqliteDataKeyStore(file);
      await again.destroy('u1');
      await again.close();
      expect(readFileSync(file).includes(kept)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens a file from before script keys (no account column) and adds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-keys-'));
    try {
      const file = join(dir, 'data-keys.sqlite');
      const old = new SqliteDatabase(file);
      old.exec('CREATE TABLE data_keys (owner_id TEXT PRIMARY KEY, key BLOB, created_at TEXT NOT NULL, destroyed_at TEXT)');
      old.prepare<[string, Buffer, string]>('INSERT INTO data_keys (owner_id, key, created_at) VALUES (?, ?, ?)').run('u1', Buffer.alloc(32, 7), 'then');
      old.close();
      const store = openSqliteDataKeyStore(file);
      expect(await store.find('u1')).toEqual(Buffer.alloc(32, 7));
      await store.keyFor(scriptKeyId('s1'), 'u1');
      await store.destroy('u1');
      expect(await store.find(scriptKeyId('s1'))).toBeNull();
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
