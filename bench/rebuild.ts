import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, NewEvent } from '../services/eventstore/event-store';
import { openEventLog } from '../services/storage';
import { loadConfig } from '../services/config';
import { openEmbeddedReadStore } from '../projections/read-store/embedded-read-store';
import { Projector } from '../projections/projector';
import { allProjections } from '../projections/registry';
import { adoptReadModels } from '../projections/rebuild';
import { SNAPSHOTS_COLLECTION } from '../services/application/decision-states';
import { randomId } from '../services/security/secrets';
import { measureProjectionCosts, type ProjectionCost } from './rebuild-breakdown';

/**
 * Rebuild throughput: `count` realistic events (users, folders, scripts created, saved, shared, viewed)
 * projected into empty read models, next to a plain read of the same log (the baseline).
 */
export async function measureRebuild(count: number): Promise<{
  eventsPerSecond: number;
  readOnlyEventsPerSecond: number;
  cpuEventsPerSecond: number;
  count: number;
  /** the rebuilt read models swapped in by moving their file (what the embedded default does) */
  swapInMs: number;
  /** the same read models copied in document by document (what MongoDB does, and the embedded default did) */
  copyInMs: number;
  /** the projecting alone, per projection (a second rebuild, batch by batch: see rebuild-breakdown.ts) */
  byProjection: ProjectionCost[];
}> {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-rebuild-'));
  try {
    // The log as the server writes it: contents sealed with per-account keys, so the rebuild pays for opening them.
    const store = await openEventLog(loadConfig({ DATA_DIR: dir }));
    await seedForBench(store, count);
    const head = await store.headPosition();

    const readStarted = performance.now();
    const readAbort = new AbortController();
    for await (const event of store.subscribeToAll({ fromPosition: 'start', signal: readAbort.signal })) {
      if (event.position >= head) readAbort.abort();
    }
    const readSeconds = (performance.now() - readStarted) / 1000;

    const rebuiltFile = join(dir, 'read-models.rebuild.sqlite');
    const readStore = await openEmbeddedReadStore(process.env.REBUILD_MEMORY ? ':memory:' : rebuiltFile);
    const profiler = await startProfiler(process.env.BENCH_REBUILD_CPU_PROFILE);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const projector = new Projector(store, readStore, allProjections);
    await projector.start();
    await projector.waitFor(head, 600_000);
    await readStore.settleTextIndexes(); // the full-text index is part of the rebuild, written after the documents
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStarted);
    await profiler?.stop();
    await projector.stop();
    await readStore.close();
    await store.close();
    // events per second of CPU time: steadier than wall time on a shared machine
    const cpuEventsPerSecond = count / ((cpu.user + cpu.system) / 1e6);
    const { swapInMs, copyInMs } = process.env.REBUILD_MEMORY ? { swapInMs: NaN, copyInMs: NaN } : await measureSwapIn(dir, rebuiltFile);
    const byProjection = await measureByProjection(dir, head);
    return { eventsPerSecond: count / seconds, readOnlyEventsPerSecond: count / readSeconds, cpuEventsPerSecond, count, swapInMs, copyInMs, byProjection };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same log projected again into a fresh file, timed per projection. */
async function measureByProjection(dir: string, head: bigint): Promise<ProjectionCost[]> {
  const store = await openEventLog(loadConfig({ DATA_DIR: dir }));
  const readStore = await openEmbeddedReadStore(join(dir, 'read-models.by-projection.sqlite'));
  try {
    return await measureProjectionCosts(store, readStore, allProjections, head);
  } finally {
    await readStore.close();
    await store.close();
  }
}

/** A CPU profile of the rebuild alone (not the seeding) written to `file`, when set: where a rebuild's time goes. */
async function startProfiler(file: string | undefined): Promise<{ stop(): Promise<void> } | null> {
  if (!file) return null;
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Adopting the rebuilt read models into a live store: by copying every document, then by moving the file. */
async function measureSwapIn(dir: string, rebuiltFile: string): Promise<{ swapInMs: number; copyInMs: number }> {
  const rebuilt = await openEmbeddedReadStore(rebuiltFile);
  const copied = await openEmbeddedReadStore(join(dir, 'live-copied.sqlite'));
  const copyStarted = performance.now();
  await adoptReadModels(rebuilt, copied, allProjections);
  const copyInMs = performance.now() - copyStarted;
  await copied.close();
  await rebuilt.close();

  const live = await openEmbeddedReadStore(join(dir, 'live.sqlite'), { backgroundCheckpoints: true });
  const swapStarted = performance.now();
  await live.replaceWithFile(rebuiltFile, [SNAPSHOTS_COLLECTION]);
  const swapInMs = performance.now() - swapStarted;
  await live.close();
  return { swapInMs, copyInMs };
}

export async function seedForBench(store: EventStore, count: number): Promise<void> {
  const meta = (actorId: string) => ({ actorId, at: new Date().toISOString(), schemaVersion: 1, ownerId: actorId });
  const content = (n: number) => `-- script ${n}\nlocal Players = game:GetService("Players")\nprint("version ${n}")\n`.repeat(3);
  let written = 0;
  const pending: Promise<unknown>[] = [];
  const append = (stream: string, events: NewEvent[]) => {
    written += events.length;
    pending.push(store.appendToStream(stream, events, { expectedRevision: 'any' }));
  };
  for (let u = 0; written < count; u++) {
    const userId = randomId(12); // random like production ids: read-model writes land all over their B-trees
    append(`user-${userId}`, [{ type: 'UserRegistered', data: { userId, username: `user${u}`, passwordHash: 'x', email: null }, metadata: meta(userId) }]);
    const folderId = randomId(12);
    append(`folder-${folderId}`, [{ type: 'FolderCreated', data: { folderId, ownerId: userId, name: 'src', parentId: null, isPublic: false }, metadata: meta(userId) }]);
    for (let s = 0; s < 10 && written < count; s++) {
      const scriptId = randomId(12);
      const events: NewEvent[] = [
        { type: 'ScriptCreated', data: { scriptId, ownerId: userId, title: `Script ${s}`, content: content(1), folderId: s % 2 ? folderId : null, version: 1, comment: 'Initial version' }, metadata: meta(userId) },
      ];
      for (let v = 2; v <= 6; v++) events.push({ type: 'ScriptSaved', data: { scriptId, title: `Script ${s}`, content: content(v), version: v, comment: `v${v}` }, metadata: meta(userId) });
      events.push({ type: 'ScriptShared', data: { scriptId, shareId: randomId(12) }, metadata: meta(userId) });
      append(`script-${scriptId}`, events);
      append(`scriptviews-${scriptId}`, [{ type: 'ScriptViewsCounted', data: { scriptId, count: 3 }, metadata: meta('system:views') }]);
    }
    if (pending.length > 500) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}
