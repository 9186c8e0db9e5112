import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/registry';
import { appendDecidedScriptCommands } from './seed';
import { CheckpointPeek, dumpReadModels, eventsFile, freshRebuild, killAllChildren, readLease, readModelsFile, startChildServer, waitUntil, type ChildServer, openEventLogAt } from './harness';

/**
 * Two projectors on one DATA_DIR: exactly one holds the lease, also while it is busy catching up for several TTLs;
 * killed with SIGKILL, its lease is taken over by the standby within a few TTLs, and the standby resumes from the
 * dead holder's checkpoints and projects events appended afterwards.
 */

const PROJECTIONS = allProjections.map((p) => p.name);
const LEASE_TTL_MS = 1500;

const dirs: string[] = [];
afterEach(killAllChildren);
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `holdingLease` from a projector's /healthz; an unanswered /healthz (within 1 s) fails the test. */
async function holdingLease(projector: ChildServer): Promise<boolean> {
  const res = await fetch(`${projector.url}/healthz`, { signal: AbortSignal.timeout(1000) }).catch((error: Error) => {
    throw new Error(`projector ${projector.serverPid} did not answer /healthz: ${error.message}`);
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { holdingLease: boolean }).holdingLease;
}

describe('projector lease', () => {
  it('one holder at a time; after kill -9 the standby takes over and goes on projecting', { timeout: 90_000 }, async () => {
    const started = performance.now();
    const lap = (what: string) => console.log(`lease-takeover: ${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const dataDir = mkdtempSync(join(tmpdir(), 'luavault-lease-'));
    dirs.push(dataDir);

    const events = await openEventLogAt(dataDir);
    const appendBulk = (owners: string[], savesPerScript: number) =>
      appendDecidedScriptCommands(events, [], { savesPerScript, newScriptsPerOwner: 5, contentBytes: 2000, owners });
    const peek = new CheckpointPeek(readModelsFile(dataDir));
    try {
      // Both start on an empty log: one takes the lease, the other waits.
      const projectors = await Promise.all([0, 1].map(() => startChildServer({ role: 'projector', dataDir, leaseTtlMs: LEASE_TTL_MS })));
      const { index } = await waitUntil(
        async () => {
          const holding = await Promise.all(projectors.map(holdingLease));
          expect(holding.filter(Boolean).length).toBeLessThanOrEqual(1);
          return holding.includes(true) ? { index: holding.indexOf(true) } : null;
        },
        { timeoutMs: 15_000, intervalMs: 50, what: 'one projector to hold the lease' },
      );
      const holder = projectors[index]!;
      const standby = projectors[1 - index]!;
      const holderId = readLease(dataDir)!.holder;
      lap('one projector holds the lease, the other waits');

      // A long log lands: while the holder catches up, both answer /healthz (the catch-up does not hold the event
      // loop), the holder keeps renewing its lease and the standby never gets it.
      await appendBulk(['ownerA', 'ownerB'], 200);
      const head = await events.headPosition();
      const expiries = new Set<number>();
      const watchedFrom = Date.now();
      await waitUntil(
        async () => {
          expect(await Promise.all([holdingLease(holder), holdingLease(standby)])).toEqual([true, false]);
          const lease = readLease(dataDir)!;
          expect(lease.holder).toBe(holderId);
          expiries.add(lease.expiresAt);
          return peek.lowest(PROJECTIONS) === head;
        },
        { timeoutMs: 45_000, intervalMs: 100, what: `the holder to project ${head} events` },
      );
      const watched = Date.now() - watchedFrom;
      lap(`holder caught up on ${head} events in ${watched} ms, sole holder throughout, lease renewed ${expiries.size - 1} times`);
      if (watched > LEASE_TTL_MS) expect(expiries.size, 'renewals during a catch-up longer than the TTL').toBeGreaterThan(1);

      // More events; the holder is killed once it has projected part of them.
      await appendBulk(['ownerC', 'ownerD'], 120);
      const head2 = await events.headPosition();
      await waitUntil(() => peek.lowest(PROJECTIONS) > head, { timeoutMs: 30_000, intervalMs: 5, what: `the holder to pass ${head}` });
      await holder.kill9();
      const killedAt = Date.now();
      const checkpointAtKill = peek.lowest(PROJECTIONS);
      lap(`holder killed at ${checkpointAtKill} of ${head2}`);
      expect(checkpointAtKill).toBeLessThan(head2);

      // The standby takes the lease over within a few TTLs and resumes from the dead holder's checkpoints.
      await waitUntil(() => holdingLease(standby), { timeoutMs: 4 * LEASE_TTL_MS, intervalMs: 50, what: 'the standby to take the lease over' });
      lap(`standby took over ${Date.now() - killedAt} ms after the kill (TTL ${LEASE_TTL_MS} ms)`);
      expect(readLease(dataDir)!.holder).not.toBe(holderId);
      await waitUntil(() => peek.lowest(PROJECTIONS) === head2, { timeoutMs: 30_000, what: `the standby to reach ${head2}` });

      // And it goes on projecting events appended after the takeover.
      await appendDecidedScriptCommands(events, [], { savesPerScript: 3, newScriptsPerOwner: 1, contentBytes: 200, owners: ['ownerAfterTakeover'] });
      const head3 = await events.headPosition();
      await waitUntil(() => peek.lowest(PROJECTIONS) === head3, { timeoutMs: 15_000, what: `the standby to project up to ${head3}` });
      expect(await holdingLease(standby)).toBe(true);
      await standby.stop();
      expect(await standby.exited).toBe(0);
      lap('standby projected the new events and stopped');
    } finally {
      peek.close();
      await events.close();
    }

    // The new owner's script is in the standby's read model, and everything equals a fresh rebuild.
    const projected = await dumpReadModels(readModelsFile(dataDir));
    const afterTakeover = projected.collections.scripts!.filter((doc) => doc.ownerId === 'ownerAfterTakeover');
    expect(afterTakeover).toHaveLength(1);
    expect(afterTakeover[0]).toMatchObject({ version: 4 });
    const freshDir = join(dataDir, 'fresh');
    mkdirSync(freshDir);
    await freshRebuild(eventsFile(dataDir), readModelsFile(freshDir));
    expect(projected).toEqual(await dumpReadModels(readModelsFile(freshDir)));
    lap('read models equal a fresh rebuild');
  });
});
