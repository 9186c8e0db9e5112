import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqliteDatabase } from '../../services/sqlite/database';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../services/server';
import type { Storage } from '../../services/storage';
import { allProjections } from '../../projections/registry';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { rebuildReadModels } from '../../projections/rebuild';
import { Client, PASSWORD, TEST_SERVER_ENV, uniqueName } from '../http/client';
import { dumpReadModels, openEventLogAt, readModelsFile, waitUntil } from './harness';

/**
 * A full disk on the embedded default, injected with SQLite's own limit (`PRAGMA max_page_count` on the server's
 * connections): every write that needs a new page fails with the real SQLITE_FULL, through the real code paths,
 * portably (no tmpfs, no root). First the read models' file is full (the log still takes writes), then the log too;
 * then space comes back. Each outcome a user relies on is checked, and the read models end equal to a fresh rebuild.
 */

/** Content big enough to need fresh pages (overflow pages) in both files. */
const big = (tag: string) => `-- ${tag}\n` + `print("${tag}")\n`.repeat(3000);

/** The private connection of a SQLite-backed store (test-only reach: the limit must act on the server's own connection). */
function connectionOf(store: unknown): SqliteDatabase {
  const inner = (store as { inner?: unknown }).inner ?? store; // the event log sits inside the sealing wrapper
  const db = (inner as { db?: SqliteDatabase }).db;
  if (!db) throw new Error('not a SQLite-backed store');
  return db;
}

/** Fills a file: it cannot grow past its current size (SQLite raises the limit to the current page count). */
const fill = (db: SqliteDatabase) => db.pragma('max_page_count = 1');
const free = (db: SqliteDatabase) => db.pragma('max_page_count = 1073741823');

let running: RunningServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await running?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('full disk on the embedded default', () => {
  it('answers 507 or 503 (never 500), loses nothing acknowledged, and recovers on its own once space is back', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'luavault-disk-full-'));
    let storage: Storage | undefined;
    running = await startServer({ port: 0, dataDir, env: TEST_SERVER_ENV, onStorage: (opened) => (storage = opened) });
    const url = running.url;
    const eventsDb = connectionOf(storage!.eventStore);
    const readDb = connectionOf(storage!.readStore);

    const owner = new Client(url);
    const username = uniqueName('disk');
    expect((await owner.register(username)).status).toBe(201);
    const first = await owner.post('/api/scripts', { title: 'Kept', content: 'print("v1")' });
    expect(first.status).toBe(201);
    const scriptId = first.body.id as string;

    // 1. The read models' file is full; the log still takes writes.
    fill(readDb);
    const saved = await owner.put(`/api/scripts/${scriptId}`, { content: big('v2') });
    expect(saved.status).toBe(503);
    expect(saved.body).toMatchObject({ error: 'Saved, but not visible yet: it will appear shortly', stored: true, id: scriptId, version: 2 });
    const created = await owner.post('/api/scripts', { title: 'Made while full', content: big('new') });
    // The create was stored: the answer names the new script, so a client looks it up instead of creating it again.
    expect(created.status).toBe(503);
    expect(created.body).toMatchObject({ stored: true, version: 1 });
    const createdId = created.body.id as string;
    expect(createdId).toMatch(/^[\w-]+$/);

    const readyWhileStuck = await fetch(`${url}/readyz`);
    expect(readyWhileStuck.status).toBe(503);
    expect(await readyWhileStuck.json()).toMatchObject({ status: 'projector stuck' });

    // 2. The log is full too: nothing is stored, and the answer says so.
    fill(eventsDb);
    const refused = await owner.put(`/api/scripts/${scriptId}`, { content: big('refused') });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ error: 'Storage is full: nothing was saved' });
    const refusedCreate = await owner.post('/api/scripts', { title: 'Never stored', content: big('never') });
    expect(refusedCreate.status).toBe(507);
    const signInWhileFull = await new Client(url).login(username);
    expect([503, 507]).toContain(signInWhileFull.status);

    // 3. Space comes back: the projector resumes on its own (no restart), readiness returns, sign-in works again.
    free(eventsDb);
    free(readDb);
    await waitUntil(async () => (await fetch(`${url}/readyz`)).status === 200, { timeoutMs: 30_000, intervalMs: 100, what: '/readyz to answer 200 again' });
    const again = new Client(url);
    expect((await again.login(username, PASSWORD)).status).toBe(200);
    expect((await again.get('/api/user')).status).toBe(200);

    // Nothing acknowledged is lost, nothing refused appears, and no create was made twice.
    const list = await again.get('/api/scripts');
    expect(list.status).toBe(200);
    const items = (Array.isArray(list.body) ? list.body : list.body.items) as { id: string; title: string }[];
    expect(items.map((s) => s.title).sort()).toEqual(['Kept', 'Made while full']);
    const kept = await again.get(`/api/scripts/${scriptId}`);
    expect(kept.body).toMatchObject({ version: 2, content: big('v2') });
    expect((await again.get(`/api/scripts/${createdId}`)).body).toMatchObject({ version: 1, content: big('new') });
    // A write after recovery lands and is readable at once.
    expect((await again.put(`/api/scripts/${scriptId}`, { content: 'print("v3")' })).status).toBe(200);

    // 4. The read models equal a fresh rebuild of the same log, document by document.
    await running.stop();
    running = undefined;
    const freshDir = join(dataDir, 'fresh');
    mkdirSync(freshDir);
    // Through the sealing wrapper, as the server reads it: contents are sealed with per-account keys in the log.
    const log = await openEventLogAt(dataDir);
    const freshStore = await openEmbeddedReadStore(readModelsFile(freshDir));
    const head = await log.headPosition();
    try {
      expect((await rebuildReadModels(log, freshStore, allProjections)).head).toBe(head);
    } finally {
      await freshStore.close();
      await log.close();
    }
    const recovered = await dumpReadModels(readModelsFile(dataDir));
    const fresh = await dumpReadModels(readModelsFile(freshDir));
    expect(recovered.checkpoints).toEqual(Object.fromEntries(allProjections.map((p) => [p.name, head.toString()])));
    expect(recovered.checkpoints).toEqual(fresh.checkpoints);
    for (const name of Object.keys(fresh.collections)) expect(recovered.collections[name], `collection ${name}`).toEqual(fresh.collections[name]);
  });
});
