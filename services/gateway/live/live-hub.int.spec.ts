import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteEventStore } from '../../eventstore/sqlite-event-store';
import { openEmbeddedReadStore } from '../../../projections/read-store/embedded-read-store';
import { Projector } from '../../../projections/projector';
import { allProjections } from '../../../projections/registry';
import { changeFeedQueries } from '../../../projections/change-feed/queries';
import { LiveHub, type LiveMessage } from './live-hub';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const meta = { actorId: 'user:u1', at: new Date().toISOString(), schemaVersion: 1 };

async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'live-hub-'));
  const events = openSqliteEventStore(join(dir, 'events.sqlite'));
  const reads = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
  const projector = new Projector(events, reads, allProjections);
  await projector.start();
  cleanups.push(async () => {
    await projector.stop();
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const save = async (scriptId: string, ownerId: string, version: number) => {
    const event =
      version === 1
        ? { type: 'ScriptCreated', data: { scriptId, ownerId, title: 'T', content: 'x', folderId: null, version: 1, comment: '' }, metadata: meta }
        : { type: 'ScriptSaved', data: { scriptId, title: 'T', content: `x${version}`, version, comment: '' }, metadata: meta };
    await events.appendToStream(`script-${scriptId}`, [event], { expectedRevision: 'any' });
    await projector.waitFor(await events.headPosition());
  };
  /** Appends many saves of one new script at once (fast), `at` given per version. */
  const saveMany = async (scriptId: string, ownerId: string, versions: number, at: (version: number) => string) => {
    const list = [{ type: 'ScriptCreated', data: { scriptId, ownerId, title: 'T', content: 'x', folderId: null, version: 1, comment: '' }, metadata: { ...meta, at: at(1) } }];
    for (let v = 2; v <= versions; v++) list.push({ type: 'ScriptSaved', data: { scriptId, title: 'T', content: `x${v}`, version: v, comment: '' } as never, metadata: { ...meta, at: at(v) } });
    await events.appendToStream(`script-${scriptId}`, list, { expectedRevision: 'any' });
    await projector.waitFor(await events.headPosition(), 20_000);
  };
  return { reads, save, saveMany };
}

function collector() {
  const messages: LiveMessage[] = [];
  let closed = false;
  return {
    messages,
    get closed() {
      return closed;
    },
    stream: { send: (m: LiveMessage) => messages.push(m), close: () => (closed = true) },
    async waitFor(count: number) {
      const deadline = Date.now() + 5000;
      while (messages.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return messages;
    },
  };
}

describe('LiveHub', () => {
  it('polls with one timer when two first streams open at once, and stops it when both close', async () => {
    const { reads } = await setUp();
    const started = vi.spyOn(globalThis, 'setInterval');
    const stopped = vi.spyOn(globalThis, 'clearInterval');
    cleanups.push(() => {
      vi.restoreAllMocks();
    });
    const hub = new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: 20, log: () => {} });
    cleanups.push(() => hub.stop());
    const closes = await Promise.all([hub.subscribe('u1', null, collector().stream), hub.subscribe('u2', null, collector().stream)]);
    expect(started).toHaveBeenCalledTimes(1);
    for (const close of closes) close();
    expect(stopped).toHaveBeenCalledWith(started.mock.results[0]!.value);
  });

  it('two gateways polling the same feed, never woken, each deliver the same changes with the same ids', async () => {
    const { reads, save } = await setUp();
    const hubs = [1, 2].map(() => new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: 20, log: () => {} }));
    cleanups.push(() => hubs.forEach((hub) => hub.stop()));
    const seen = [collector(), collector()];
    const other = collector();
    await hubs[0]!.subscribe('u1', null, seen[0]!.stream);
    await hubs[1]!.subscribe('u1', null, seen[1]!.stream);
    await hubs[1]!.subscribe('u2', null, other.stream);

    await save('s1', 'u1', 1);
    await save('s1', 'u1', 2);
    await save('s2', 'u2', 1);
    const [a, b] = await Promise.all(seen.map((c) => c.waitFor(3)));
    expect(a!.map((m) => [m.type, m.data.version])).toEqual([['ready', undefined], ['script.created', 1], ['script.saved', 2]]);
    expect(b!.slice(1)).toEqual(a!.slice(1));
    expect((await other.waitFor(2)).map((m) => m.data.scriptId)).toEqual([undefined, 's2']);
  });

  it('a gateway without its own projector ends, at its next poll, the streams whose session is no longer live', async () => {
    const { reads } = await setUp();
    const live = new Set(['s1', 's2']);
    const asked: string[][] = [];
    const liveSessions = async (sessions: { userId: string; sessionId: string }[]) => {
      asked.push(sessions.map((s) => s.sessionId));
      return new Set(sessions.filter((s) => live.has(s.sessionId)).map((s) => s.sessionId));
    };
    const hub = new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: 20, liveSessions, log: () => {} });
    cleanups.push(() => hub.stop());
    const [kept, ended, anonymous] = [collector(), collector(), collector()];
    await hub.subscribe('u1', null, kept.stream, 's1');
    await hub.subscribe('u1', null, ended.stream, 's2');
    await hub.subscribe('u2', null, anonymous.stream); // no session (nothing to check)
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ended.closed).toBe(false);
    live.delete('s2'); // signed out, or its account deleted, through another gateway
    const deadline = Date.now() + 2000;
    while (!ended.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended.closed).toBe(true);
    expect(kept.closed).toBe(false);
    expect(anonymous.closed).toBe(false);
    expect(asked.every((ids) => ids.every((id) => id === 's1' || id === 's2'))).toBe(true);
  });

  it('with its own projector, ends the streams of a signed-out session or a deleted account as the batch lands', async () => {
    const { reads } = await setUp();
    const hub = new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: null, log: () => {} });
    cleanups.push(() => hub.stop());
    const [laptop, phone, other] = [collector(), collector(), collector()];
    await hub.subscribe('u1', null, laptop.stream, 's1');
    await hub.subscribe('u1', null, phone.stream, 's2');
    await hub.subscribe('u2', null, other.stream, 's3');
    hub.projected([{ type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's2' } }]);
    expect([laptop.closed, phone.closed, other.closed]).toEqual([false, true, false]);
    hub.projected([{ type: 'AccountDeleted', data: { userId: 'u1' } }]);
    expect([laptop.closed, other.closed]).toEqual([true, false]);
  });

  it('replays after an id, then goes on live, without sending an entry twice', async () => {
    const { reads, save } = await setUp();
    const hub = new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: null, log: () => {} });
    cleanups.push(() => hub.stop());
    await save('s1', 'u1', 1);
    const first = collector();
    await hub.subscribe('u1', -1n, first.stream);
    expect(first.messages.map((m) => m.type)).toEqual(['script.created']);

    await save('s1', 'u1', 2);
    await save('s1', 'u1', 3);
    const resumed = collector();
    await hub.subscribe('u1', BigInt(first.messages[0]!.id), resumed.stream);
    hub.wake(); // the projector's batch hook, late: the entries were replayed already
    await save('s1', 'u1', 4);
    hub.wake();
    expect((await resumed.waitFor(3)).map((m) => m.data.version)).toEqual([2, 3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resumed.messages).toHaveLength(3);
  });

  it('keeps the last 1,000 changes per user (plus slack); an id before what was pruned gets `reset`, a later one resumes', async () => {
    const { reads, saveMany } = await setUp();
    const hub = new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: null, log: () => {} });
    cleanups.push(() => hub.stop());
    await saveMany('s1', 'u1', 1110, () => meta.at);
    const all = await changeFeedQueries(reads).forUserAfter('u1', '', 10_000);
    expect(all.length).toBeGreaterThanOrEqual(1000);
    expect(all.length).toBeLessThanOrEqual(1100);

    const behind = collector();
    await hub.subscribe('u1', 0n, behind.stream); // before every entry still kept
    expect(behind.messages.map((m) => m.type)).toEqual(['reset']);

    const kept = collector();
    const from = BigInt(all[all.length - 3]!.positionKey as string);
    await hub.subscribe('u1', from, kept.stream);
    expect(kept.messages.map((m) => m.data.version)).toEqual([1109, 1110]);
  }, 60_000);

  it('keeps no change older than 24 hours (a catch-up over an old log writes none)', async () => {
    const { reads, saveMany } = await setUp();
    const hub = new LiveHub(reads, { maxStreamsPerUser: 10, pollMs: null, log: () => {} });
    cleanups.push(() => hub.stop());
    // versions 1-3 three days ago, 4-5 now
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    await saveMany('s1', 'u1', 5, (v) => (v <= 3 ? threeDaysAgo : new Date().toISOString()));
    const left = await changeFeedQueries(reads).forUserAfter('u1', '', 10_000);
    expect(left.map((e) => (e.data as { version: number }).version)).toEqual([4, 5]);
    const behind = collector();
    await hub.subscribe('u1', 1n, behind.stream);
    expect(behind.messages.map((m) => m.type)).toEqual(['reset']);
  });
});
