import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config';
import { userDecider, type UserState } from '../domain/user/decider';
import type { UserCommand } from '../domain/user/commands';
import { userStream } from '../domain/user/events';
import type { EventStore } from '../eventstore/event-store';
import { openSqliteEventStore } from '../eventstore/sqlite-event-store';
import { STREAM_PAGE_SIZE } from '../eventstore/stream-pages';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import { handleCommand } from './command-handler';
import type { AppContext } from './context';
import { createDecisionStateCache, SNAPSHOT_EVERY, SNAPSHOTS_COLLECTION, STATE_FORMAT } from './decision-states';
import { StorageReservations } from './storage-reservations';

const dir = mkdtempSync(join(tmpdir(), 'luavault-decision-states-'));
let fileNo = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const userId = 'u-1';
const stream = userStream(userId);
const at = '2026-11-24T10:00:00.000Z';

/** Counts the events every readStream returns: what a command pays for on a cache miss. */
function countingReads(store: EventStore) {
  const counter = { events: 0, largestRead: 0 };
  const counted: EventStore = Object.create(store);
  counted.readStream = async (name, options) => {
    const events = await store.readStream(name, options);
    counter.events += events.length;
    counter.largestRead = Math.max(counter.largestRead, events.length);
    return events;
  };
  return { counted, counter };
}

let eventStore: EventStore;
let readStore: ReadStore;

function context(overrides: Partial<AppContext> = {}): AppContext {
  return {
    config: { scriptQuota: null } as unknown as Config,
    eventStore,
    readStore,
    watermark: { waitFor: async () => undefined },
    now: () => at,
    newId: () => 'id',
    decisionStates: createDecisionStateCache(),
    storageReservations: new StorageReservations(),
    ...overrides,
  };
}

const run = (ctx: AppContext, command: Omit<UserCommand, 'metadata'>) =>
  handleCommand(ctx, userDecider, stream, { ...command, metadata: { actorId: `user:${userId}`, at } } as UserCommand);
const reserve = (ctx: AppContext, count = 1) => run(ctx, { type: 'ReserveScriptSlots', data: { userId, count, quota: null } });
const release = (ctx: AppContext, count = 1) => run(ctx, { type: 'ReleaseScriptSlots', data: { userId, count } });

async function registeredWithReservations(ctx: AppContext, reservations: number) {
  await run(ctx, { type: 'RegisterUser', data: { userId, username: 'alice', passwordHash: 'h', email: null } });
  for (let i = 0; i < reservations; i++) await reserve(ctx);
}

const snapshotOf = () => readStore.collection(SNAPSHOTS_COLLECTION).findOne({ _id: stream });

beforeEach(async () => {
  fileNo++;
  eventStore = openSqliteEventStore(join(dir, `events-${fileNo}.sqlite`));
  readStore = await openEmbeddedReadStore(join(dir, `reads-${fileNo}.sqlite`));
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
});

