import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../services/config';
import type { EventStore } from '../services/eventstore/event-store';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import type { Lease } from './lease/lease';
import { openSqliteLease } from './lease/sqlite-lease';
import { openEmbeddedReadStore } from './read-store/embedded-read-store';
import type { ReadStore } from './read-store/read-store';
import { rebuildReadModels } from './rebuild';
import { REBUILD_LEASE, rebuildBesideLive, type RebuildBesideLiveOptions } from './rebuild-beside-live';
import { seedLog, snapshot } from './rebuild.contract';
import { allProjections } from './registry';

const collections = allProjections.flatMap((p) => p.collections);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-live-'));
  dirs.push(dir);
  const config = loadConfig({ DATA_DIR: dir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent' });
  const events = openSqliteEventStore(join(dir, 'events.sqlite'));
  await seedLog(events);
  await events.close();
  const leaseFile = join(dir, 'projector-lease.sqlite');
  const options = (overrides: Partial<RebuildBesideLiveOptions> = {}): RebuildBesideLiveOptions => ({
    holder: 'rebuild-test',
    openLease: async () => openSqliteLease(leaseFile),
    openEventStore: async () => openSqliteEventStore(join(dir, 'events.sqlite')),
    projections: allProjections,
    leaseTtlMs: 600,
    projectorLeaseTtlMs: 600,
    swapTimeoutMs: 20_000,
    log: () => undefined,
    ...overrides,
  });
  /** read models rebuilt from scratch into a file of their own, to compare with */
  const fresh = async () => {
    const eventStore = openSqliteEventStore(join(dir, 'events.sqlite'));
    const store = await openEmbeddedReadStore(join(dir, `fresh-${Math.random()}.sqlite`));
    await rebuildReadModels(eventStore, store, allProjections);
    const result = { docs: await snapshot(store, collections), checkpoints: await checkpoints(store) };
    await store.close();
    await eventStore.close();
    return result;
  };
  return { dir, config, leaseFile, options, fresh };
}

/** The log of `dir`, whose head answers only after `ms` (and after `meanwhile` ran). */
function slowHead(dir: string, ms: number, meanwhile: () => Promise<void> = async () => undefined): EventStore {
  const store = openSqliteEventStore(join(dir, 'events.sqlite'));
  return {
    appendToStream: (stream, events, options) => store.appendToStream(stream, events, options),
    readStream: (stream, options) => store.readStream(stream, options),
    readStreamHeaders: (stream, options) => store.readStreamHeaders(stream, options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    close: () => store.close(),
    headPosition: async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await meanwhile();
      return store.headPosition();
    },
  };
}

async function checkpoints(store: ReadStore) {
  return Object.fromEntries(await Promise.all(allProjections.map(async (p) => [p.name, await store.getCheckpoint(p.name)])));
}

/** Live read models gone wrong: a stray document, a changed one, an old checkpoint. */
async function damageLive(file: string): Promise<void> {
  const live = await openEmbeddedReadStore(file);
  await live.commitBatch('workspace', 3n, async (batch) => {
    await batch.collection('scripts').replaceOne({ _id: 'stray' }, { _id: 'stray', title: 'should go', lastPosition: '0' }, { upsert: true });
    await batch.collection('scripts').updateOne({ _id: 'u0s0' }, { $set: { title: 'tampered' } });
  });
  await live.close();
}

describe('rebuild beside the live read models', () => {
  it('with no projector running, the rebuild takes the projector lease and swaps its copy in itself', async () => {
    const { dir, config, options, fresh } = await setup();
    await damageLive(join(dir, 'read-models.sqlite'));
    const { head } = await rebuildBesideLive(config, options());

    const live = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const expected = await fresh();
    expect(await snapshot(live, collections)).toEqual(expected.docs);
    expect(await checkpoints(live)).toEqual(expected.checkpoints);
    expect(expected.checkpoints.workspace).toBe(head);
    await live.close();
    expect(existsSync(join(dir, 'read-models.rebuild.sqlite'))).toBe(false);
    const lease = openSqliteLease(join(dir, 'projector-lease.sqlite'));
    expect(await lease.currentHolder('projector')).toBeNull(); // given back
    expect(await lease.currentHolder(REBUILD_LEASE)).toBeNull();
    await lease.close();
  });

  it('keeps its own lease through long work before the first event (renewals start first)', async () => {
    const { dir, config, leaseFile, options } = await setup();
    const rival = openSqliteLease(leaseFile);
    let rivalGotIt: boolean | null = null;
    // The log answers slowly for over three lease times before the replay starts. A 2 s lease here, not the 600 ms of
    // the other cases: on a loaded machine one synchronous projecting step outlasted a 600 ms lease now and then.
    const slowEvents = async () => slowHead(dir, 6500, async () => void (rivalGotIt = await rival.tryAcquire(REBUILD_LEASE, 'another-rebuild', 2000)));
    await rebuildBesideLive(config, options({ openEventStore: slowEvents, leaseTtlMs: 2000 }));
    expect(rivalGotIt).toBe(false);
    await rival.close();
  });

  it('a rebuild that loses its lease stops without asking for a swap', async () => {
    const { dir, config, leaseFile, options } = await setup();
    await damageLive(join(dir, 'read-models.sqlite'));
    let renewals = 0;
    const losingLease = async (): Promise<Lease> => {
      const lease = openSqliteLease(leaseFile);
      return {
        ...lease,
        tryAcquire: async (name, holder, ttlMs) => (name === REBUILD_LEASE && renewals++ > 0 ? false : lease.tryAcquire(name, holder, ttlMs)),
      };
    };
    const slowEvents = async () => slowHead(dir, 1500);
    await expect(rebuildBesideLive(config, options({ openLease: losingLease, openEventStore: slowEvents }))).rejects.toThrow(/lease was lost/);

    const lease = openSqliteLease(leaseFile);
    expect(await lease.pendingSwap('projector')).toBeNull();
    await lease.close();
    const live = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    expect(await live.collection('scripts').findOne({ _id: 'stray' })).not.toBeNull(); // untouched
    await live.close();
  });
});
