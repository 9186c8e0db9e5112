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
});
