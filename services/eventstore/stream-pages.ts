import type { EventStore, RecordedEvent } from './event-store';

/**
 * Events per page when a stream of unknown length is folded: a typical script or folder stream is one read, and a
 * page of 64 KB versions holds the event loop about as long as a projector batch does (20-40 ms; 16 events made the
 * answers of many short streams slower, 64 doubled the wait). Memory: one page, bounded by the account's quota.
 */
export const STREAM_PAGE_SIZE = 32;

/**
 * A stream's events from `fromRevision` on, oldest first, one page at a time: a fold that keeps only its state holds
 * one page in memory however long the stream's history is. Stopping the loop early reads no further pages. Before
 * each further page the event loop gets a turn: the embedded log answers synchronously, and a fold of a long history
 * must not hold every other request (the raw path included) until it ends.
 */
export async function* streamPages(
  store: Pick<EventStore, 'readStream'>,
  stream: string,
  options: { fromRevision?: bigint; pageSize?: number } = {},
): AsyncGenerator<RecordedEvent[]> {
  const pageSize = options.pageSize ?? STREAM_PAGE_SIZE;
  let fromRevision = options.fromRevision ?? 0n;
  for (;;) {
    const page = await store.readStream(stream, { fromRevision, maxCount: pageSize });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    fromRevision = page[page.length - 1]!.revision + 1n;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
