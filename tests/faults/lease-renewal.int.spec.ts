import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../services/server';
import { allProjections } from '../../projections/registry';
import type { Lease } from '../../projections/lease/lease';
import { appendDecidedScriptCommands } from './seed';
import { CheckpointPeek, eventsFile, readModelsFile, waitUntil, openEventLogAt } from './harness';

/**
 * Projector processes (role `projector`, embedded default, in this process) whose lease store misbehaves:
 * refused renewals, renewals that hang past the lease time, and a lease loop that dies. /healthz tells.
 */

const PROJECTIONS = allProjections.map((p) => p.name);
const ENV = { LOG_LEVEL: 'silent', EVENTSTORE_URL: '', MONGODB_URL: '', ADMIN_KEY: '', SESSION_SECRET: '', RATE_LIMIT: 'off', METRICS_TOKEN: '' };

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop().catch(() => undefined)));
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-renewal-'));
  dirs.push(dir);
  return dir;
}

/** A lease store that renews normally until `faults` says otherwise. */
function faulty(faults: { refuse?: boolean; hang?: boolean; unprintable?: boolean }) {
  return (lease: Lease): Lease => ({
    ...lease,
    tryAcquire: async (name, holder, ttlMs) => {
      if (faults.unprintable) throw Object.create(null) as Error; // a bug stand-in: not even an Error
      if (faults.hang) return new Promise<boolean>(() => undefined);
      if (faults.refuse) return false;
      return lease.tryAcquire(name, holder, ttlMs);
    },
  });
}

async function startProjector(dir: string, ttlMs: number, wrapLease?: (lease: Lease) => Lease): Promise<RunningServer> {
  const server = await startServer({ role: 'projector', port: 0, dataDir: dir, leaseTtlMs: ttlMs, env: ENV, wrapLease });
  servers.push(server);
  return server;
}

async function health(server: RunningServer): Promise<{ status: number; lease: string; holdingLease: boolean }> {
  const res = await fetch(`${server.url}/healthz`);
  const body = (await res.json()) as { lease: string; holdingLease: boolean };
  return { status: res.status, lease: body.lease, holdingLease: body.holdingLease };
}

describe('projector lease faults', () => {
  it('a projector that lost its lease stops, takes it again once renewals pass, and projects on', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    const faults = { refuse: false };
    const projector = await startProjector(dir, 1500, faulty(faults));
    await waitUntil(async () => (await health(projector)).holdingLease, { timeoutMs: 10_000, what: 'the lease' });

    faults.refuse = true; // another instance "has" it: renewals answer false
    await waitUntil(async () => !(await health(projector)).holdingLease, { timeoutMs: 10_000, what: 'the projector to stop' });
    expect(await health(projector)).toMatchObject({ status: 200, lease: 'waiting' });

    faults.refuse = false;
    await waitUntil(async () => (await health(projector)).holdingLease, { timeoutMs: 10_000, what: 'the lease taken again' });
    const events = await openEventLogAt(dir);
    const peek = new CheckpointPeek(readModelsFile(dir));
    try {
      await appendDecidedScriptCommands(events, [], { savesPerScript: 3, newScriptsPerOwner: 2, contentBytes: 200, owners: ['after'] });
      const head = await events.headPosition();
      await waitUntil(() => peek.lowest(PROJECTIONS) === head, { timeoutMs: 15_000, what: `projection up to ${head} after retaking the lease` });
    } finally {
      peek.close();
      await events.close();
    }
  });

  it('a renewal that hangs past the lease time: the holder stops before the standby takes over', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    const ttl = 3000;
    const faults = { hang: false };
    const holder = await startProjector(dir, ttl, faulty(faults));
    await waitUntil(async () => (await health(holder)).holdingLease, { timeoutMs: 10_000, what: 'the lease' });
    const standby = await startProjector(dir, ttl);
    expect((await health(standby)).holdingLease).toBe(false);

    faults.hang = true;
    const hungAt = Date.now();
    let holderStoppedAt = 0;
    await waitUntil(
      async () => {
        const [h, s] = await Promise.all([health(holder), health(standby)]);
        expect(h.holdingLease && s.holdingLease, 'two holders at once').toBe(false);
        if (!h.holdingLease && !holderStoppedAt) holderStoppedAt = Date.now();
        return s.holdingLease;
      },
      { timeoutMs: 20_000, intervalMs: 25, what: 'the standby to take over' },
    );
    expect(holderStoppedAt).toBeGreaterThan(0); // it stopped although its renewal never answered
    console.log(`lease-renewal: holder stopped ${holderStoppedAt - hungAt} ms after its renewals hung (TTL ${ttl} ms)`);
    expect(await health(holder)).toMatchObject({ status: 200, lease: 'waiting', holdingLease: false });
  });

  it('/healthz fails once the lease loop is dead, and answers 200 while waiting or holding', { timeout: 60_000 }, async () => {
    const dir = dataDir();
    const holder = await startProjector(dir, 1500);
    await waitUntil(async () => (await health(holder)).holdingLease, { timeoutMs: 10_000, what: 'the lease' });
    expect(await health(holder)).toMatchObject({ status: 200, lease: 'holding' });

    const faults = { unprintable: false };
    const standby = await startProjector(dir, 1500, faulty(faults));
    expect(await health(standby)).toMatchObject({ status: 200, lease: 'waiting', holdingLease: false });
    faults.unprintable = true;
    await waitUntil(async () => (await health(standby)).status === 503, { timeoutMs: 10_000, what: '/healthz to fail' });
    expect(await health(standby)).toMatchObject({ status: 503, lease: 'failed' });
  });

  it('the embedded default (gateway and projector in one process) fails /healthz the same way', { timeout: 60_000 }, async () => {
    const faults = { unprintable: false };
    const server = await startServer({ role: 'all', port: 0, dataDir: dataDir(), leaseTtlMs: 1500, env: ENV, wrapLease: faulty(faults) });
    servers.push(server);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    faults.unprintable = true;
    await waitUntil(async () => (await fetch(`${server.url}/healthz`)).status === 503, { timeoutMs: 10_000, what: '/healthz to fail' });
    expect(await health(server)).toMatchObject({ status: 503, lease: 'failed', holdingLease: false });
  });
});
