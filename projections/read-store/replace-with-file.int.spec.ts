import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from './embedded-read-store';

const dirs: string[] = [];
const open: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function store(file: string, options: Parameters<typeof openEmbeddedReadStore>[1] = {}): Promise<EmbeddedReadStore> {
  const opened = await openEmbeddedReadStore(file, options);
  open.push(opened);
  return opened;
}

/** A live store (background checkpoints on, as the server opens it) and a rebuilt copy beside it, closed. */
async function liveAndRebuilt() {
  const dir = mkdtempSync(join(tmpdir(), 'replace-'));
  dirs.push(dir);
  const liveFile = join(dir, 'read-models.sqlite');
  const rebuiltFile = join(dir, 'read-models.rebuild.sqlite');
  const live = await store(liveFile, { backgroundCheckpoints: true });
  await live.ensureIndexes([{ collection: 'scripts', keys: { ownerId: 1 } }]);
  await live.commitBatch('workspace', 10n, async (batch) => {
    await batch.collection('scripts').replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', title: 'stale' }, { upsert: true });
    await batch.collection('scripts').replaceOne({ _id: 'b' }, { _id: 'b', ownerId: 'u1', title: 'stray' }, { upsert: true });
    await batch.collection('retired').replaceOne({ _id: 'x' }, { _id: 'x', left: 'over' }, { upsert: true });
  });
  await live.collection('snapshots').replaceOne({ _id: 'script-a' }, { _id: 'script-a', state: 'kept' }, { upsert: true });

  const rebuilt = await openEmbeddedReadStore(rebuiltFile);
  await rebuilt.ensureIndexes([{ collection: 'scripts', keys: { ownerId: 1 } }]);
  await rebuilt.commitBatch('workspace', 20n, async (batch) => {
    await batch.collection('scripts').replaceOne({ _id: 'a' }, { _id: 'a', ownerId: 'u1', title: 'rebuilt' }, { upsert: true });
    await batch.collection('scripts').replaceOne({ _id: 'c' }, { _id: 'c', ownerId: 'u1', title: 'new' }, { upsert: true });
  });
  await rebuilt.close();
  return { dir, live, liveFile, rebuiltFile };
}

describe('EmbeddedReadStore.replaceWithFile (a rebuild swapped in)', () => {
  it('serves the rebuilt read models and checkpoints, keeps the carried-over collections, drops the rest', async () => {
    const { live, liveFile, rebuiltFile } = await liveAndRebuilt();
    expect(await live.collection('scripts').findOne({ _id: 'a' })).toMatchObject({ title: 'stale' }); // now cached

    await live.replaceWithFile(rebuiltFile, ['snapshots']);

    expect(await live.collection('scripts').find({ ownerId: 'u1' }, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', ownerId: 'u1', title: 'rebuilt' },
      { _id: 'c', ownerId: 'u1', title: 'new' },
    ]);
    expect(await live.getCheckpoint('workspace')).toBe(20n);
    expect(await live.collection('snapshots').findOne({ _id: 'script-a' })).toEqual({ _id: 'script-a', state: 'kept' });
    expect(await live.collection('retired').find({})).toEqual([]);
    expect(existsSync(rebuiltFile)).toBe(false);

    // Writes go on into the new file, and it is what the next start opens.
    await live.commitBatch('workspace', 21n, async (batch) => {
      await batch.collection('scripts').replaceOne({ _id: 'd' }, { _id: 'd', ownerId: 'u1', title: 'after' }, { upsert: true });
    });
    await live.close();
    open.splice(open.indexOf(live), 1);
    const reopened = await store(liveFile);
    expect((await reopened.collection('scripts').find({}, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['a', 'c', 'd']);
    expect(await reopened.getCheckpoint('workspace')).toBe(21n);
  });

  it('a replacement that cannot happen leaves the live read models serving', async () => {
    const { dir, live } = await liveAndRebuilt();
    await expect(live.replaceWithFile(join(dir, 'missing.sqlite'), ['snapshots'])).rejects.toThrow(/no read models to swap in/);
    expect(existsSync(join(dir, 'missing.sqlite')), 'no empty file made on the way').toBe(false);
    await expect(live.replaceWithFile(join(tmpdir(), 'elsewhere.sqlite'))).rejects.toThrow(/beside the live read models/);
    expect(await live.collection('scripts').findOne({ _id: 'b' })).toMatchObject({ title: 'stray' });
    expect(await live.getCheckpoint('workspace')).toBe(10n);
    await live.collection('scripts').replaceOne({ _id: 'e' }, { _id: 'e', ownerId: 'u1', title: 'still writable' }, { upsert: true });
    expect(await live.collection('scripts').findOne({ _id: 'e' })).not.toBeNull();
  });

  it('waits for a running batch, which lands in the old file, never half in each', async () => {
    const { live, rebuiltFile } = await liveAndRebuilt();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batch = live.commitBatch('workspace', 15n, async (tx) => {
      await tx.collection('scripts').replaceOne({ _id: 'during' }, { _id: 'during', ownerId: 'u1', title: 'in flight' }, { upsert: true });
      await gate;
    });
    const replacing = live.replaceWithFile(rebuiltFile);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await batch;
    await replacing;
    expect(await live.collection('scripts').findOne({ _id: 'during' })).toBeNull();
    expect(await live.getCheckpoint('workspace')).toBe(20n);
  });
});