describe('decision states', () => {
  it('a command on a long stream that is not cached reads a snapshot and fewer than SNAPSHOT_EVERY events', async () => {
    const writer = context();
    await registeredWithReservations(writer, 3 * SNAPSHOT_EVERY + 7);
    await vi.waitFor(async () => expect((await snapshotOf())?.revision).toBe(String(3 * SNAPSHOT_EVERY - 1)));

    // Another process (empty cache) on the same storage.
    const { counted, counter } = countingReads(eventStore);
    const other = context({ eventStore: counted });
    await release(other, 2);
    expect(counter.events).toBeLessThanOrEqual(SNAPSHOT_EVERY);
    const state = other.decisionStates.get(stream)!.state as UserState;
    expect(state).toMatchObject({ status: 'registered', scriptSlots: 3 * SNAPSHOT_EVERY + 7 - 2 });
    // the writer's own cached state is behind; it reads only the one event it missed
    const before = counter.events;
    await release({ ...writer, eventStore: counted }, 1);
    expect(counter.events - before).toBe(1);
    expect(writer.decisionStates.get(stream)!.state).toMatchObject({ scriptSlots: 3 * SNAPSHOT_EVERY + 7 - 3 });
  });

  it('a snapshot the log does not confirm (another log, another state format) is ignored: the stream is folded from the start', async () => {
    const ctx = context();
    await registeredWithReservations(ctx, SNAPSHOT_EVERY + 2);
    await vi.waitFor(async () => expect(await snapshotOf()).not.toBeNull());
    const snapshots = readStore.collection(SNAPSHOTS_COLLECTION);
    const real = (await snapshotOf())!;
    const wrong = { status: 'registered', activeSessions: [], scriptSlots: 1000 };

    await snapshots.replaceOne({ _id: stream }, { ...real, state: wrong, position: String(BigInt(real.position as string) + 1n) });
    const fresh = context();
    await reserve(fresh);
    expect(fresh.decisionStates.get(stream)!.state).toMatchObject({ scriptSlots: SNAPSHOT_EVERY + 3 });

    await snapshots.replaceOne({ _id: stream }, { ...real, state: wrong, format: STATE_FORMAT - 1 });
    const another = context();
    await reserve(another);
    expect(another.decisionStates.get(stream)!.state).toMatchObject({ scriptSlots: SNAPSHOT_EVERY + 4 });
  });

  it('a long stream without a snapshot (read models rebuilt) is folded from the start a page at a time', async () => {
    const writer = context();
    const reservations = 3 * STREAM_PAGE_SIZE + 5;
    await registeredWithReservations(writer, reservations);
    await vi.waitFor(async () => expect(await snapshotOf()).not.toBeNull());
    await readStore.collection(SNAPSHOTS_COLLECTION).deleteMany({});

    const { counted, counter } = countingReads(eventStore);
    const fresh = context({ eventStore: counted });
    await release(fresh);
    expect(fresh.decisionStates.get(stream)!.state).toMatchObject({ scriptSlots: reservations - 1 });
    expect(counter.events).toBe(reservations + 1); // the registration and every reservation, each read once
    expect(counter.largestRead).toBeLessThanOrEqual(STREAM_PAGE_SIZE);
  });

  it('a cached state far behind (another gateway wrote since) catches up a page at a time', async () => {
    const behind = context();
    await registeredWithReservations(behind, 1);
    const other = context(); // another process: its own cache
    const written = 3 * STREAM_PAGE_SIZE + 5;
    for (let i = 0; i < written; i++) await reserve(other);

    const { counted, counter } = countingReads(eventStore);
    await release({ ...behind, eventStore: counted });
    expect(behind.decisionStates.get(stream)!.state).toMatchObject({ scriptSlots: 1 + written - 1 });
    expect(counter.events).toBe(written);
    expect(counter.largestRead).toBeLessThanOrEqual(STREAM_PAGE_SIZE);
  });

  it('a quota still holds when the state comes from a snapshot', async () => {
    const ctx = context();
    await registeredWithReservations(ctx, SNAPSHOT_EVERY);
    await vi.waitFor(async () => expect(await snapshotOf()).not.toBeNull());
    const fresh = context();
    await expect(
      run(fresh, { type: 'ReserveScriptSlots', data: { userId, count: 1, quota: SNAPSHOT_EVERY } }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('a refusal or a "nothing to do" is never answered from a stale cached state', async () => {
    const a = context();
    const b = context();
    await registeredWithReservations(a, 2);
    await release(b, 2); // another process frees both slots; a's cache still says 2 taken
    const full = (ctx: AppContext) => run(ctx, { type: 'ReserveScriptSlots', data: { userId, count: 2, quota: 2 } });
    await expect(full(a)).resolves.toMatchObject({ events: [{ type: 'ScriptSlotsReserved' }] });
    // now a knows 2 taken and b's cache says 0: b's stale "release nothing"-free path must see the real count
    await expect(release(b, 1)).resolves.toMatchObject({ events: [{ type: 'ScriptSlotsReleased', data: { count: 1 } }] });
    await release(a, 5);
    await expect(release(b, 1)).resolves.toMatchObject({ events: [] });
    expect(b.decisionStates.get(stream)!.state).toMatchObject({ scriptSlots: 0 });
  });

  it('the cache is bounded by size and kept per context', async () => {
    const small = context({ decisionStates: createDecisionStateCache(2_000) });
    for (let i = 0; i < 40; i++) {
      await handleCommand(small, userDecider, userStream(`u-${i}`), {
        type: 'RegisterUser',
        data: { userId: `u-${i}`, username: `user${i}`, passwordHash: 'h', email: null },
        metadata: { actorId: 'system', at },
      });
    }
    expect(small.decisionStates.calculatedSize).toBeLessThanOrEqual(2_000);
    expect(small.decisionStates.size).toBeLessThan(40);
    expect(small.decisionStates.has(userStream('u-39'))).toBe(true);
    expect(context().decisionStates.size).toBe(0);
  });
});
