import type { EventMetadata } from '../domain/shared/events';

/**
 * The event-store port. Two adapters implement it: SQLite (embedded default)
 * and EventStoreDB. One contract suite (`event-store.contract.ts`) runs against both.
 */

/** `no_stream`: the stream must not exist; `stream_exists`; `any`; or the exact revision of the stream's last event (0n-based). */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface NewEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  streamName: string;
  /** revision of this event inside its stream, from 0n */
  revision: bigint;
  /** global position in the log; strictly increasing in `$all` order */
  position: bigint;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** An event without its data: enough to choose which events of a stream to read in full. */
export type EventHeader = Omit<RecordedEvent, 'data'>;

export interface AppendResult {
  /** revision of the last event appended */
  nextRevision: bigint;
  /** global position of the last event appended: a reader waits for projections to pass it */
  position: bigint;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export interface EventStore {
  /** Appends atomically or not at all. Throws `WrongExpectedRevisionError` on a revision mismatch. */
  appendToStream(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Events of one stream in order, from `fromRevision` (inclusive; default 0n), at most `maxCount` of them (default:
   * all); a missing stream reads as empty. A caller folding a stream of unknown length reads it a page at a time
   * (see `streamPages`): a whole stream held at once is a cost that grows with its history.
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The same events as `readStream`, without their data: nothing is opened or parsed beyond type and metadata, so a
   * caller can scan a long stream cheaply and read in full only the events it needs (time travel does).
   */
  readStreamHeaders(stream: string, options?: ReadStreamOptions): Promise<EventHeader[]>;
  /**
   * Catch-up then live: every event after `fromPosition` (exclusive; `start` for the beginning),
   * skipping system events. Ends when `signal` aborts.
   */
  subscribeToAll(options: { fromPosition: bigint | 'start'; signal: AbortSignal }): AsyncIterable<RecordedEvent>;
  /** Position of the newest event in the log (`-1n` when empty): used for readiness and lag. */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}
