import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventMetadata } from '../domain/shared/events';
import type { EventStore, NewEvent, RecordedEvent } from './event-store';

/**
 * The one contract every EventStore adapter passes. The store a factory returns may already hold
 * events (a shared EventStoreDB container): every test uses fresh stream names and only looks at
 * its own streams in `$all`.
 */
export function eventStoreContract(name: string, factory: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('appends and reads a stream back in order, revisions from 0', async () => {
      const s = stream('order');
      const first = await store.appendToStream(s, [ev('Created', { n: 0 }), ev('Renamed', { n: 1 })], { expectedRevision: 'no_stream' });
      expect(first.nextRevision).toBe(1n);
      const second = await store.appendToStream(s, [ev('Renamed', { n: 2 })], { expectedRevision: 1n });
      expect(second.nextRevision).toBe(2n);
      expect(second.position).toBeGreaterThan(first.position);

      const read = await store.readStream(s);
      expect(read.map((e) => [e.streamName, e.revision, e.type, e.data])).toEqual([
        [s, 0n, 'Created', { n: 0 }],
        [s, 1n, 'Renamed', { n: 1 }],
        [s, 2n, 'Renamed', { n: 2 }],
      ]);
      expectStrictlyIncreasing(read.map((e) => e.position));
      expect(read[1]!.position).toBe(first.position);
      expect(read[2]!.position).toBe(second.position);
    });

    it('reads a stream from a revision (inclusive), for callers that keep state up to a known revision', async () => {
      const s = stream('from-revision');
      await store.appendToStream(s, [ev('A'), ev('B'), ev('C')], { expectedRevision: 'no_stream' });
      expect((await store.readStream(s, { fromRevision: 1n })).map((e) => [e.revision, e.type])).toEqual([
        [1n, 'B'],
        [2n, 'C'],
      ]);
      expect(await store.readStream(s, { fromRevision: 3n })).toEqual([]);
      expect(await store.readStream(stream('missing-from'), { fromRevision: 2n })).toEqual([]);
    });

    it('reads at most maxCount events from a revision, so a long stream can be read a page at a time', async () => {
      const s = stream('max-count');
      await store.appendToStream(s, ['A', 'B', 'C', 'D', 'E'].map((type) => ev(type)), { expectedRevision: 'no_stream' });
      expect((await store.readStream(s, { maxCount: 2 })).map((e) => [e.revision, e.type])).toEqual([
        [0n, 'A'],
        [1n, 'B'],
      ]);
      expect((await store.readStream(s, { fromRevision: 3n, maxCount: 2 })).map((e) => e.type)).toEqual(['D', 'E']);
      expect((await store.readStream(s, { fromRevision: 4n, maxCount: 2 })).map((e) => e.type)).toEqual(['E']);
      expect(await store.readStream(s, { fromRevision: 1n, maxCount: 0 })).toEqual([]);
      expect(await store.readStream(stream('missing-max'), { maxCount: 2 })).toEqual([]);
    });

    it('reads the headers of the same events without their data, from a revision and at most maxCount', async () => {
      const s = stream('headers');
      await store.appendToStream(s, [ev('A', { n: 0 }), ev('B', { n: 1 }), ev('C', { n: 2 })], { expectedRevision: 'no_stream' });
      const full = await store.readStream(s, { fromRevision: 1n, maxCount: 1 });
      const headers = await store.readStreamHeaders(s, { fromRevision: 1n, maxCount: 1 });
      expect(headers).toEqual(full.map(({ data: _data, ...header }) => header));
      expect(headers[0]).not.toHaveProperty('data');
      expect((await store.readStreamHeaders(s)).map((h) => [h.revision, h.type])).toEqual([
        [0n, 'A'],
        [1n, 'B'],
        [2n, 'C'],
      ]);
      expect(await store.readStreamHeaders(stream('missing-headers'))).toEqual([]);
    });

    it('reads a missing stream as []', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it("expectedRevision 'no_stream' creates a stream and conflicts once it exists", async () => {
      const s = stream('no-stream');
      await store.appendToStream(s, [ev('A')], { expectedRevision: 'no_stream' });
      const error = await rejection(store.appendToStream(s, [ev('B')], { expectedRevision: 'no_stream' }));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: s, expected: 'no_stream', actual: '0' });
      expect(await types(store, s)).toEqual(['A']);
    });

    it("expectedRevision 'stream_exists' conflicts on a missing stream and appends to an existing one", async () => {
      const s = stream('exists');
      const error = await rejection(store.appendToStream(s, [ev('A')], { expectedRevision: 'stream_exists' }));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: s, expected: 'stream_exists', actual: 'no_stream' });
      expect(await store.readStream(s)).toEqual([]);

      await store.appendToStream(s, [ev('A')], { expectedRevision: 'no_stream' });
      const result = await store.appendToStream(s, [ev('B')], { expectedRevision: 'stream_exists' });
      expect(result.nextRevision).toBe(1n);
      expect(await types(store, s)).toEqual(['A', 'B']);
    });

    it("expectedRevision 'any' appends whether or not the stream exists", async () => {
      const s = stream('any');
      expect((await store.appendToStream(s, [ev('A')], { expectedRevision: 'any' })).nextRevision).toBe(0n);
      expect((await store.appendToStream(s, [ev('B'), ev('C')], { expectedRevision: 'any' })).nextRevision).toBe(2n);
      expect(await types(store, s)).toEqual(['A', 'B', 'C']);
    });

    it('an exact revision appends at the current revision and conflicts otherwise, appending nothing', async () => {
      const s = stream('exact');
      const missing = await rejection(store.appendToStream(s, [ev('X')], { expectedRevision: 0n }));
      expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
      expect(missing).toMatchObject({ expected: '0', actual: 'no_stream' });

      await store.appendToStream(s, [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
      for (const stale of [0n, 2n, 7n]) {
        const error = await rejection(store.appendToStream(s, [ev('X'), ev('Y')], { expectedRevision: stale }));
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ stream: s, expected: stale.toString(), actual: '1' });
      }
      expect((await store.appendToStream(s, [ev('C')], { expectedRevision: 1n })).nextRevision).toBe(2n);
      expect(await types(store, s)).toEqual(['A', 'B', 'C']);
    });

    it('of concurrent appends with the same expected revision, exactly one wins', async () => {
      for (const expectedRevision of ['no_stream', 0n] as const) {
        const s = stream('race');
        if (expectedRevision === 0n) await store.appendToStream(s, [ev('Seed')], { expectedRevision: 'no_stream' });
        const racers = ['R0', 'R1', 'R2', 'R3', 'R4'];
        const outcomes = await Promise.allSettled(
          racers.map((type) => store.appendToStream(s, [ev(type), ev(`${type}-second`)], { expectedRevision })),
        );
        const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [racers[i]!] : []));
        expect(won).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const seed = expectedRevision === 0n ? ['Seed'] : [];
        expect(await types(store, s)).toEqual([...seed, won[0], `${won[0]}-second`]);
      }
    });

    it('a multi-event append is atomic: all of it or none of it, contiguous in $all', async () => {
      const broken = stream('broken');
      const unserializable = { big: 1n }; // JSON.stringify throws on a bigint
      await expect(
        store.appendToStream(broken, [ev('A'), ev('B'), ev('C', unserializable)], { expectedRevision: 'any' }),
      ).rejects.toThrow();
      expect(await store.readStream(broken)).toEqual([]);

      const before = await store.headPosition();
      const a = stream('atomic-a');
      const b = stream('atomic-b');
      const batch = (prefix: string) => Array.from({ length: 5 }, (_, i) => ev(`${prefix}${i}`, { i }));
      const [ra, rb] = await Promise.all([
        store.appendToStream(a, batch('A'), { expectedRevision: 'no_stream' }),
        store.appendToStream(b, batch('B'), { expectedRevision: 'no_stream' }),
      ]);
      expect([ra.nextRevision, rb.nextRevision]).toEqual([4n, 4n]);

      const seen = (await collect(store, before, (es) => mine(es, a, b).length === 10)).filter((e) => [a, b].includes(e.streamName));
      expect(seen).toHaveLength(10);
      const order = seen.map((e) => e.streamName);
      // each append's five events are adjacent: no event of the other append in between
      expect([order.slice(0, 5), order.slice(5)].map((part) => new Set(part).size)).toEqual([1, 1]);
      expect(seen.filter((e) => e.streamName === a).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(seen.filter((e) => e.streamName === a).at(-1)!.position).toBe(ra.position);
      expect(seen.filter((e) => e.streamName === b).at(-1)!.position).toBe(rb.position);
    });

    it('round-trips data and metadata (actorId, at, schemaVersion)', async () => {
      const s = stream('meta');
      const metadata: EventMetadata = { actorId: 'apikey:k_9f3', at: '2026-11-02T08:15:30.123Z', schemaVersion: 3 };
      const data = { title: 'naïve — 日本 ✓', lines: ['local x = 1', 'return x'], nested: { ok: true, n: 1.5, none: null } };
      const before = await store.headPosition();
      const { position } = await store.appendToStream(s, [{ type: 'ScriptCreated', data, metadata }], { expectedRevision: 'no_stream' });

      const [read] = await store.readStream(s);
      expect(read).toEqual({ streamName: s, revision: 0n, position, type: 'ScriptCreated', data, metadata });
      const [live] = mine(await collect(store, before, (es) => mine(es, s).length === 1), s);
      expect(live).toEqual(read);
    });

    it('headPosition is the position of the newest event', async () => {
      const initial = await store.headPosition();
      expect(initial).toBeGreaterThanOrEqual(-1n);
      const first = await store.appendToStream(stream('head'), [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
      expect(first.position).toBeGreaterThan(initial);
      expect(await store.headPosition()).toBe(first.position);
      const second = await store.appendToStream(stream('head'), [ev('C')], { expectedRevision: 'no_stream' });
      expect(await store.headPosition()).toBe(second.position);
    });

    it('subscribeToAll catches up, then delivers events appended later (live)', async () => {
      const s = stream('sub');
      await store.appendToStream(s, [ev('Old0'), ev('Old1')], { expectedRevision: 'no_stream' });

      let liveAppended = false;
      const seen = await collect(store, 'start', (es) => {
        const own = mine(es, s);
        if (own.length === 2 && !liveAppended) {
          liveAppended = true;
          // appended while the subscription is waiting in live mode
          setTimeout(() => void store.appendToStream(s, [ev('New2'), ev('New3')], { expectedRevision: 1n }), 150);
        }
        return own.length === 4;
      });
      expect(mine(seen, s).map((e) => [e.type, e.revision])).toEqual([
        ['Old0', 0n],
        ['Old1', 1n],
        ['New2', 2n],
        ['New3', 3n],
      ]);
      expectStrictlyIncreasing(seen.map((e) => e.position));
    });

    it('subscribeToAll from a position is exclusive and positions strictly increase', async () => {
      const s = stream('from');
      const t = stream('from-other');
      await store.appendToStream(s, [ev('E0')], { expectedRevision: 'no_stream' });
      const mid = await store.appendToStream(t, [ev('T0')], { expectedRevision: 'no_stream' });
      const last = await store.appendToStream(s, [ev('E1'), ev('E2')], { expectedRevision: 0n });

      const seen = await collect(store, mid.position, (es) => mine(es, s).length === 2);
      expect(seen[0]!.position).toBeGreaterThan(mid.position);
      expect(mine(seen, s, t).map((e) => e.type)).toEqual(['E1', 'E2']);
      expect(seen.at(-1)!.position).toBe(last.position);
      expectStrictlyIncreasing(seen.map((e) => e.position));

      // from the head: nothing old, only what comes next
      const head = await store.headPosition();
      setTimeout(() => void store.appendToStream(s, [ev('E3')], { expectedRevision: 2n }), 100);
      const next = await collect(store, head, (es) => mine(es, s).length === 1);
      expect(mine(next, s).map((e) => e.type)).toEqual(['E3']);
      expect(next.every((e) => e.position > head)).toBe(true);
    });

    it('aborting the signal ends the iteration, in catch-up and in live mode', async () => {
      const s = stream('abort');
      await store.appendToStream(s, [ev('A'), ev('B'), ev('C')], { expectedRevision: 'no_stream' });

      const already = new AbortController();
      already.abort();
      const none: RecordedEvent[] = [];
      for await (const e of store.subscribeToAll({ fromPosition: 'start', signal: already.signal })) none.push(e);
      expect(none).toEqual([]);

      // live: the iterator is parked waiting for new events when the signal aborts
      const controller = new AbortController();
      const head = await store.headPosition();
      const started = Date.now();
      setTimeout(() => controller.abort(), 200);
      const got: RecordedEvent[] = [];
      for await (const e of store.subscribeToAll({ fromPosition: head, signal: controller.signal })) got.push(e);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(mine(got, s)).toEqual([]);

      // catch-up: aborting between two events stops the delivery
      const mid = new AbortController();
      const delivered: RecordedEvent[] = [];
      for await (const e of store.subscribeToAll({ fromPosition: 'start', signal: mid.signal })) {
        delivered.push(e);
        if (e.streamName === s && e.revision === 1n) mid.abort();
      }
      expect(mine(delivered, s).map((e) => e.type)).toEqual(['A', 'B']);
    });
  });
}

function stream(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

const metadata: EventMetadata = { actorId: 'user-1', at: '2026-11-01T10:00:00.000Z', schemaVersion: 1 };

function ev(type: string, data: unknown = { type }): NewEvent {
  return { type, data, metadata };
}

async function types(store: EventStore, s: string): Promise<string[]> {
  return (await store.readStream(s)).map((e) => e.type);
}

function mine(events: RecordedEvent[], ...streams: string[]): RecordedEvent[] {
  return events.filter((e) => streams.includes(e.streamName));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function expectStrictlyIncreasing(values: bigint[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
}

/** Subscribes until `until` holds for what was delivered (or 10 s pass), then aborts. */
async function collect(
  store: EventStore,
  fromPosition: bigint | 'start',
  until: (events: RecordedEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: RecordedEvent[] = [];
  try {
    for await (const event of store.subscribeToAll({ fromPosition, signal: controller.signal })) {
      events.push(event);
      if (until(events)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}
