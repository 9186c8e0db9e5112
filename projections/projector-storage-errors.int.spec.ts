import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteError } from '../services/sqlite/errors.testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import type { EventStore, NewEvent, RecordedEvent } from '../services/eventstore/event-store';
import { openEmbeddedReadStore } from './read-store/embedded-read-store';
import type { ReadStore } from './read-store/read-store';
import { Projector } from './projector';
import { allProjections } from './registry';

/**
 * Transient storage errors (a full disk) on either side of the projector: it retries with backoff, reports itself
 * stuck meanwhile, and resumes on its own with every event applied exactly once.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const meta = { actorId: 'u1', at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
const saves = (from: number, to: number): NewEvent[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    type: 'ScriptSaved',
    data: { scriptId: 's1', title: 'T', content: `-- v${from + i}`, version: from + i, comment: '' },
    metadata: meta,
  }));
const diskFull = () => sqliteError('full');

async function openStores() {
  const dir = mkdtempSync(join(tmpdir(), 'projector-faults-'));
  dirs.push(dir);
  const events = openSqliteEventStore(join(dir, 'events.sqlite'));
  const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
  const created: NewEvent = {
    type: 'ScriptCreated',
    data: { scriptId: 's1', ownerId: 'u1', title: 'T', content: '-- v1', folderId: null, version: 1, comment: '' },
    metadata: meta,
  };
  await events.appendToStream('script-s1', [created, ...saves(2, 5)], { expectedRevision: 'any' });
  return { events, reads };
}

async function versionsOf(reads: ReadStore): Promise<number[]> {
  const docs = await reads.collection('versions').find({ scriptId: 's1' }, { sort: { version: 1 }, projection: { content: 0 } });
  return docs.map((d) => d.version as number);
}

describe('Projector on transient storage errors', () => {
  it('retries a batch the read store cannot commit, reports itself stuck, and resumes once space is back', { timeout: 20_000 }, async () => {
    const { events, reads } = await openStores();
    let full = true;
    const failing: ReadStore = {
      collection: (name) => reads.collection(name),
      ensureIndexes: (indexes) => reads.ensureIndexes(indexes),
      getCheckpoint: (projection) => reads.getCheckpoint(projection),
      commitBatch: (...args) => (full ? Promise.reject(diskFull()) : reads.commitBatch(...args)),
      dropAll: () => reads.dropAll(),
      close: () => reads.close(),
    };
    const projector = new Projector(events, failing, allProjections);
    await projector.start();
    expect(await projector.waitFor(await events.headPosition(), 500)).toBe(false);
    expect(projector.stuckSince).not.toBeNull();

    full = false;
    await events.appendToStream('script-s1', saves(6, 7), { expectedRevision: 'any' });
    expect(await projector.waitFor(await events.headPosition(), 10_000)).toBe(true);
    expect(projector.stuckSince).toBeNull();
    await projector.stop();
    expect(await versionsOf(reads)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await reads.close();
    await events.close();
  });

  it('subscribes again after a failed read of the log, skipping and repeating nothing', { timeout: 20_000 }, async () => {
    const { events, reads } = await openStores();
    let failuresLeft = 2;
    // The log fails to read after the third event, twice in a row, then reads again.
    const flaky: EventStore = {
      appendToStream: (...args) => events.appendToStream(...args),
      readStream: (...args) => events.readStream(...args),
      readStreamHeaders: (...args) => events.readStreamHeaders(...args),
      headPosition: () => events.headPosition(),
      close: () => events.close(),
      async *subscribeToAll(options): AsyncGenerator<RecordedEvent> {
        for await (const event of events.subscribeToAll(options)) {
          if (event.position >= 3n && failuresLeft > 0) {
            failuresLeft--;
            throw diskFull();
          }
          yield event;
        }
      },
    };
    const applied: bigint[] = [];
    const projector = new Projector(flaky, reads, allProjections, { onBatch: (batch) => applied.push(...batch.map((e) => e.position)) });
    await projector.start();
    await events.appendToStream('script-s1', saves(6, 6), { expectedRevision: 'any' });
    expect(await projector.waitFor(await events.headPosition(), 10_000)).toBe(true);
    await projector.stop();
    expect(failuresLeft).toBe(0);
    expect(applied).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    expect(await versionsOf(reads)).toEqual([1, 2, 3, 4, 5, 6]);
    await reads.close();
    await events.close();
  });
});
