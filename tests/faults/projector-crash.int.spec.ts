import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/registry';
import { startTestServer, type TestServer } from '../http/client';
import { appendDecidedScriptCommands, seedWorkload } from './seed';
import { CheckpointPeek, dumpReadModels, eventsFile, freshRebuild, killAllChildren, readModelsFile, startChildServer, waitUntil, openEventLogAt } from './harness';

/**
 * The projector killed with SIGKILL in the middle of a catch-up, twice, then restarted: the read models it ends
 * with are exactly those of a fresh rebuild of the same log (every document of every collection, and the checkpoints).
 */

const PROJECTIONS = allProjections.map((p) => p.name);
const LEASE_TTL_MS = 1000;

let server: TestServer | undefined;
afterEach(killAllChildren);
afterAll(async () => {
  await server?.dispose();
});

describe('projector killed mid-stream', () => {
  it('resumes from its checkpoints after kill -9 and ends equal to a fresh rebuild', { timeout: 120_000 }, async () => {
    const started = performance.now();
    const lap = (what: string) => console.log(`projector-crash: ${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // 1. A realistic log: every kind of event through the real HTTP API, then volume decided by the real deciders.
    server = await startTestServer();
    const dataDir = server.dataDir;
    const seeded = await seedWorkload(server.url, { users: 4, scriptsPerUser: 4, savesPerScript: 2, contentBytes: 2000 });
    await server.stop(); // flushes view counts
    const events = await openEventLogAt(dataDir);
    await appendDecidedScriptCommands(events, seeded.scripts, { savesPerScript: 200, newScriptsPerOwner: 2, contentBytes: 2000 });
    const head = await events.headPosition();
    await events.close();
    lap(`seeded ${head} events (${seeded.requests} HTTP requests)`);
    expect(head).toBeGreaterThan(4_000n);

    // 2. The read models are dropped: the projector starts from nothing.
    for (const suffix of ['', '-wal', '-shm']) rmSync(readModelsFile(dataDir) + suffix, { force: true });

    // 3. Kill it twice part-way through the catch-up, each time from a later point.
    const peek = new CheckpointPeek(readModelsFile(dataDir));
    try {
      const killedAt: bigint[][] = [];
      for (const fraction of [0.3, 0.65]) {
        const threshold = (head * BigInt(Math.round(fraction * 100))) / 100n;
        const projector = await startChildServer({ role: 'projector', dataDir, leaseTtlMs: LEASE_TTL_MS });
        await waitUntil(() => peek.read().size > 0 && [...peek.read().values()].some((c) => c >= threshold), {
          timeoutMs: 45_000,
          intervalMs: 5,
          what: `a checkpoint past ${threshold} of ${head}`,
        });
        await projector.kill9();
        expect(await projector.exited).toBe('SIGKILL');
        const checkpoints = peek.read();
        killedAt.push(PROJECTIONS.map((name) => checkpoints.get(name) ?? -1n));
        lap(`killed at checkpoints ${killedAt.at(-1)!.join('/')} (head ${head})`);
        // Really mid-stream: not every projection had reached the head.
        expect(peek.lowest(PROJECTIONS)).toBeLessThan(head);
      }

      // 4. Restarted (once the dead holder's lease expires), it finishes the log.
      const projector = await startChildServer({ role: 'projector', dataDir, leaseTtlMs: LEASE_TTL_MS });
      await waitUntil(() => peek.lowest(PROJECTIONS) === head, { timeoutMs: 60_000, what: `every checkpoint at ${head}` });
      lap('caught up after restart');
      await projector.stop();
      expect(await projector.exited).toBe(0);
      expect(projector.stderr()).toBe('');
    } finally {
      peek.close();
    }

    // 5. Compared with a fresh rebuild of the same log, document by document.
    const freshDir = join(dataDir, 'fresh');
    mkdirSync(freshDir);
    expect(await freshRebuild(eventsFile(dataDir), readModelsFile(freshDir))).toBe(head);
    lap('fresh rebuild done');
    const recovered = await dumpReadModels(readModelsFile(dataDir));
    const fresh = await dumpReadModels(readModelsFile(freshDir));

    // The log really exercised every read model.
    const sizes = Object.fromEntries(Object.entries(fresh.collections).map(([name, docs]) => [name, docs.length]));
    for (const [name, size] of Object.entries(sizes)) expect(size, `documents in ${name}`).toBeGreaterThan(0);
    expect(fresh.checkpoints).toEqual(Object.fromEntries(PROJECTIONS.map((name) => [name, head.toString()])));

    expect(recovered.checkpoints).toEqual(fresh.checkpoints);
    for (const name of Object.keys(fresh.collections)) {
      expect(recovered.collections[name]!.length, `documents in ${name}`).toBe(fresh.collections[name]!.length);
      expect(recovered.collections[name], `collection ${name}`).toEqual(fresh.collections[name]);
    }
    lap(`compared ${JSON.stringify(sizes)}`);
  });
});
