import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventstore/event-store';
import { AS_OF_FOLDERS_MAX, AS_OF_HISTORY_MAX, AS_OF_RUNNING_MAX, AS_OF_WAITING_MAX, foldFolder, foldScript, scriptAsOf, workspaceAsOf } from './time-travel';
import { STREAM_PAGE_SIZE } from '../eventstore/stream-pages';
import type { AppContext } from './context';

const recorded = (type: string, data: Record<string, unknown>, at: string, position: number): RecordedEvent => ({
  streamName: 'script-s1',
  revision: BigInt(position),
  position: BigInt(position),
  type,
  data,
  metadata: { actorId: 'user:u1', at, schemaVersion: 1 },
});

describe('folding a stream as of an instant', () => {
  it('keeps the latest title, content, version and folder, and marks a deletion', () => {
    const events = [
      recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'A', content: 'one', folderId: null, version: 1, comment: '' }, '2026-01-01T00:00:00.000Z', 1),
      recorded('ScriptSaved', { scriptId: 's1', title: 'B', content: 'two', version: 2, comment: 'c' }, '2026-01-02T00:00:00.000Z', 2),
      recorded('ScriptMoved', { scriptId: 's1', fromFolderId: null, folderId: 'f1' }, '2026-01-03T00:00:00.000Z', 3),
      recorded('ScriptDeleted', { scriptId: 's1' }, '2026-01-04T00:00:00.000Z', 4),
    ];
    expect(foldScript(events.slice(0, 3))).toMatchObject({ title: 'B', content: 'two', version: 2, folderId: 'f1', deleted: false, updatedAt: '2026-01-03T00:00:00.000Z' });
    expect(foldScript(events)?.deleted).toBe(true);
    expect(foldScript(events)?.history.map((e) => e.summary)).toEqual(['Created "A" (version 1)', 'Saved version 2: c', 'Moved to a folder', 'Deleted the script']);
    expect(foldScript([])).toBeNull();
  });

  it('follows a folder through renames and moves', () => {
    const folder = (type: string, data: Record<string, unknown>, n: number) => recorded(type, data, `2026-01-0${n}T00:00:00.000Z`, n);
    const state = foldFolder([
      folder('FolderCreated', { folderId: 'f1', ownerId: 'u1', name: 'Old', parentId: null, isPublic: false }, 1),
      folder('FolderRenamed', { folderId: 'f1', name: 'New' }, 2),
      folder('FolderMoved', { folderId: 'f1', fromParentId: null, parentId: 'f0' }, 3),
    ]);
    expect(state).toMatchObject({ name: 'New', parentId: 'f0', deleted: false });
  });
});

describe('the time-travel gate', () => {
  it(`runs ${AS_OF_RUNNING_MAX} replays at once, queues ${AS_OF_WAITING_MAX} and answers 503 beyond`, async () => {
    const releases: Array<() => void> = [];
    let started = 0;
    const stores = {
      readStore: {
        collection: () => ({
          find: () => {
            started++;
            return new Promise((resolve) => releases.push(() => resolve([])));
          },
        }),
      },
      eventStore: {},
    } as unknown as Pick<AppContext, 'eventStore' | 'readStore'>;
    const actor = { userId: 'u1', actorId: 'user:u1' };
    const calls = Array.from({ length: AS_OF_RUNNING_MAX + AS_OF_WAITING_MAX }, () => workspaceAsOf(stores, actor, '2026-01-01T00:00:00.000Z', { limit: 10 }));
    await expect(workspaceAsOf(stores, actor, '2026-01-01T00:00:00.000Z', { limit: 10 })).rejects.toMatchObject({ status: 503 });
    await Promise.resolve();
    expect(started).toBe(AS_OF_RUNNING_MAX * 2); // two finds (folders, scripts) per running replay
    while (releases.length) releases.shift()!();
    // each finished replay lets a waiting one in, until all are done
    for (let i = 0; i < 50 && started < calls.length * 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      while (releases.length) releases.shift()!();
    }
    await expect(Promise.all(calls)).resolves.toHaveLength(calls.length);
  });
});

