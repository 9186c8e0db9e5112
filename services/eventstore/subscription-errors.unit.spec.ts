import { describe, expect, it } from 'vitest';
import type { EventStoreDBClient } from '@eventstore/db-client';
import { EsdbEventStore } from './esdb-event-store';
import { SubscriptionErrors } from './subscription-errors';

/** Errors shaped like the EventStoreDB client's (`type` is its ErrorType). */
const esdbError = (type: string) => Object.assign(new Error(`${type} from the server`), { type });

const recorded = (position: bigint) => ({
  event: { streamId: 's-1', revision: position, position: { commit: position, prepare: position }, type: 'ScriptSaved', data: {}, metadata: {} },
});

/** A client whose n-th subscribeToAll call plays the n-th script: events to deliver, then an error to throw (if any). */
function fakeClient(scripts: { events: bigint[]; error?: Error }[]) {
  const from: unknown[] = [];
  const client = {
    subscribeToAll(options: { fromPosition: unknown }) {
      from.push(options.fromPosition);
      const script = scripts.shift() ?? { events: [], error: esdbError('unavailable') };
      return {
        async *[Symbol.asyncIterator]() {
          for (const position of script.events) yield recorded(position);
          if (script.error) throw script.error;
        },
        unsubscribe: async () => undefined,
      };
    },
  };
  return { client: client as unknown as EventStoreDBClient, from };
}

function recorder() {
  const logs: string[] = [];
  const counts: Record<string, number> = {};
  const errors = new SubscriptionErrors({
    log: (message) => logs.push(message),
    count: (kind) => (counts[kind] = (counts[kind] ?? 0) + 1),
    baseDelayMs: 1,
    maxDelayMs: 4,
  });
  return { logs, counts, errors };
}

describe('EventStoreDB subscription errors', () => {
  it('are logged once per kind, counted by kind, and retried from the last delivered position', async () => {
    const { logs, counts, errors } = recorder();
    const { client, from } = fakeClient([
      { events: [], error: esdbError('access-denied') },
      { events: [], error: esdbError('access-denied') },
      { events: [], error: esdbError('access-denied') },
      { events: [], error: new Error('socket hang up') },
      { events: [5n, 6n], error: esdbError('unavailable') },
      { events: [7n] },
    ]);
    const store = new EsdbEventStore(client, errors);
    const abort = new AbortController();
    const seen: bigint[] = [];
    for await (const event of store.subscribeToAll({ fromPosition: 'start', signal: abort.signal })) {
      seen.push(event.position);
      if (seen.length === 3) abort.abort();
    }

    expect(seen).toEqual([5n, 6n, 7n]);
    expect(counts).toEqual({ 'access-denied': 3, other: 1, unavailable: 1 });
    expect(logs.filter((line) => line.includes('(access-denied)'))).toHaveLength(1);
    expect(logs.filter((line) => line.includes('(other)'))).toHaveLength(1);
    // Delivering again ends the outage: it is said once, and a new failure of a kind seen before is logged again.
    expect(logs.filter((line) => line.includes('resumed after 4 failed attempts'))).toHaveLength(1);
    expect(logs.filter((line) => line.includes('(unavailable)'))).toHaveLength(1);
    // Resubscribed from the start until something was delivered, then after position 6.
    expect(from.slice(0, 5).every((position) => position === from[0])).toBe(true);
    expect(from[5]).toEqual({ commit: 6n, prepare: 6n });
  });

  it('back off exponentially up to the cap, and start over once the subscription delivers', () => {
    const { errors } = recorder();
    const retry = errors.retry('test subscription');
    expect([1, 2, 3, 4, 5].map(() => retry.failed(esdbError('unavailable')))).toEqual([1, 2, 4, 4, 4]);
    retry.delivered();
    expect(retry.failed(undefined)).toBe(1);
  });

  it('count a subscription that ends without an error as `ended`', async () => {
    const { counts, errors } = recorder();
    const { client } = fakeClient([{ events: [1n] }, { events: [2n] }]);
    const abort = new AbortController();
    const seen: bigint[] = [];
    for await (const event of new EsdbEventStore(client, errors).subscribeToAll({ fromPosition: 'start', signal: abort.signal })) {
      seen.push(event.position);
      if (seen.length === 2) abort.abort();
    }
    expect(seen).toEqual([1n, 2n]);
    expect(counts).toEqual({ ended: 1 });
  });
});
