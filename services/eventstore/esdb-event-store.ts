import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventMetadata } from '../domain/shared/events';
import type { AppendResult, EventHeader, EventStore, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent } from './event-store';
import { SubscriptionErrors } from './subscription-errors';

/**
 * EventStoreDB adapter (`@eventstore/db-client` 6.2.1; API checked against the installed typings and the
 * client's docs, kurrent-io/KurrentDB-Client-NodeJS docs/api/subscriptions.md).
 *
 * Positions: an `$all` position is `{ commit, prepare }`; we keep only `commit` as our bigint position.
 * The docs ("Checkpointing") say to store the commit or the prepare position; the two differ only for
 * events written with the legacy TCP client's explicit transactions, which we never use. So we resume
 * from `{ commit: p, prepare: p }` (exclusive, as every `$all` subscription position is).
 */

export class EsdbEventStore implements EventStore {
  constructor(
    private readonly client: EventStoreDBClient,
    private readonly subscriptionErrors = new SubscriptionErrors({ log: (message, error) => console.error(message, error ?? '') }),
  ) {}

  async appendToStream(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    // The client serializes inside an async Promise executor (batchAppend): a JSON.stringify error there
    // never settles the returned promise. Serialize once here so such an append rejects, sending nothing.
    for (const event of events) JSON.stringify([event.data, event.metadata]);
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((event) =>
          jsonEvent({ type: event.type, data: (event.data ?? null) as JSONType, metadata: event.metadata as unknown as JSONType }),
        ),
        { expectedRevision: toEsdbExpected(options.expectedRevision) },
      );
      // The append result carries the commit position of the last event written.
      return { nextRevision: result.nextExpectedRevision, position: result.position?.commit ?? -1n };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        // `expected` is what we sent (the server's echo varies between append paths); `actual` is a bigint or 'no_stream'.
        const expected = options.expectedRevision;
        throw new WrongExpectedRevisionError(
          stream,
          typeof expected === 'bigint' ? expected.toString() : expected,
          String(error.actualVersion),
        );
      }
      throw error;
    }
  }

  readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.read(stream, options, toRecorded);
  }

  /** EventStoreDB has no read without data: each event's data is dropped as it arrives (never held for a page). */
  readStreamHeaders(stream: string, options: ReadStreamOptions = {}): Promise<EventHeader[]> {
    return this.read(stream, options, (event) => {
      const { data: _data, ...header } = toRecorded(event);
      return header;
    });
  }

  private async read<T>(stream: string, options: ReadStreamOptions, map: (event: EsdbRecordedEvent) => T): Promise<T[]> {
    const out: T[] = [];
    if (options.maxCount === 0) return out;
    try {
      // fromRevision: START or a bigint revision (inclusive); maxCount: the client's default (all) when unset.
      const fromRevision = options.fromRevision && options.fromRevision > 0n ? options.fromRevision : START;
      const read = this.client.readStream(stream, options.maxCount === undefined ? { fromRevision } : { fromRevision, maxCount: options.maxCount });
      for await (const resolved of read) {
        if (resolved.event) out.push(map(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async *subscribeToAll(options: { fromPosition: bigint | 'start'; signal: AbortSignal }): AsyncGenerator<RecordedEvent> {
    const { signal } = options;
    let last = options.fromPosition;
    const retry = this.subscriptionErrors.retry('event store subscription');
    while (!signal.aborted) {
      const fromPosition: ReadPosition = last === 'start' || last < 0n ? START : { commit: last, prepare: last };
      let failure: unknown = undefined; // stays undefined when the subscription just ends
      const subscription = this.client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
      const stop = () => void subscription.unsubscribe().catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      try {
        // `for await` gives backpressure; an async on('data') handler would not.
        for await (const resolved of subscription) {
          if (!resolved.event) continue;
          const event = toRecorded(resolved.event);
          retry.delivered();
          last = event.position;
          yield event;
          if (signal.aborted) return;
        }
      } catch (error) {
        // A dropped subscription ends with an error: resubscribe from the last delivered position.
        failure = error;
      } finally {
        signal.removeEventListener('abort', stop);
        stop();
      }
      if (signal.aborted) return;
      await sleep(retry.failed(failure), signal);
    }
  }

  async headPosition(): Promise<bigint> {
    // readAll has no server-side filter in 6.x: walk back from the end past system events ($-prefixed types).
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (event && !event.type.startsWith('$')) return event.position.commit;
      }
    } finally {
      await read.cancel().catch(() => undefined);
    }
    return -1n;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  return {
    streamName: event.streamId,
    revision: event.revision,
    // Servers before 22.6 return no position on stream reads; 24.10 does.
    position: event.position?.commit ?? -1n,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** `esdb://host:2113?tls=false` for an insecure single node. */
export function openEsdbEventStore(connectionString: string, subscriptionErrors?: SubscriptionErrors): EsdbEventStore {
  return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString), subscriptionErrors);
}