const userId = 'u1';
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
/** A script created, then saved `saves` times a minute apart; reads are counted as the log would serve them. */
function longHistory(saves: number) {
  const events: RecordedEvent[] = [recorded('ScriptCreated', { scriptId: 's1', ownerId: userId, title: 'T', content: 'v1', folderId: null, version: 1, comment: '' }, minute(0), 0)];
  for (let v = 2; v <= saves + 1; v++) events.push(recorded('ScriptSaved', { scriptId: 's1', title: 'T', content: `v${v}`, version: v, comment: `save ${v}` }, minute(v - 1), v - 1));
  const reads: RecordedEvent[][] = [];
  const eventStore = {
    readStream: async (_stream: string, options: { fromRevision?: bigint; maxCount?: number } = {}) => {
      const from = Number(options.fromRevision ?? 0n);
      const page = events.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
      reads.push(page);
      return page;
    },
  };
  const readStore = { collection: () => ({ findOne: async () => ({ ownerId: userId, kind: 'script', entityId: 's1', createdAt: minute(0) }) }) };
  return { stores: { eventStore, readStore } as unknown as Pick<AppContext, 'eventStore' | 'readStore'>, reads };
}

describe('one script as of an instant, over a long history', () => {
  it('reads the stream a page at a time and no further than the instant asked for', async () => {
    const { stores, reads } = longHistory(2000);
    const script = await scriptAsOf(stores, { userId, actorId: `user:${userId}` }, 's1', minute(1000));
    expect(script).toMatchObject({ content: 'v1001', version: 1001 });
    expect(Math.max(...reads.map((page) => page.length))).toBeLessThanOrEqual(STREAM_PAGE_SIZE);
    // the page holding the first later event is the last one read: nothing after it
    const lastRead = reads.flat().at(-1)!.revision;
    expect(lastRead).toBeLessThan(1001n + BigInt(STREAM_PAGE_SIZE));
  });

  it(`answers the newest ${AS_OF_HISTORY_MAX} audit entries and says the rest were left out`, async () => {
    const { stores } = longHistory(500);
    const script = await scriptAsOf(stores, { userId, actorId: `user:${userId}` }, 's1', minute(10_000));
    expect(script.version).toBe(501);
    expect(script.history).toHaveLength(AS_OF_HISTORY_MAX);
    expect(script.history[0]!.summary).toContain('version 501');
    expect(script.history.at(-1)!.summary).toContain(`version ${501 - AS_OF_HISTORY_MAX + 1}`);
    expect(script.historyTruncated).toBe(true);
    const short = await scriptAsOf(longHistory(5).stores, { userId, actorId: `user:${userId}` }, 's1', minute(10_000));
    expect(short.history).toHaveLength(6);
    expect(short.historyTruncated).toBe(false);
  });
});

describe('a long replay and the other requests', () => {
  it('gives the event loop a turn between pages, so a long history does not hold every other request', async () => {
    const { stores } = longHistory(4 * STREAM_PAGE_SIZE); // the fake log answers synchronously, as the embedded one does
    let otherRequestServed = false;
    setImmediate(() => (otherRequestServed = true));
    await scriptAsOf(stores, { userId, actorId: `user:${userId}` }, 's1', minute(10_000));
    expect(otherRequestServed).toBe(true); // checked as the answer resolves, before anything else runs
  });
});

describe('a workspace with many folders', () => {
  it(`folds at most ${AS_OF_FOLDERS_MAX} folders and says the others were left out`, async () => {
    const created = AS_OF_FOLDERS_MAX + 5;
    const asked: Array<number | undefined> = [];
    const readStore = {
      collection: () => ({
        find: async (filter: { kind: string }, options: { limit?: number } = {}) => {
          if (filter.kind !== 'folder') return [];
          asked.push(options.limit);
          const count = Math.min(created, options.limit ?? created);
          return Array.from({ length: count }, (_, n) => ({ ownerId: userId, kind: 'folder', entityId: `f${String(n).padStart(5, '0')}`, createdAt: minute(0) }));
        },
      }),
    };
    const eventStore = {
      readStream: async (stream: string, options: { fromRevision?: bigint } = {}) => {
        const folderId = stream.slice('folder-'.length);
        return options.fromRevision ? [] : [{ ...recorded('FolderCreated', { folderId, ownerId: userId, name: folderId, parentId: null, isPublic: false }, minute(0), 0), streamName: stream }];
      },
    };
    const stores = { eventStore, readStore } as unknown as Pick<AppContext, 'eventStore' | 'readStore'>;
    const workspace = await workspaceAsOf(stores, { userId, actorId: `user:${userId}` }, minute(1), { limit: 10 });
    expect(workspace.folders).toHaveLength(AS_OF_FOLDERS_MAX);
    expect(workspace.foldersTruncated).toBe(true);
    expect(asked).toEqual([AS_OF_FOLDERS_MAX + 1]); // the read model is asked for one page, never every folder
    const nextPage = await workspaceAsOf(stores, { userId, actorId: `user:${userId}` }, minute(1), { limit: 10, after: 's1' });
    expect(nextPage.folders).toEqual([]); // with the first page only
    expect(asked).toHaveLength(1);
  });
});
