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
import { createScript, deleteScript } from './scripts';
import { createFolder, deleteFolder } from './folders';
import { listTrash, purgeExpiredTrash, purgeFromTrash, restoreFolderFromTrash, TRASH_PURGE_ACTOR } from './trash';
import { workspaceQueries } from '../../projections/workspace/queries';
import { trashPurgeIntervalMs } from './trash-purge-job';

/** The automatic purge against a fake clock: nothing is purged a moment early, everything a moment late. */

const DAY_MS = 86_400_000;
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const dir = mkdtempSync(join(tmpdir(), 'luavault-trash-'));
let eventStore: EventStore;
let readStore: ReadStore;
let projector: Projector;
let clock = T0;
let ids = 0;

const ctx = (): AppContext => ({
  config: loadConfig({ TRASH_DAYS: '30', DATA_DIR: dir }),
  eventStore,
  readStore,
  watermark: { waitFor: async (position) => void (await projector.waitFor(position)) },
  now: () => new Date(clock).toISOString(),
  newId: () => `id${++ids}`,
  decisionStates: createDecisionStateCache(),
  storageReservations: new StorageReservations(),
});

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

describe('purgeExpiredTrash (injected clock, TRASH_DAYS=30)', () => {
  it('purges each entry once TRASH_DAYS have passed since it was trashed, a folder with its contents, as the system actor', async () => {
    const { user } = await register(ctx(), { username: 'clocked', password: 'correct-horse', email: null });
    const alice: Actor = { userId: user.id, actorId: `user:${user.id}` };
    const early = await createScript(ctx(), alice, { title: 'early', content: 'print(1)', folderId: null });
    const late = await createScript(ctx(), alice, { title: 'late', content: 'print(2)', folderId: null });
    const folder = await createFolder(ctx(), alice, { name: 'late folder', parentId: null, isPublic: false });
    const inFolder = await createScript(ctx(), alice, { title: 'inside', content: 'print(3)', folderId: folder.id });
    await deleteScript(ctx(), alice, early.id);
    clock = T0 + 10 * DAY_MS;
    await deleteScript(ctx(), alice, late.id);
    await deleteFolder(ctx(), alice, folder.id, 'trash');
    const entries = async () => (await listTrash(ctx(), alice, { limit: 50 })).items.map((e) => e.id).sort();
    expect(await entries()).toEqual([early.id, late.id, folder.id].sort());

    clock = T0 + 30 * DAY_MS - 1;
    expect(await purgeExpiredTrash(ctx())).toBe(0);
    clock = T0 + 30 * DAY_MS + 1;
    expect(await purgeExpiredTrash(ctx())).toBe(1);
    expect(await entries()).toEqual([late.id, folder.id].sort());
    const [purged] = (await eventStore.readStream(`script-${early.id}`)).slice(-1);
    expect(purged).toMatchObject({ type: 'ScriptPurged', data: { scriptId: early.id, reason: 'expired' }, metadata: { actorId: TRASH_PURGE_ACTOR } });

    clock = T0 + 40 * DAY_MS + 1;
    expect(await purgeExpiredTrash(ctx())).toBe(2);
    expect(await entries()).toEqual([]);
    expect((await eventStore.readStream(`script-${inFolder.id}`)).at(-1)).toMatchObject({ type: 'ScriptPurged', data: { reason: 'expired' } });
    expect((await eventStore.readStream(`folder-${folder.id}`)).at(-1)).toMatchObject({ type: 'FolderPurged', data: { reason: 'expired' } });
    expect(await readStore.collection('versions').find({ scriptId: { $in: [early.id, late.id, inFolder.id] } })).toEqual([]);
    expect(await purgeExpiredTrash(ctx())).toBe(0);
  });

  it('looks ten times per trash period, at most hourly', () => {
    expect(trashPurgeIntervalMs(30)).toBe(3_600_000);
    expect(trashPurgeIntervalMs(0.00003)).toBeCloseTo(259.2);
    expect(trashPurgeIntervalMs(0.0000001)).toBe(100);
  });
});

describe('a folder trashed with more than a page of contents', () => {
  it('comes back whole, and is purged whole, page after page', async () => {
    const { user } = await register(ctx(), { username: 'bigfolder', password: 'correct-horse', email: null });
    const bob: Actor = { userId: user.id, actorId: `user:${user.id}` };
    const top = await createFolder(ctx(), bob, { name: 'top', parentId: null, isPublic: false });
    const sub = await createFolder(ctx(), bob, { name: 'sub', parentId: top.id, isPublic: false });
    // more than a page of scripts (200) in one folder, and more than a page of the trash's walks (100) in all
    for (let i = 0; i < 230; i++) await createScript(ctx(), bob, { title: `s${i}`, content: `print(${i})`, folderId: i < 210 ? top.id : sub.id });
    const queries = workspaceQueries(readStore);
    const count = (folderId: string) => readStore.collection('scripts').countDocuments({ ownerId: bob.userId, folderId });
    await deleteFolder(ctx(), bob, top.id, 'trash');
    expect([await count(top.id), await count(sub.id)]).toEqual([0, 0]);

    await restoreFolderFromTrash(ctx(), bob, top.id);
    expect([await count(top.id), await count(sub.id)]).toEqual([210, 20]);
    expect((await listTrash(ctx(), bob, { limit: 50 })).items).toEqual([]);

    await deleteFolder(ctx(), bob, top.id, 'trash');
    await purgeFromTrash(ctx(), bob, top.id, 'folder');
    expect(await readStore.collection('trash').countDocuments({ ownerId: bob.userId })).toBe(0);
    expect(await queries.folder(bob.userId, sub.id)).toBeNull();
  }, 60_000);
});
