import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '../eventstore/event-store';
import { headerPages, STREAM_PAGE_SIZE } from '../eventstore/stream-pages';

/** One line of an "as of" audit trail. */
export interface HistoryEntryAsOf {
  position: string;
  type: string;
  actorId: string;
  at: string;
  summary: string;
}

/** What a stream's replay answers besides its state: the newest audit entries (oldest first) and how many there were. */
export interface History {
  history: HistoryEntryAsOf[];
  historyCount: number;
}

/**
 * How one kind of stream (scripts, folders) is folded "as of" an instant. Every state type must overwrite fields
 * (no counters, no appends): then the last event of each type, folded in order, gives the state that folding every
 * event gives, and a replay reads in full only those events and the audited ones it answers.
 */
export interface AsOfFold<State> {
  /** the event types that change the state */
  stateTypes: ReadonlySet<string>;
  /** the event types that make an audit entry */
  auditedTypes: ReadonlySet<string>;
  /** the state after `event` (null until the stream's creation) */
  evolve(state: State | null, event: RecordedEvent): State | null;
  /** the audit entry of an event of `auditedTypes` */
  entry(event: RecordedEvent): HistoryEntryAsOf;
}

type Log = Pick<EventStore, 'readStream' | 'readStreamHeaders'>;

/**
 * `stream` as it was at `at`: its prefix up to the first event recorded after `at` (always a state that existed),
 * with the newest `keep` audit entries. A short stream (most of them) is one read of its events. A longer one costs
 * two more reads, neither of which holds its history: the headers after that first page (no data opened or parsed)
 * up to `at`, a page at a time, to find the last event of each state type and the newest audited ones; then those
 * events alone, in full. So a long history costs a scan of small headers, and never memory.
 */
export async function replayAsOf<State>(log: Log, stream: string, at: string, fold: AsOfFold<State>, keep: number): Promise<(State & History) | null> {
  let state: State | null = null;
  let history: HistoryEntryAsOf[] = [];
  let historyCount = 0;
  const answer = () => (state === null ? null : { ...state, history: history.slice(-keep), historyCount });

  const first = await log.readStream(stream, { maxCount: STREAM_PAGE_SIZE });
  for (const event of first) {
    if (event.metadata.at > at) return answer();
    if (fold.stateTypes.has(event.type)) state = fold.evolve(state, event);
    if (fold.auditedTypes.has(event.type)) {
      history.push(fold.entry(event));
      historyCount++;
    }
  }
  if (first.length < STREAM_PAGE_SIZE) return answer();

  const lastOfType = new Map<string, bigint>();
  let audited: bigint[] = [];
  scan: for await (const page of headerPages(log, stream, { fromRevision: first[first.length - 1]!.revision + 1n })) {
    for (const header of page) {
      if (header.metadata.at > at) break scan;
      if (fold.stateTypes.has(header.type)) lastOfType.set(header.type, header.revision);
      if (fold.auditedTypes.has(header.type)) {
        audited.push(header.revision);
        historyCount++;
        if (audited.length > 2 * keep) audited = audited.slice(-keep); // amortised: no shift per event
      }
    }
  }
  audited = audited.slice(-keep);

  const stateRevisions = new Set(lastOfType.values());
  const auditedRevisions = new Set(audited);
  for await (const event of eventsAt(log, stream, [...new Set([...stateRevisions, ...audited])])) {
    if (stateRevisions.has(event.revision)) state = fold.evolve(state, event);
    if (auditedRevisions.has(event.revision)) history.push(fold.entry(event));
  }
  return answer();
}

/** The events of `stream` at `revisions`, in order, read a run of consecutive revisions (at most a page) at a time. */
async function* eventsAt(log: Pick<EventStore, 'readStream'>, stream: string, revisions: bigint[]): AsyncGenerator<RecordedEvent> {
  const sorted = revisions.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < sorted.length; ) {
    let run = 1;
    while (run < STREAM_PAGE_SIZE && i + run < sorted.length && sorted[i + run] === sorted[i]! + BigInt(run)) run++;
    yield* await log.readStream(stream, { fromRevision: sorted[i]!, maxCount: run });
    i += run;
    if (i < sorted.length) await nextTurn(); // as streamPages: other requests go on
  }
}
