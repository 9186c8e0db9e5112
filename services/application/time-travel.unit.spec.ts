import { describe, expect, it } from 'vitest';
import type { ReadStreamOptions, RecordedEvent } from '../eventstore/event-store';
import { AS_OF_FOLDERS_MAX, AS_OF_HISTORY_MAX, AS_OF_RUNNING_MAX, AS_OF_WAITING_MAX, scriptAsOf, workspaceAsOf } from './time-travel';
import { HEADER_PAGE_SIZE, STREAM_PAGE_SIZE } from '../eventstore/stream-pages';
import { replayAsOf } from './as-of-replay';
import { folderAsOfFold, scriptAsOfFold } from './as-of-folds';
import type { AppContext } from './context';
import { foldEveryEvent, memoryLog, recorded } from './as-of-test-log';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

describe('replaying a stream as of an instant', () => {
  it('keeps the latest title, content, version and folder, and marks a deletion', async () => {
    const log = memoryLog([
      recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'A', content: 'one', folderId: null, version: 1, comment: '' }, day(1), 0),
      recorded('ScriptSaved', { scriptId: 's1', title: 'B', content: 'two', version: 2, comment: 'c' }, day(2), 1),
      recorded('ScriptMoved', { scriptId: 's1', fromFolderId: null, folderId: 'f1' }, day(3), 2),
      recorded('ScriptDeleted', { scriptId: 's1' }, day(4), 3),
    ]);
    expect(await replayAsOf(log, 'script-s1', day(3), scriptAsOfFold, 10)).toMatchObject({ title: 'B', content: 'two', version: 2, folderId: 'f1', deleted: false, updatedAt: day(3) });
    const deleted = await replayAsOf(log, 'script-s1', day(4), scriptAsOfFold, 10);
    expect(deleted?.deleted).toBe(true);
    expect(deleted?.history.map((e) => e.summary)).toEqual(['Created "A" (version 1)', 'Saved version 2: c', 'Moved to a folder', 'Deleted the script']);
    expect(await replayAsOf(memoryLog([]), 'script-s1', day(4), scriptAsOfFold, 10)).toBeNull();
  });

  it('reads a short stream once, whole', async () => {
    const log = memoryLog([
      recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'A', content: 'one', folderId: null, version: 1, comment: '' }, day(1), 0),
      recorded('ScriptSaved', { scriptId: 's1', title: 'B', content: 'two', version: 2, comment: 'c' }, day(2), 1),
    ]);
    expect(await replayAsOf(log, 'script-s1', day(9), scriptAsOfFold, 10)).toMatchObject({ content: 'two', historyCount: 2 });
    expect(log.reads.full).toHaveLength(1);
    expect(log.reads.headers).toHaveLength(0);
  });

  it('follows a folder through renames and moves', async () => {
    const log = memoryLog([
      recorded('FolderCreated', { folderId: 'f1', ownerId: 'u1', name: 'Old', parentId: null, isPublic: false }, day(1), 0),
      recorded('FolderRenamed', { folderId: 'f1', name: 'New' }, day(2), 1),
      recorded('FolderMoved', { folderId: 'f1', fromParentId: null, parentId: 'f0' }, day(3), 2),
    ]);
    expect(await replayAsOf(log, 'folder-f1', day(9), folderAsOfFold, 10)).toMatchObject({ name: 'New', parentId: 'f0', deleted: false });
  });

  it('answers what folding every event answers, for any history and instant (reading only the events it needs)', async () => {
    let seed = 7;
    // mulberry32: a small seeded generator, so a failure can be replayed
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % n);
    };
    for (let round = 0; round < 200; round++) {
      const events: RecordedEvent[] = [recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T0', content: 'c0', folderId: null, version: 1, comment: '' }, day(1), 0)];
      let version = 1;
      for (let n = 1; n < 1 + random(60); n++) {
        const at = day(1 + Math.floor(n / 3));
        const kind = random(8);
        if (kind < 3) events.push(recorded('ScriptSaved', { scriptId: 's1', title: `T${n}`, content: `c${n}`, version: ++version, comment: `s${n}` }, at, n));
        else if (kind === 3) events.push(recorded('ScriptRestored', { scriptId: 's1', title: `R${n}`, content: `r${n}`, version: ++version, restoredFrom: 1, comment: '' }, at, n));
        else if (kind === 4) events.push(recorded('ScriptMoved', { scriptId: 's1', fromFolderId: null, folderId: random(2) ? `f${n}` : null }, at, n));
        else if (kind === 5) events.push(recorded(random(2) ? 'ScriptTrashed' : 'ScriptDeleted', { scriptId: 's1', withFolderId: null }, at, n));
        else if (kind === 6) events.push(recorded('ScriptRestoredFromTrash', { scriptId: 's1' }, at, n));
        else events.push(recorded('ScriptShared', { scriptId: 's1', shareId: `sh${n}` }, at, n));
      }
      const at = day(1 + random(22));
      const keep = 1 + random(8);
      const log = memoryLog(events);
      const replayed = await replayAsOf(log, 'script-s1', at, scriptAsOfFold, keep);
      expect(replayed).toEqual(foldEveryEvent(scriptAsOfFold, events, at, keep));
      // in full: the first page, then at most the last of each state type and the `keep` newest audited events
      expect(log.reads.full.flat().length).toBeLessThanOrEqual(STREAM_PAGE_SIZE + scriptAsOfFold.stateTypes.size + keep);
    }
  });

  it('scans a long history as headers, a page at a time, and reads in full only what the answer shows', async () => {
    const events = [recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'v1', folderId: null, version: 1, comment: '' }, day(1), 0)];
    for (let v = 2; v <= 5000; v++) events.push(recorded('ScriptSaved', { scriptId: 's1', title: 'T', content: `v${v}`, version: v, comment: '' }, day(2), v - 1));
    const log = memoryLog(events);
    const state = await replayAsOf(log, 'script-s1', day(3), scriptAsOfFold, 5);
    expect(state).toMatchObject({ content: 'v5000', version: 5000, historyCount: 5000 });
    expect(state?.history.map((e) => e.summary)).toEqual([4996, 4997, 4998, 4999, 5000].map((v) => `Saved version ${v}: `));
    expect(Math.max(...log.reads.headers.map((page) => page.length))).toBeLessThanOrEqual(HEADER_PAGE_SIZE);
    // in full: the first page (a short stream is that one read), then the last save and the newest audited
    const firstPage = Array.from({ length: STREAM_PAGE_SIZE }, (_, n) => BigInt(n));
    expect(log.reads.full.flat().map((e) => e.revision)).toEqual([...firstPage, 4995n, 4996n, 4997n, 4998n, 4999n]);
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
/** A script created, then saved `saves` times a minute apart, in a log that records its reads. */
function longHistory(saves: number) {
  const events: RecordedEvent[] = [recorded('ScriptCreated', { scriptId: 's1', ownerId: userId, title: 'T', content: 'v1', folderId: null, version: 1, comment: '' }, minute(0), 0)];
  for (let v = 2; v <= saves + 1; v++) events.push(recorded('ScriptSaved', { scriptId: 's1', title: 'T', content: `v${v}`, version: v, comment: `save ${v}` }, minute(v - 1), v - 1));
  const log = memoryLog(events);
  const readStore = { collection: () => ({ findOne: async () => ({ ownerId: userId, kind: 'script', entityId: 's1', createdAt: minute(0) }) }) };
  return { stores: { eventStore: log, readStore } as unknown as Pick<AppContext, 'eventStore' | 'readStore'>, reads: log.reads };
}

