import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openSqliteEventStore } from '../eventstore/sqlite-event-store';
import type { EventStore } from '../eventstore/event-store';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import { Projector } from '../../projections/projector';
import { allProjections } from '../../projections/registry';
import { createDecisionStateCache } from './decision-states';
import { StorageReservations } from './storage-reservations';
import type { Actor, AppContext } from './context';
import { register } from './accounts';
import { createScript, saveScript } from './scripts';
import { uploadScripts } from './uploads';
import { storageOf } from './storage';

/** Storage reserved before an append (ACCOUNT_STORAGE_QUOTA_MB=1): parallel writes stay within the quota, failures give back. */

const KB = 1024;
const MB = 1024 * KB;
const dir = mkdtempSync(join(tmpdir(), 'luavault-reservations-'));
let eventStore: EventStore;
let readStore: ReadStore;
let projector: Projector;
let ids = 0;
/** appends to fail, from the next one on */
let failingAppends = 0;
const reservations = new StorageReservations();

const ctx = (): AppContext => ({
  config: loadConfig({ ACCOUNT_STORAGE_QUOTA_MB: '1', DATA_DIR: dir }),
  eventStore: failable(eventStore),
  readStore,
  watermark: { waitFor: async (position) => void (await projector.waitFor(position)) },
  now: () => new Date().toISOString(),
  newId: () => `id${++ids}`,
  decisionStates: createDecisionStateCache(),
  storageReservations: reservations,
});

/** The store, with `appendToStream` failing while `failingAppends` says so. */
function failable(store: EventStore): EventStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'appendToStream' && failingAppends > 0) {
        return () => {
          failingAppends--;
          return Promise.reject(new Error('disk on fire'));
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const lua = (bytes: number, fill = 'x') => `--${fill.repeat(bytes - 2)}`;

async function newUser(name: string): Promise<Actor> {
  const { user } = await register(ctx(), { username: name, password: 'correct-horse', email: null });
  return { userId: user.id, actorId: `user:${user.id}` };
}

beforeAll(async () => {
  eventStore = openSqliteEventStore(join(dir, 'events.sqlite'));
  readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
  projector = new Projector(eventStore, readStore, allProjections, {});
  await projector.start();
});
afterAll(async () => {
  await projector.stop();
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('storage reservations', () => {
  it('parallel saves, creates and uploads near the quota never take the account past it', async () => {
    const alice = await newUser('parallel');
    const script = await createScript(ctx(), alice, { title: 'big', content: lua(600 * KB), folderId: null });
    const writes = [
      ...Array.from({ length: 6 }, (_, i) => () => saveScript(ctx(), alice, script.id, { content: lua(100 * KB, String(i)) })),
      ...Array.from({ length: 3 }, (_, i) => () => createScript(ctx(), alice, { title: `new ${i}`, content: lua(100 * KB), folderId: null })),
      () => uploadScripts(ctx(), alice, [{ fileName: 'u.lua', title: 'u', extension: '.lua', content: lua(100 * KB), folders: [] }], null),
    ];
    const outcomes = await Promise.allSettled(writes.map((write) => write()));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(4); // 600 KB + 4 x 100 KB fit in 1 MB, a fifth does not
    for (const { reason } of refused) {
      expect(reason.status).toBe(413);
      expect(reason.message).toMatch(/^Storage limit reached/);
    }
    expect((await storageOf(ctx(), alice.userId)).usedBytes).toBeLessThanOrEqual(MB);
    expect(reservations.heldBy(alice.userId)).toBe(0);
  });

  it('a failed append gives its reservation back', async () => {
    const bob = await newUser('failing');
    const script = await createScript(ctx(), bob, { title: 'big', content: lua(500 * KB), folderId: null });
    failingAppends = 1;
    await expect(saveScript(ctx(), bob, script.id, { content: lua(500 * KB, 'y') })).rejects.toThrow('disk on fire');
    expect(reservations.heldBy(bob.userId)).toBe(0);
    failingAppends = 1;
    await expect(createScript(ctx(), bob, { title: 'failed', content: lua(500 * KB), folderId: null })).rejects.toThrow('disk on fire');
    expect(reservations.heldBy(bob.userId)).toBe(0);
    // The room the failed writes reserved is there again: exactly what is left of the quota fits.
    await saveScript(ctx(), bob, script.id, { content: lua(MB - 500 * KB, 'z') });
    expect((await storageOf(ctx(), bob.userId)).usedBytes).toBe(MB);
  });
});
