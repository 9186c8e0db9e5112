import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import type { EventStore, NewEvent } from '../services/eventstore/event-store';
import { openEmbeddedReadStore, type EmbeddedReadStore } from './read-store/embedded-read-store';
import { Projector } from './projector';
import { waitOnCurrentProjector } from './projector-watermark';
import { allProjections } from './registry';

const dirs: string[] = [];
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function stores(): Promise<{ events: EventStore; reads: EmbeddedReadStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'watermark-'));
  dirs.push(dir);
  const events = openSqliteEventStore(join(dir, 'events.sqlite'));
  const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
  closing.push(() => events.close(), () => reads.close());
  return { events, reads };
}

const created = (id: string): NewEvent => ({
  type: 'ScriptCreated',
  data: { scriptId: id, ownerId: 'u1', title: id, content: `print("${id}")`, folderId: null, version: 1, comment: '' },
  metadata: { actorId: 'u1', at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('read-your-writes across a projector replacement', () => {
  it('a projector that stops before applying a position says so instead of calling it visible', async () => {
    const { events, reads } = await stores();
    const projector = new Projector(events, reads, allProjections);
    await projector.start();
    const waiting = projector.waitFor(1_000_000n, 5000);
    await projector.stop();
    expect(await waiting).toBe(false);
    expect(await projector.waitFor(1_000_000n, 5000)).toBe(false); // at once, not after the timeout
  });

  it('a wait begun on a projector that stops (a rebuild swapped in) is answered by its successor, well before the timeout', async () => {
    const { events, reads } = await stores();
    let current = new Projector(events, reads, allProjections);
    await current.start();
    await current.stop(); // swapping in: nothing is projected for a while
    const { position } = await events.appendToStream('script-s1', [created('s1')], { expectedRevision: 'no_stream' });

    const started = performance.now();
    const visible = waitOnCurrentProjector(() => current, position, 5000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = new Projector(events, reads, allProjections); // the swap is over: projecting again
    await current.start();

    expect(await visible).toBe(true);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(await reads.collection('scripts').findOne({ _id: 's1' })).toMatchObject({ title: 's1' });
    await current.stop();
  });

  it('gives up at the deadline when no projector follows', async () => {
    const { events, reads } = await stores();
    const projector = new Projector(events, reads, allProjections);
    await projector.start();
    await projector.stop();
    const { position } = await events.appendToStream('script-s1', [created('s1')], { expectedRevision: 'no_stream' });
    expect(await waitOnCurrentProjector(() => projector, position, 200)).toBe(false);
  });
});
