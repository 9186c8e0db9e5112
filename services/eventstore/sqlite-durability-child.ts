/**
 * Test helper for `sqlite-event-store.int.spec.ts`: appends to the SQLite file given as argv[2] until
 * killed, printing `position stream revision` once each append is acknowledged (resolved = committed).
 * Several appends are kept in flight so that group commit is exercised too.
 */
import { openSqliteEventStore } from './sqlite-event-store';

const store = openSqliteEventStore(process.argv[2]!);
const streams = Array.from({ length: 8 }, (_, i) => `durable-${i}`);
const metadata = { actorId: 'system', at: new Date(0).toISOString(), schemaVersion: 1 };

async function writer(streamName: string): Promise<never> {
  let revision = -1n;
  for (let i = 0; ; i++) {
    const count = 1 + (i % 3);
    const events = Array.from({ length: count }, (_, k) => ({ type: 'Tick', data: { i, k, pad: 'x'.repeat(512) }, metadata }));
    const result = await store.appendToStream(streamName, events, { expectedRevision: revision === -1n ? 'no_stream' : revision });
    revision = result.nextRevision;
    process.stdout.write(`${result.position} ${streamName} ${result.nextRevision}\n`);
  }
}

await Promise.all(streams.map(writer));
