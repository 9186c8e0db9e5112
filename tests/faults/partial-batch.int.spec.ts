import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import type { EventStore } from '../../services/eventstore/event-store';
import { openSqliteEventStore } from '../../services/eventstore/sqlite-event-store';
import { Projector } from '../../projections/projector';
import { allProjections } from '../../projections/registry';
import { createFolder, createScript, signedInUser, startTestServer, type TestServer } from '../http/client';
import { seedWorkload } from './seed';
import { dumpReadModels, eventsFile, freshRebuild, openEventLogAt, waitUntil } from './harness';
import { FaultyReadStore, type FaultPlan } from './faulty-read-store';

/**
 * Batches that fail part-way on a store without transactions (MongoDB's commitBatch): the writes made before the
 * failure stay, the checkpoint does not move. The projector retries, and is also stopped and restarted with other
 * batch sizes (so replays start from other boundaries). Its read models must end equal to a fresh rebuild: after
 * random failures over a realistic log, and after a failure at every write point of batches that delete shared
 * scripts, revoke links, share folders and lower the admin counters.
 */

let server: TestServer | undefined;
afterAll(async () => {
  await server?.dispose();
});

/** Deterministic pseudo-random numbers (mulberry32), so a failing seed can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fails about half the batches after 0..11 writes, never the same projection more than twice in a row. Each projection
 * draws from its own stream (seeded by the seed and its name), so adding a projection moves no other's faults.
 */
function randomFaults(seed: number): FaultPlan & { enabled: boolean } {
  const streams = new Map<string, () => number>();
  const streamOf = (projection: string) => {
    let stream = streams.get(projection);
    if (!stream) {
      let hash = seed >>> 0;
      for (const char of projection) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
      streams.set(projection, (stream = random(hash)));
    }
    return stream;
  };
  const streak = new Map<string, number>();
  return {
    enabled: true,
    failAfterWrites(projection) {
      const next = streamOf(projection);
      const failures = streak.get(projection) ?? 0;
      if (!this.enabled || failures >= 2 || next() < 0.5) {
        streak.set(projection, 0);
        return null;
      }
      streak.set(projection, failures + 1);
      return Math.floor(next() * 12);
    },
  };
}

