import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../eventstore/sqlite-event-store';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { Projector } from '../../projections/projector';
import { allProjections } from '../../projections/registry';
import { RawScriptCache } from './raw-script-cache';
import { followScriptChanges } from './raw-cache-invalidator';
import { SubscriptionErrors } from '../eventstore/subscription-errors';
import type { EventStore } from '../eventstore/event-store';

const meta = { actorId: 'user:u1', at: '2026-11-22T10:00:00.000Z', schemaVersion: 1 };

describe('a gateway without its own projector', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('drops a cached raw script once a save is projected, so the raw URL never keeps serving the old text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'invalidate-'));
    const events = openSqliteEventStore(join(dir, 'events.sqlite'));
    const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    // The projector runs "elsewhere": nothing tells this cache about its batches.
    const projector = new Projector(events, reads, allProjections);
    await projector.start();
    const watermark = { waitFor: async (position: bigint) => void (await projector.waitFor(position)) };
    const cache = new RawScriptCache(reads);
    const follower = followScriptChanges(events, watermark, cache, () => undefined);
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }), () => reads.close(), () => events.close(), () => projector.stop(), () => follower.stop());

    const stream = 'script-s1';
    const created = await events.appendToStream(
      stream,
      [
        { type: 'ScriptCreated', data: { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'print(1)', folderId: null, version: 1, comment: 'Initial version' }, metadata: meta },
        { type: 'ScriptShared', data: { scriptId: 's1', shareId: 'share1' }, metadata: meta },
      ],
      { expectedRevision: 'no_stream' },
    );
    await projector.waitFor(created.position);
    expect((await cache.load('share1'))?.body.toString()).toBe('print(1)');

    const saved = await events.appendToStream(
      stream,
      [{ type: 'ScriptSaved', data: { scriptId: 's1', title: 'T', content: 'print(2)', version: 2, comment: 'two' }, metadata: meta }],
      { expectedRevision: created.nextRevision },
    );
    await projector.waitFor(saved.position);
    await expect.poll(() => cache.peek('share1'), { timeout: 5000 }).toBeUndefined();
    expect((await cache.load('share1'))?.body.toString()).toBe('print(2)');
  });

  it('keeps trying while the event store is unreachable at start, then drops entries as saves are projected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'invalidate-'));
    const events = openSqliteEventStore(join(dir, 'events.sqlite'));
    const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const projector = new Projector(events, reads, allProjections);
    await projector.start();
    const watermark = { waitFor: async (position: bigint) => void (await projector.waitFor(position)) };
    const cache = new RawScriptCache(reads);
    // Unreachable for its first five calls (head and subscription alike), then the real log.
    let failuresLeft = 5;
    const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { type: 'unavailable' });
    const flaky: EventStore = {
      ...events,
      appendToStream: (...args) => events.appendToStream(...args),
      readStream: (...args) => events.readStream(...args),
      readStreamHeaders: (...args) => events.readStreamHeaders(...args),
      close: () => events.close(),
      headPosition: async () => {
        if (failuresLeft-- > 0) throw unreachable();
        return events.headPosition();
      },
      subscribeToAll: (options) => {
        if (failuresLeft-- > 0) throw unreachable();
        return events.subscribeToAll(options);
      },
    };
    const logs: string[] = [];
    const counts: Record<string, number> = {};
    const errors = new SubscriptionErrors({ log: (m) => logs.push(m), count: (k) => (counts[k] = (counts[k] ?? 0) + 1), baseDelayMs: 5, maxDelayMs: 20 });
    const follower = followScriptChanges(flaky, watermark, cache, (m) => logs.push(m), errors);
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }), () => reads.close(), () => events.close(), () => projector.stop(), () => follower.stop());

    const stream = 'script-s2';
    const created = await events.appendToStream(
      stream,
      [
        { type: 'ScriptCreated', data: { scriptId: 's2', ownerId: 'u1', title: 'T', content: 'print(1)', folderId: null, version: 1, comment: 'Initial version' }, metadata: meta },
        { type: 'ScriptShared', data: { scriptId: 's2', shareId: 'share2' }, metadata: meta },
      ],
      { expectedRevision: 'no_stream' },
    );
    await projector.waitFor(created.position);
    expect((await cache.load('share2'))?.body.toString()).toBe('print(1)');
    await expect.poll(() => failuresLeft, { timeout: 5000 }).toBeLessThan(0);

    const saved = await events.appendToStream(
      stream,
      [{ type: 'ScriptSaved', data: { scriptId: 's2', title: 'T', content: 'print(2)', version: 2, comment: 'two' }, metadata: meta }],
      { expectedRevision: created.nextRevision },
    );
    await projector.waitFor(saved.position);
    await expect.poll(() => cache.peek('share2'), { timeout: 5000 }).toBeUndefined();
    expect(counts).toEqual({ unavailable: 5 });
    expect(logs.filter((line) => line.includes('(unavailable)'))).toHaveLength(1);
  });
});
