import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from './embedded-read-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `batches` batches of 1,000 documents of about 1 KB each (`tag` in every one). */
async function fill(file: string, batches: number, tag: string, options: { backgroundCheckpoints?: boolean } = {}) {
  const store = await openEmbeddedReadStore(file, options);
  for (let b = 0; b < batches; b++) {
    await store.commitBatch('p', BigInt(b), async (batch) => {
      for (let i = 0; i < 1000; i++) {
        await batch.collection('docs').replaceOne({ _id: `${b}-${i}` }, { _id: `${b}-${i}`, tag, body: 'x'.repeat(1000) }, { upsert: true });
      }
    });
  }
  return store;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (condition()) return true;
  }
  return condition();
}

describe('write-ahead log checkpointed beside the writer', () => {
  it('copies a busy store’s log into its database file between commits, and the store reopens whole', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    dirs.push(dir);
    const file = join(dir, 'read-models.sqlite');
    // 24 MB of documents: past the point where the thread starts, short of the writer's own autocheckpoint (64 MB)
    const store = await fill(file, 24, 'busy');
    expect(await until(() => statSync(file).size > 20 * 1024 * 1024, 10_000), 'the database file holds the documents').toBe(true);
    await store.close();

    const reopened = await openEmbeddedReadStore(file);
    expect(await reopened.collection('docs').countDocuments({ tag: 'busy' })).toBe(24_000);
    expect(await reopened.getCheckpoint('p')).toBe(23n);
    await reopened.close();
  });

  it('leaves the log to the writer’s autocheckpoint when turned off', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    dirs.push(dir);
    const file = join(dir, 'read-models.sqlite');
    const store = await fill(file, 24, 'quiet', { backgroundCheckpoints: false });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
    await store.close();
  });
});