describe('batches that fail part-way without a transaction', () => {
  it('end, after retries and restarts, equal to a fresh rebuild', { timeout: 180_000 }, async () => {
    server = await startTestServer();
    const dataDir = server.dataDir;
    await seedWorkload(server.url, { users: 2, scriptsPerUser: 4, savesPerScript: 2, contentBytes: 300 });
    // The cases the issue names: a shared script deleted, a shared folder revoked, a script re-shared.
    const owner = await signedInUser(server.url, 'faults');
    for (let i = 0; i < 3; i++) {
      const script = await createScript(owner, { title: `Shared ${i}`, content: `return ${i}` });
      expect((await owner.post(`/api/scripts/${script.id}/share`)).status).toBe(200);
      expect((await owner.put(`/api/scripts/${script.id}`, { content: `return ${i} + 1` })).status).toBe(200);
      if (i === 1) expect((await owner.post(`/api/scripts/${script.id}/share`)).status).toBe(200);
      expect((await owner.delete(`/api/scripts/${script.id}`)).status).toBe(204);
      const folder = await createFolder(owner, `Folder ${i}`);
      expect((await owner.post(`/api/folders/${folder.id}/share`)).status).toBe(200);
      expect((await owner.delete(`/api/folders/${folder.id}/share`)).status).toBe(204);
    }
    await server.stop();

    const freshDir = join(dataDir, 'fresh');
    mkdirSync(freshDir);
    const head = await freshRebuild(eventsFile(dataDir), join(freshDir, 'read-models.sqlite'));
    const fresh = await dumpReadModels(join(freshDir, 'read-models.sqlite'));

    for (const seed of [1, 2, 6]) {
      const file = join(dataDir, `faulty-${seed}.sqlite`);
      const events = await openEventLogAt(dataDir);
      const plan = randomFaults(seed);
      const store = new FaultyReadStore(await openEmbeddedReadStore(file), plan);
      // Restarts with other batch sizes: a replay then covers other events than the batch that failed.
      for (const batchSize of [7, 3, 11, 5, 2, 13, 4, 9, 1000]) {
        const last = batchSize === 1000;
        plan.enabled = !last;
        const failuresBefore = store.injected.batches;
        const projector = new Projector(events, store, allProjections, { batchSize, log: () => undefined });
        await projector.start();
        await waitUntil(() => projector.position >= head || (!last && store.injected.batches >= failuresBefore + 6), {
          timeoutMs: 60_000,
          intervalMs: 5,
          what: last ? `the projector at ${head}` : 'six more failed batches',
        });
        await projector.stop();
      }
      expect(store.injected.batches, 'batches that failed part-way').toBeGreaterThan(20);
      expect(store.injected.writesKept, 'writes kept by failed batches').toBeGreaterThan(20);
      await store.close();
      await events.close();

      const recovered = await dumpReadModels(file);
      expect(recovered.checkpoints).toEqual(fresh.checkpoints);
      for (const name of Object.keys(fresh.collections)) {
        expect(recovered.collections[name], `seed ${seed}: collection ${name}`).toEqual(fresh.collections[name]);
      }
    }
  });

  it('a batch failed after each possible write, then retried, ends equal to a fresh rebuild', { timeout: 120_000 }, async () => {
    // Documents made by one batch, then changed by a second batch that fails: a shared script deleted, links revoked,
    // a folder shared, counters that go down.
    const small = await startTestServer();
    try {
      const owner = await signedInUser(small.url, 'every');
      const kept = await createScript(owner, { title: 'Kept', content: 'return 1' });
      expect((await owner.post(`/api/scripts/${kept.id}/share`)).status).toBe(200);
      const gone = await createScript(owner, { title: 'Gone', content: 'return 2' });
      expect((await owner.put(`/api/scripts/${gone.id}`, { content: 'return 3' })).status).toBe(200);
      expect((await owner.post(`/api/scripts/${gone.id}/share`)).status).toBe(200);
      const folder = await createFolder(owner, 'Folder shared later');
      const revoked = await createFolder(owner, 'Folder revoked later');
      expect((await owner.post(`/api/folders/${revoked.id}/share`)).status).toBe(200);
      const log = openSqliteEventStore(eventsFile(small.dataDir));
      const split = await log.headPosition();
      await log.close();
      expect((await owner.delete(`/api/scripts/${kept.id}/share`)).status).toBe(204);
      expect((await owner.delete(`/api/scripts/${gone.id}`)).status).toBe(204);
      expect((await owner.post(`/api/folders/${folder.id}/share`)).status).toBe(200);
      expect((await owner.delete(`/api/folders/${revoked.id}/share`)).status).toBe(204);
      await createScript(owner, { title: 'New', content: 'return 4' });
      await small.stop();

      const dir = small.dataDir;
      mkdirSync(join(dir, 'fresh'));
      const head = await freshRebuild(eventsFile(dir), join(dir, 'fresh', 'read-models.sqlite'));
      const fresh = await dumpReadModels(join(dir, 'fresh', 'read-models.sqlite'));
      const events = await openEventLogAt(dir);
      const project = async (eventStore: EventStore, store: ReadStore, until: bigint) => {
        const projector = new Projector(eventStore, store, allProjections, { log: () => undefined });
        await projector.start();
        await waitUntil(() => projector.position >= until, { timeoutMs: 10_000, intervalMs: 5, what: `projected to ${until}` });
        await projector.stop();
      };
      try {
        for (const target of ['workspace', 'adminStats']) {
          for (let failAfter = 0, done = false; !done; failAfter++) {
            const file = join(dir, `${target}-${failAfter}.sqlite`);
            let calls = 0;
            const store = new FaultyReadStore(await openEmbeddedReadStore(file), {
              // after the split, every batch of the target fails once after `failAfter` writes, then is retried
              failAfterWrites: (projection) => (phase === 2 && projection === target && calls++ % 2 === 0 ? failAfter : null),
            });
            let phase = 1;
            await project(upTo(events, split), store, split);
            phase = 2;
            await project(events, store, head);
            // Once every failed batch failed only at its checkpoint, every write point of every batch has been tried.
            done = store.injected.atCheckpoint === store.injected.batches;
            await store.close();
            const recovered = await dumpReadModels(file);
            for (const name of Object.keys(fresh.collections)) {
              expect(recovered.collections[name], `${target} failed after ${failAfter} writes: ${name}`).toEqual(fresh.collections[name]);
            }
            expect(failAfter).toBeLessThan(100);
          }
        }
      } finally {
        await events.close();
      }
    } finally {
      await small.dispose();
    }
  });
});

/** The log as if it ended at `last`: the subscription delivers up to there, then waits. */
function upTo(events: EventStore, last: bigint): EventStore {
  return {
    appendToStream: (...args) => events.appendToStream(...args),
    readStream: (...args) => events.readStream(...args),
    readStreamHeaders: (...args) => events.readStreamHeaders(...args),
    headPosition: async () => last,
    close: async () => undefined,
    async *subscribeToAll(options) {
      for await (const event of events.subscribeToAll(options)) {
        if (event.position > last) break;
        yield event;
      }
      await new Promise((resolve) => options.signal.addEventListener('abort', resolve, { once: true }));
    },
  };
}
