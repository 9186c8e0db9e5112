import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventHeader, EventStore, ReadStreamOptions, RecordedEvent } from './event-store';

/**
 * Events per page when a stream of unknown length is folded: a typical script or folder stream is one read, and a
 * page of 64 KB versions holds the event loop about as long as a projector batch does (20-40 ms; 16 events made the
 * answers of many short streams slower, 64 doubled the wait). Memory: one page, bounded by the account's quota.
 */
export const STREAM_PAGE_SIZE = 32;

/**
 * Headers per page: a few hundred bytes each. 256 holds the event loop about as long as a page of events (1,000 doubled
 * the wait, and an instant early in a long history read a thousand headers it did not need).
 */
export const HEADER_PAGE_SIZE = 256;

type PageOptions = { fromRevision?: bigint };

/**
 * A stream's events from `fromRevision` on, oldest first, one page at a time: a fold that keeps only its state holds
 * one page in memory however long the stream's history is. Stopping the loop early reads no further pages. Before
 * each further page the event loop gets a turn: the embedded log answers synchronously, and a fold of a long history
 * must not hold every other request (the raw path included) until it ends.
 */
export function streamPages(store: Pick<EventStore, 'readStream'>, stream: string, options: PageOptions = {}): AsyncGenerator<RecordedEvent[]> {
  return pages((read) => store.readStream(stream, read), options.fromRevision, STREAM_PAGE_SIZE);
}

/** The same for headers (events without their data): a long stream scanned cheaply, a page at a time. */
export function headerPages(store: Pick<EventStore, 'readStreamHeaders'>, stream: string, options: PageOptions = {}): AsyncGenerator<EventHeader[]> {
  return pages((read) => store.readStreamHeaders(stream, read), options.fromRevision, HEADER_PAGE_SIZE);
}

async function* pages<T extends EventHeader>(read: (options: ReadStreamOptions) => Promise<T[]>, from = 0n, pageSize: number): AsyncGenerator<T[]> {
  let fromRevision = from;
  for (;;) {
    const page = await read({ fromRevision, maxCount: pageSize });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    fromRevision = page[page.length - 1]!.revision + 1n;
    await nextTurn();
  }
}
