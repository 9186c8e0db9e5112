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
import { workspaceQueries } from '../../projections/workspace/queries';
import { trashQueries } from '../../projections/workspace/trash-queries';
import { WORKSPACE_COLLECTIONS as C, type FolderDoc } from '../../projections/workspace/documents';
import { createDecisionStateCache } from './decision-states';
import { StorageReservations } from './storage-reservations';
import type { Actor, AppContext } from './context';
import { register } from './accounts';
import { createFolder, deleteFolder, runFolderCommand } from './folders';

/** A folder created in a folder that is being deleted, in both orders of the race: it never stays live and unseen. */

const dir = mkdtempSync(join(tmpdir(), 'luavault-folder-races-'));
let eventStore: EventStore;
let readStore: ReadStore;
let projector: Projector;
let ids = 0;

const ctx = (overrides: Partial<AppContext> = {}): AppContext => ({
  config: loadConfig({ DATA_DIR: dir }),
  eventStore,
  readStore,
  watermark: { waitFor: async (position) => void (await projector.waitFor(position)) },
  now: () => new Date().toISOString(),
  newId: () => `id${++ids}`,
  decisionStates: createDecisionStateCache(),
  storageReservations: new StorageReservations(),
  ...overrides,
});

let alice: Actor;
beforeAll(async () => {
  eventStore = openSqliteEventStore(join(dir, 'events.sqlite'));
  readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
  projector = new Projector(eventStore, readStore, allProjections, {});
  await projector.start();
  const { user } = await register(ctx(), { username: 'racer', password: 'correct-horse', email: null });
  alice = { userId: user.id, actorId: `user:${user.id}` };
});
afterAll(async () => {
  await projector.stop();
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const live = (id: string) => workspaceQueries(readStore).folder(alice.userId, id);
const trashed = (id: string) => trashQueries(readStore).entry(alice.userId, id);

describe('a folder created while its parent is deleted', () => {
  it('created after the deletion read the subtree: the deletion takes it along', async () => {
    const parent = await createFolder(ctx(), alice, { name: 'parent', parentId: null, isPublic: false });
    // Once the parent is in the trash, a create that passed its parent check earlier lands (the request's write).
    let landed = false;
    const racing: EventStore = Object.create(eventStore);
    racing.appendToStream = async (stream, events, options) => {
      const result = await eventStore.appendToStream(stream, events, options);
      if (!landed && stream === `folder-${parent.id}` && events.some((e) => e.type === 'FolderTrashed')) {
        landed = true;
        await runFolderCommand(ctx(), alice, { type: 'CreateFolder', data: { folderId: 'late', userId: alice.userId, name: 'late', parentId: parent.id, isPublic: false } });
      }
      return result;
    };
    await deleteFolder(ctx({ eventStore: racing }), alice, parent.id, 'trash');
    expect(landed).toBe(true);
    expect(await live('late')).toBeNull();
    expect(await trashed('late')).toMatchObject({ withFolderId: parent.id });
  });

  it('created after the deletion finished: the create follows its parent into the trash and answers 404', async () => {
    const parent = await createFolder(ctx(), alice, { name: 'parent 2', parentId: null, isPublic: false });
    const seenBefore = (await live(parent.id)) as FolderDoc;
    await deleteFolder(ctx(), alice, parent.id, 'trash');
    // The create's parent check ran before the deletion: it still sees the parent live.
    const stale: ReadStore = Object.create(readStore);
    let first = true;
    stale.collection = ((name: string) => {
      const collection = readStore.collection(name);
      if (name !== C.folders) return collection;
      return Object.assign(Object.create(collection), {
        findOne: async (filter: Record<string, unknown>) => {
          if (first && filter._id === parent.id) {
            first = false;
            return seenBefore;
          }
          return collection.findOne(filter);
        },
      });
    }) as ReadStore['collection'];
    await expect(createFolder(ctx({ readStore: stale }), alice, { name: 'too late', parentId: parent.id, isPublic: false })).rejects.toMatchObject({ status: 404 });
    const created = `id${ids}`;
    expect(await live(created)).toBeNull();
    expect(await trashed(created)).toMatchObject({ withFolderId: parent.id });
  });
});
