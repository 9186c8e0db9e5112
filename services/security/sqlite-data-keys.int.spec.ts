import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataKeyStoreContract } from './data-keys.contract';
import { openSqliteDataKeyStore } from './sqlite-data-keys';

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
});
