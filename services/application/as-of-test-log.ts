import type { EventHeader, ReadStreamOptions, RecordedEvent } from '../eventstore/event-store';
import type { folderAsOfFold, scriptAsOfFold } from './as-of-folds';

/** Test helpers for "as of" replays: events of one stream, a log in memory that records its reads, the expected fold. */

export const recorded = (type: string, data: Record<string, unknown>, at: string, position: number): RecordedEvent => ({
  streamName: 'script-s1',
  revision: BigInt(position),
  position: BigInt(position),
  type,
  data,
  metadata: { actorId: 'user:u1', at, schemaVersion: 1 },
});

/** One stream in memory, read as both adapters read it (synchronously, as the embedded log), every read recorded. */
export function memoryLog(events: RecordedEvent[]) {
  const reads = { full: [] as RecordedEvent[][], headers: [] as EventHeader[][] };
  const slice = (options: ReadStreamOptions = {}) => {
    const from = events.findIndex((e) => e.revision >= (options.fromRevision ?? 0n));
    return from === -1 ? [] : events.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
  };
  return {
    reads,
    readStream: async (_stream: string, options?: ReadStreamOptions) => {
      const page = slice(options);
      reads.full.push(page);
      return page;
    },
    readStreamHeaders: async (_stream: string, options?: ReadStreamOptions) => {
      const page = slice(options).map(({ data: _data, ...header }) => header);
      reads.headers.push(page);
      return page;
    },
  };
}

/** What replaying must equal: every event of the prefix folded, every audited one an entry, the newest `keep` kept. */
export function foldEveryEvent<S>(fold: typeof scriptAsOfFold | typeof folderAsOfFold, events: RecordedEvent[], at: string, keep: number) {
  const end = events.findIndex((e) => e.metadata.at > at);
  const prefix = end === -1 ? events : events.slice(0, end);
  let state: S | null = null;
  for (const event of prefix) state = (fold.evolve as (s: S | null, e: RecordedEvent) => S | null)(state, event);
  const entries = prefix.filter((e) => fold.auditedTypes.has(e.type)).map((e) => fold.entry(e));
  return state === null ? null : { ...state, history: entries.slice(-keep), historyCount: entries.length };
}

