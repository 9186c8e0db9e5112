import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventstore/event-store';
import { HEADER_PAGE_SIZE, STREAM_PAGE_SIZE } from '../eventstore/stream-pages';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { replayAsOf } from './as-of-replay';
import { scriptAsOfFold } from './as-of-folds';
import { AS_OF_SCANS_COLLECTION, SCAN_CHECKPOINT_AUDITED, SCAN_CHECKPOINT_EVERY, scanCheckpoints } from './as-of-scans';
import { foldEveryEvent, memoryLog, recorded } from './as-of-test-log';
import { AS_OF_HISTORY_MAX } from './time-travel';

const stores: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

/** A minute of 2026, from its index; clocks of several gateways may disagree by a few minutes. */
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

/** A script's history of `length` events, each a save, move, share or trash; times drift back now and then. */
function history(length: number, random: (n: number) => number): RecordedEvent[] {
  const events = [recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T0', content: 'c0', folderId: null, version: 1, comment: '' }, minute(0), 0)];
  let version = 1;
  for (let n = 1; n < length; n++) {
    const at = minute(n - (random(10) === 0 ? random(5) : 0));
    const kind = random(10);
    if (kind < 6) events.push(recorded('ScriptSaved', { scriptId: 's1', title: `T${n}`, content: `c${n}`, version: ++version, comment: `s${n}` }, at, n));
    else if (kind === 6) events.push(recorded('ScriptMoved', { scriptId: 's1', fromFolderId: null, folderId: random(2) ? `f${n}` : null }, at, n));
    else if (kind === 7) events.push(recorded('ScriptTrashed', { scriptId: 's1', withFolderId: null }, at, n));
    else if (kind === 8) events.push(recorded('ScriptRestoredFromTrash', { scriptId: 's1' }, at, n));
    else events.push(recorded('ScriptShared', { scriptId: 's1', shareId: `sh${n}` }, at, n));
  }
  return events;
}

/** A script created, then saved `versions - 1` times, a minute apart. */
function savedEveryMinute(versions: number): RecordedEvent[] {
  const events = [recorded('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'T', content: 'v1', folderId: null, version: 1, comment: '' }, minute(0), 0)];
  for (let v = 2; v <= versions; v++) events.push(recorded('ScriptSaved', { scriptId: 's1', title: 'T', content: `v${v}`, version: v, comment: '' }, minute(v), v - 1));
  return events;
}

describe('scan checkpoints of "as of" replays', () => {
  it('answer what folding every event answers, for any instant, once earlier replays have left checkpoints', async () => {
    expect(AS_OF_HISTORY_MAX).toBeLessThanOrEqual(SCAN_CHECKPOINT_AUDITED); // a checkpoint holds what any answer lists
    let seed = 11;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    for (let round = 0; round < 12; round++) {
      const store = await openEmbeddedReadStore(':memory:');
      stores.push(store);
      const checkpoints = scanCheckpoints(store);
      const events = history(1 + random(1500), random);
      const log = memoryLog(events);
      for (let query = 0; query < 6; query++) {
        const at = minute(random(events.length + 10));
        const keep = [1, 50, 200, 300][random(4)]!; // 300: more than a checkpoint holds, so none is used
        expect(await replayAsOf(log, 'script-s1', at, scriptAsOfFold, keep, checkpoints)).toEqual(foldEveryEvent(scriptAsOfFold, events, at, keep));
      }
      await store.close();
      stores.pop();
    }
  });

  it('scan a long history once: later answers read at most a checkpoint interval of headers', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    stores.push(store);
    const checkpoints = scanCheckpoints(store);
    const events = savedEveryMinute(20_000);
    const headersRead = async (at: string) => {
      const log = memoryLog(events);
      const answer = await replayAsOf(log, 'script-s1', at, scriptAsOfFold, 200, checkpoints);
      expect(answer).toEqual(foldEveryEvent(scriptAsOfFold, events, at, 200));
      return log.reads.headers.flat().length;
    };
    const end = minute(30_000);
    expect(await headersRead(end)).toBe(20_000 - STREAM_PAGE_SIZE); // the first answer scans it all, and leaves checkpoints
    expect(await store.collection(AS_OF_SCANS_COLLECTION).countDocuments({})).toBe(Math.floor(20_000 / SCAN_CHECKPOINT_EVERY));
    expect(await headersRead(end)).toBeLessThanOrEqual(SCAN_CHECKPOINT_EVERY);
    expect(await headersRead(minute(12_345))).toBeLessThanOrEqual(SCAN_CHECKPOINT_EVERY + HEADER_PAGE_SIZE);
    // an instant before the first checkpoint scans from the first page, as without checkpoints
    expect(await headersRead(minute(100))).toBeLessThanOrEqual(HEADER_PAGE_SIZE);
  });

  it('never uses a checkpoint made by another fold (an upgrade that changed what a fold reads)', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    stores.push(store);
    const checkpoints = scanCheckpoints(store);
    const events = savedEveryMinute(1000);
    // what an older fold would have left: nothing audited, no state type seen
    const stale = { revision: 767n, maxAt: minute(768), lastOfType: new Map<string, bigint>(), audited: [], auditedCount: 0 };
    await checkpoints.save('script-s1', 'an-older-fold', [stale]);
    const log = memoryLog(events);
    expect(await replayAsOf(log, 'script-s1', minute(2000), scriptAsOfFold, 200, checkpoints)).toEqual(foldEveryEvent(scriptAsOfFold, events, minute(2000), 200));
    expect(log.reads.headers.flat()).toHaveLength(1000 - STREAM_PAGE_SIZE); // scanned from the first page
  });
});
