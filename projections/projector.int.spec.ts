import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import type { NewEvent } from '../services/eventstore/event-store';
import { openEmbeddedReadStore } from './read-store/embedded-read-store';
import { Projector } from './projector';
import { allProjections } from './registry';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Projector catch-up batches', () => {
  it('bounds a batch by the size of its events and still applies every event once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projector-'));
    dirs.push(dir);
    const events = openSqliteEventStore(join(dir, 'events.sqlite'));
    const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const meta = { actorId: 'u1', at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    const content = (v: number) => `-- v${v}\n`.repeat(2_000); // 12 to 14 KB
    const saves: NewEvent[] = [
      { type: 'ScriptCreated', data: { scriptId: 's1', ownerId: 'u1', title: 'T', content: content(1), folderId: null, version: 1, comment: '' }, metadata: meta },
    ];
    for (let v = 2; v <= 30; v++) saves.push({ type: 'ScriptSaved', data: { scriptId: 's1', title: 'T', content: content(v), version: v, comment: '' }, metadata: meta });
    await events.appendToStream('script-s1', saves, { expectedRevision: 'any' });
    const head = await events.headPosition();

    const batchSizes: number[] = [];
    const projector = new Projector(events, reads, allProjections, { batchBytes: 30_000, onBatch: (batch) => batchSizes.push(batch.length) });
    await projector.start();
    expect(await projector.waitFor(head, 10_000)).toBe(true);
    await projector.stop();

    expect(batchSizes.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(2); // two 12-14 KB events fit in 30 KB, three do not
    const versions = await reads.collection('versions').find({ scriptId: 's1' }, { sort: { version: -1 }, projection: { content: 0 } });
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(await reads.collection('scripts').findOne({ _id: 's1' })).toMatchObject({ content: content(30) });
    await reads.close();
    await events.close();
  });
});

describe('Projector live batches', () => {
  it('projects appends committed together (group commit) as one batch, so concurrent saves share one read-model commit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projector-'));
    dirs.push(dir);
    const events = openSqliteEventStore(join(dir, 'events.sqlite'));
    const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const batchSizes: number[] = [];
    const projector = new Projector(events, reads, allProjections, { onBatch: (batch) => batchSizes.push(batch.length) });
    await projector.start();
    const transactions: string[][] = [];
    const commitBatches = reads.commitBatches.bind(reads);
    reads.commitBatches = (projections, position, work) => {
      transactions.push(projections);
      return commitBatches(projections, position, work);
    };
    const meta = { actorId: 'u1', at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
    const created = (i: number): NewEvent => ({
      type: 'ScriptCreated',
      data: { scriptId: `s${i}`, ownerId: 'u1', title: `T${i}`, content: `print(${i})`, folderId: null, version: 1, comment: '' },
      metadata: meta,
    });

    // 50 writers whose appends land in the same event-loop turn share one commit...
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => events.appendToStream(`script-s${i}`, [created(i)], { expectedRevision: 'no_stream' })));
    const last = results.reduce((max, r) => (r.position > max ? r.position : max), 0n);
    expect(await projector.waitFor(last, 10_000)).toBe(true);
    await projector.stop();

    // ...and the projector applies them together, not the first alone and then the rest, in ONE read-model
    // transaction for every projection (not one commit per projection).
    expect(batchSizes).toEqual([50]);
    expect(transactions).toEqual([allProjections.map((p) => p.name)]);
    expect(await reads.collection('scripts').countDocuments({ ownerId: 'u1' })).toBe(50);
    await reads.close();
    await events.close();
  });
});