describe('one script as of an instant, over a long history', () => {
  it('reads no page larger than a page, nothing past the instant, and in full only the events it answers', async () => {
    const { stores, reads } = longHistory(4000);
    const script = await scriptAsOf(stores, { userId, actorId: `user:${userId}` }, 's1', minute(3000));
    expect(script).toMatchObject({ content: 'v3001', version: 3001 });
    expect(Math.max(...reads.headers.map((page) => page.length))).toBeLessThanOrEqual(HEADER_PAGE_SIZE);
    expect(Math.max(...reads.full.map((page) => page.length))).toBeLessThanOrEqual(STREAM_PAGE_SIZE);
    // the header page holding the first later event is the last one scanned: nothing after it
    expect(reads.headers.flat().at(-1)!.revision).toBeLessThan(3001n + BigInt(HEADER_PAGE_SIZE));
    // in full: the first page, then the newest audited events the answer lists
    expect(reads.full.flat()).toHaveLength(STREAM_PAGE_SIZE + AS_OF_HISTORY_MAX);
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
    const { stores } = longHistory(2 * HEADER_PAGE_SIZE); // the fake log answers synchronously, as the embedded one does
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
    // every folder stream: its creation alone
    const logOf = (stream: string) => {
      const folderId = stream.slice('folder-'.length);
      return memoryLog([{ ...recorded('FolderCreated', { folderId, ownerId: userId, name: folderId, parentId: null, isPublic: false }, minute(0), 0), streamName: stream }]);
    };
    const eventStore = {
      readStream: (stream: string, options?: ReadStreamOptions) => logOf(stream).readStream(stream, options),
      readStreamHeaders: (stream: string, options?: ReadStreamOptions) => logOf(stream).readStreamHeaders(stream, options),
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
