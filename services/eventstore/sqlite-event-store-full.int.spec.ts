import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqliteDatabase } from '../sqlite/database';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageFullError } from '../domain/shared/errors';
import { openSqliteEventStore } from './sqlite-event-store';

/**
 * The log out of space (SQLite's page limit gives the real SQLITE_FULL): every append of a group commit is refused
 * with StorageFullError and none of them is stored, so "nothing was saved" is true; once space is back, appends land.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const meta = { actorId: 'u1', at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const big = (tag: string) => ({ type: 'ScriptSaved', data: { content: `-- ${tag}\n`.repeat(5000) }, metadata: meta });

describe('SqliteEventStore on a full disk', () => {
  it('refuses a whole group commit with StorageFullError, stores none of it, and appends again once space is back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'events-full-'));
    dirs.push(dir);
    const store = openSqliteEventStore(join(dir, 'events.sqlite'));
    await store.appendToStream('a', [big('first')], { expectedRevision: 'no_stream' });
    const head = await store.headPosition();
    // Test-only reach into the store's own connection: the limit is per connection.
    const db = (store as unknown as { db: SqliteDatabase }).db;
    db.pragma('max_page_count = 1'); // raised to the current size: the file cannot grow

    // Issued in the same turn, so they share one transaction: a small one that would fit alone, then big ones.
    const outcomes = await Promise.allSettled([
      store.appendToStream('b', [{ type: 'Small', data: {}, metadata: meta }], { expectedRevision: 'no_stream' }),
      store.appendToStream('c', [big('c')], { expectedRevision: 'no_stream' }),
      store.appendToStream('d', [big('d')], { expectedRevision: 'no_stream' }),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(StorageFullError);
    }
    expect(await store.headPosition()).toBe(head);
    for (const stream of ['b', 'c', 'd']) expect(await store.readStream(stream)).toEqual([]);

    db.pragma('max_page_count = 1073741823');
    const after = await store.appendToStream('c', [big('c')], { expectedRevision: 'no_stream' });
    expect(after.position).toBeGreaterThan(head);
    await store.close();
  });
});
