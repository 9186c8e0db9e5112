import type { EventStore } from '../eventstore/event-store';
import type { Metrics } from './metrics';

/** Counts appended events by type; everything else passes straight through. */
export function instrumentEventStore(store: EventStore, metrics: Metrics): EventStore {
  return {
    async appendToStream(stream, events, options) {
      const result = await store.appendToStream(stream, events, options);
      for (const event of events) metrics.eventsAppended.inc({ type: event.type });
      return result;
    },
    readStream: (stream, options) => store.readStream(stream, options),
    readStreamHeaders: (stream, options) => store.readStreamHeaders(stream, options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
