import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import type { NewEvent } from '../services/eventstore/event-store';
import { openSqliteDataKeyStore } from '../services/security/sqlite-data-keys';
import { SealedEventStore } from '../services/security/sealed-event-store';
import { openEmbeddedReadStore } from '../projections/read-store/embedded-read-store';
import { Projector } from '../projections/projector';
import { allProjections } from '../projections/registry';
import { randomId } from '../services/security/secrets';
import { scriptAsOf, workspaceAsOf } from '../services/application/time-travel';
import { luaSource } from './api';
import { median } from './load';

/**
 * Time to answer "as of" for one user's workspace of `scripts` scripts and about `events` events (creates, saves,
 * moves, deletions; 1 KB versions) spread over 30 days, on the embedded stores with the sealed log the server uses.
 */
export interface TimeTravelFigures {
  scripts: number;
  events: number;
  /** whole workspace (one answer of up to 1,000 scripts) at the end of the timeline, median ms */
  workspaceLatestMs: number;
  /** the same halfway through the timeline, median ms */
  workspaceMidMs: number;
  /** one script as of halfway, median ms */
  scriptMs: number;
}

const RUNS = 5;
const DAY_MS = 24 * 3600_000;

export async function measureTimeTravel(options: { scripts: number; events: number }): Promise<TimeTravelFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-timetravel-'));
  try {
    const eventStore = new SealedEventStore(openSqliteEventStore(join(dir, 'events.sqlite')), openSqliteDataKeyStore(join(dir, 'data-keys.sqlite')));
    const userId = randomId(12);
    const { events, start, end, sampleScript } = await seed(eventStore, userId, options);
    const readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const projector = new Projector(eventStore, readStore, allProjections);
    await projector.start();
    await projector.waitFor(await eventStore.headPosition(), 600_000);
    await projector.stop();

    const stores = { eventStore, readStore };
    const actor = { userId, actorId: `user:${userId}` };
    const mid = new Date((start + end) / 2).toISOString();
    const latest = new Date(end + 1000).toISOString();
    const time = async (work: () => Promise<unknown>) => {
      await work(); // warm: first reads fill the page cache and the key cache
      return medianMs(work);
    };
    const whole = await workspaceAsOf(stores, actor, latest, { limit: 1000 });
    if (whole.scripts.length === 0) throw new Error('time-travel bench: the workspace came back empty');
    const figures: TimeTravelFigures = {
      scripts: options.scripts,
      events,
      workspaceLatestMs: await time(() => workspaceAsOf(stores, actor, latest, { limit: 1000 })),
      workspaceMidMs: await time(() => workspaceAsOf(stores, actor, mid, { limit: 1000 })),
      scriptMs: await time(() => scriptAsOf(stores, actor, sampleScript, mid)),
    };
    await readStore.close();
    await eventStore.close();
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 20 folders, then `scripts` scripts saved, moved and (one in ten) deleted, at evenly spaced instants over 30 days. */
async function seed(store: SealedEventStore, userId: string, options: { scripts: number; events: number }) {
  const start = Date.now() - 30 * DAY_MS;
  const perScript = Math.max(2, Math.floor(options.events / options.scripts));
  const step = Math.floor((30 * DAY_MS) / (options.scripts * perScript + 20));
  let clock = start;
  let events = 0;
  const meta = () => ({ actorId: `user:${userId}`, ownerId: userId, at: new Date((clock += step)).toISOString(), schemaVersion: 1 });
  const folders = Array.from({ length: 20 }, () => randomId(12));
  for (const [n, folderId] of folders.entries()) {
    await store.appendToStream(`folder-${folderId}`, [{ type: 'FolderCreated', data: { folderId, ownerId: userId, name: `folder ${n}`, parentId: null, isPublic: false }, metadata: meta() }], { expectedRevision: 'no_stream' });
    events++;
  }
  // Scripts interleaved over time, as a real workspace grows: each round gives every script one more event.
  const scripts = Array.from({ length: options.scripts }, (_, n) => ({ id: randomId(12), n, version: 0, deleted: false }));
  for (let round = 0; round < perScript; round++) {
    const batch: Promise<unknown>[] = [];
    for (const script of scripts) {
      if (script.deleted) continue;
      let event: NewEvent;
      if (round === 0) {
        script.version = 1;
        event = { type: 'ScriptCreated', data: { scriptId: script.id, ownerId: userId, title: `Script ${script.n}`, content: luaSource(`s${script.n}`, 1, 1024), folderId: null, version: 1, comment: 'Initial version' }, metadata: meta() };
      } else if (round === Math.floor(perScript / 3)) {
        event = { type: 'ScriptMoved', data: { scriptId: script.id, fromFolderId: null, folderId: folders[script.n % folders.length]! }, metadata: meta() };
      } else if (round === perScript - 1 && script.n % 10 === 0) {
        script.deleted = true;
        event = { type: 'ScriptDeleted', data: { scriptId: script.id }, metadata: meta() };
      } else {
        script.version++;
        event = { type: 'ScriptSaved', data: { scriptId: script.id, title: `Script ${script.n} r${round}`, content: luaSource(`s${script.n}`, script.version, 1024), version: script.version, comment: `save ${script.version}` }, metadata: meta() };
      }
      batch.push(store.appendToStream(`script-${script.id}`, [event], { expectedRevision: 'any' }));
      events++;
      if (batch.length >= 200) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
  }
  return { events, start, end: clock, sampleScript: scripts[1]!.id };
}

/** Memory and time of one script "as of" its end, over a history of `versions` versions of `versionBytes` each. */
export interface DeepScriptAsOfFigures {
  versions: number;
  contentMb: number;
  /** live V8 heap the answer added at its peak (after a full GC at every read of the log, events or headers), MB */
  peakLiveHeapGrowthMb: number;
  /** the longest the event loop (every other request of the process) waited while the answer was computed, ms */
  longestStallMs: number;
  /** as of its end, median ms */
  latestMs: number;
  /** as of its 10th version (baseline: the same stream read only to its start), median ms */
  earlyMs: number;
}

export async function measureDeepScriptAsOf(options: { versions: number; versionBytes: number }): Promise<DeepScriptAsOfFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-deep-asof-'));
  try {
    const eventStore = new SealedEventStore(openSqliteEventStore(join(dir, 'events.sqlite')), openSqliteDataKeyStore(join(dir, 'data-keys.sqlite')));
    const userId = randomId(12);
    const scriptId = randomId(12);
    const start = Date.now() - DAY_MS;
    const at = (version: number) => new Date(start + version * 1000).toISOString();
    const meta = (version: number) => ({ actorId: `user:${userId}`, ownerId: userId, at: at(version), schemaVersion: 1 });
    const content = (version: number) => luaSource(`deep`, version, options.versionBytes);
    await eventStore.appendToStream(
      `script-${scriptId}`,
      [{ type: 'ScriptCreated', data: { scriptId, ownerId: userId, title: 'Deep', content: content(1), folderId: null, version: 1, comment: '' }, metadata: meta(1) }],
      { expectedRevision: 'no_stream' },
    );
    for (let version = 2; version <= options.versions; version++) {
      const data = { scriptId, title: 'Deep', content: content(version), version, comment: `save ${version}` };
      await eventStore.appendToStream(`script-${scriptId}`, [{ type: 'ScriptSaved', data, metadata: meta(version) }], { expectedRevision: 'any' });
    }
    const readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const projector = new Projector(eventStore, readStore, allProjections);
    await projector.start();
    await projector.waitFor(await eventStore.headPosition(), 600_000);
    await projector.stop();

    // Live memory is sampled after each read of the log (events or headers), the moment a read's result is all held,
    // with a full GC first: garbage (pages already folded) is not what a long history costs.
    const collect = fullGc();
    let peakHeap = 0;
    let sampling = false;
    const sample = <T>(read: T): T => {
      if (sampling) {
        collect();
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }
      return read;
    };
    const sampled: typeof eventStore = Object.create(eventStore);
    sampled.readStream = async (stream, readOptions) => sample(await eventStore.readStream(stream, readOptions));
    sampled.readStreamHeaders = async (stream, readOptions) => sample(await eventStore.readStreamHeaders(stream, readOptions));
    const stores = { eventStore: sampled, readStore };
    const actor = { userId, actorId: `user:${userId}` };
    const latest = at(options.versions + 1);
    const answer = await scriptAsOf(stores, actor, scriptId, latest);
    if (answer.version !== options.versions) throw new Error(`deep as-of bench: got version ${answer.version}`);

    collect();
    const before = process.memoryUsage().heapUsed;
    sampling = true;
    await scriptAsOf(stores, actor, scriptId, latest);
    sampling = false;
    const figures: DeepScriptAsOfFigures = {
      versions: options.versions,
      contentMb: (options.versions * options.versionBytes) / 2 ** 20,
      peakLiveHeapGrowthMb: (peakHeap - before) / 2 ** 20,
      longestStallMs: await longestStallMs(() => scriptAsOf(stores, actor, scriptId, latest)),
      latestMs: await medianMs(() => scriptAsOf(stores, actor, scriptId, latest)),
      earlyMs: await medianMs(() => scriptAsOf(stores, actor, scriptId, at(10))),
    };
    await readStore.close();
    await eventStore.close();
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function longestStallMs(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await work();
  // one more turn: a loop held until the very end has not recorded that wait yet
  await new Promise((resolve) => setTimeout(resolve, 5));
  delay.disable();
  return delay.max / 1e6;
}

async function medianMs(work: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** V8's full garbage collection, for measuring live memory (the bench runs without `--expose-gc`). */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
