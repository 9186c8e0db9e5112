import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '../eventstore/event-store';
import { headerPages, STREAM_PAGE_SIZE } from '../eventstore/stream-pages';
import { checkpointShape, SCAN_CHECKPOINT_AUDITED, SCAN_CHECKPOINT_EVERY, type ScanCheckpoint, type ScanCheckpoints } from './as-of-scans';

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
 * events alone, in full. So a long history costs a scan of small headers, and never memory. With `checkpoints`, the
 * scan starts from the latest checkpoint an earlier scan left before `at` and leaves one every SCAN_CHECKPOINT_EVERY
 * revisions it passes: a stream's history is scanned once, and each answer then reads at most that many headers.
 */
export async function replayAsOf<State>(
  log: Log,
  stream: string,
  at: string,
  fold: AsOfFold<State>,
  keep: number,
  checkpoints?: ScanCheckpoints,
): Promise<(State & History) | null> {
  let state: State | null = null;
  let history: HistoryEntryAsOf[] = [];
  let historyCount = 0;
  let maxAt = '';
  const answer = () => (state === null ? null : { ...state, history: history.slice(-keep), historyCount });

  const first = await log.readStream(stream, { maxCount: STREAM_PAGE_SIZE });
  for (const event of first) {
    if (event.metadata.at > at) return answer();
    if (event.metadata.at > maxAt) maxAt = event.metadata.at;
    if (fold.stateTypes.has(event.type)) state = fold.evolve(state, event);
    if (fold.auditedTypes.has(event.type)) {
      history.push(fold.entry(event));
      historyCount++;
    }
  }
  if (first.length < STREAM_PAGE_SIZE) return answer();

  // What the headers after the first page hold, from the latest checkpoint before `at` if there is one. Checkpoints
  // keep SCAN_CHECKPOINT_AUDITED audited revisions: an answer keeping more scans without them.
  const usable = checkpoints && keep <= SCAN_CHECKPOINT_AUDITED ? checkpoints : undefined;
  const shape = usable ? shapeOf(fold) : '';
  const from = (await usable?.latestBefore(stream, shape, at).catch(() => null)) ?? null;
  const lastOfType = new Map(from?.lastOfType ?? []);
  let audited = [...(from?.audited ?? [])];
  let auditedCount = from?.auditedCount ?? 0;
  if (from && from.maxAt > maxAt) maxAt = from.maxAt;
  // A checkpoint keeps as many audited revisions as any answer shows, whatever this one keeps.
  const window = usable ? SCAN_CHECKPOINT_AUDITED : keep;
  const every = BigInt(SCAN_CHECKPOINT_EVERY);
  let ended = false;
  for await (const page of headerPages(log, stream, { fromRevision: (from?.revision ?? first[first.length - 1]!.revision) + 1n })) {
    const passed: ScanCheckpoint[] = [];
    for (const header of page) {
      if (header.metadata.at > at) {
        ended = true;
        break;
      }
      if (header.metadata.at > maxAt) maxAt = header.metadata.at;
      if (fold.stateTypes.has(header.type)) lastOfType.set(header.type, header.revision);
      if (fold.auditedTypes.has(header.type)) {
        audited.push(header.revision);
        auditedCount++;
        if (audited.length > 2 * window) audited = audited.slice(-window); // amortised: no shift per event
      }
      if (usable && (header.revision + 1n) % every === 0n) {
        passed.push({ revision: header.revision, maxAt, lastOfType: new Map(lastOfType), audited: audited.slice(-SCAN_CHECKPOINT_AUDITED), auditedCount });
      }
    }
    // Only what was passed whole (every header up to the checkpoint recorded no later than `at`) is kept. A cache:
    // an answer does not fail because it could not be written.
    await usable?.save(stream, shape, passed).catch(() => undefined);
    if (ended) break;
  }
  audited = audited.slice(-keep);
  historyCount += auditedCount;

  const stateRevisions = new Set(lastOfType.values());
  const auditedRevisions = new Set(audited);
  for await (const event of eventsAt(log, stream, [...new Set([...stateRevisions, ...audited])])) {
    if (stateRevisions.has(event.revision)) state = fold.evolve(state, event);
    if (auditedRevisions.has(event.revision)) history.push(fold.entry(event));
  }
  return answer();
}

const shapes = new WeakMap<object, string>();
/** The checkpoint shape of a fold, computed once. */
function shapeOf(fold: Pick<AsOfFold<unknown>, 'stateTypes' | 'auditedTypes'>): string {
  let shape = shapes.get(fold);
  if (!shape) shapes.set(fold, (shape = checkpointShape(fold.stateTypes, fold.auditedTypes, STREAM_PAGE_SIZE)));
  return shape;
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
