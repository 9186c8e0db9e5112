import { LRUCache } from 'lru-cache';
import type { Decider } from '../domain/shared/decider';
import { streamPages } from '../eventstore/stream-pages';
import type { EventStore, RecordedEvent } from '../eventstore/event-store';
import type { ReadStore } from '../../projections/read-store/read-store';

/** A stream's state folded up to `revision` (the revision of its last event) at global `position`. */
export interface FoldedState {
  state: unknown;
  revision: bigint;
  position: bigint;
}

/**
 * Folded states of recently used streams, per application context (never per module: every server in a process would
 * share it). The log is append-only, so an entry is never wrong, only possibly behind: the next command reads just the
 * events after it, whichever process wrote them. Bounded by size; decision states are small (no contents), so the
 * default holds hundreds of thousands of streams.
 */
export type DecisionStateCache = LRUCache<string, FoldedState>;

export const DECISION_STATE_CACHE_BYTES = 32 * 1024 * 1024;

export function createDecisionStateCache(maxBytes = DECISION_STATE_CACHE_BYTES): DecisionStateCache {
  return new LRUCache<string, FoldedState>({ maxSize: maxBytes, sizeCalculation: (entry, key) => 64 + 2 * key.length + approximateBytes(entry.state) });
}

/** Rough in-memory size of a plain JSON-like value, without serialising it. */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (value === null || typeof value !== 'object') return 8;
  let sum = 16;
  if (Array.isArray(value)) for (const item of value) sum += 8 + approximateBytes(item);
  else for (const key in value) sum += 8 + 2 * key.length + approximateBytes((value as Record<string, unknown>)[key]);
  return sum;
}

/**
 * Snapshots: every SNAPSHOT_EVERY events a stream's folded state is kept in the read store, so a command on a stream
 * that is not cached reads the snapshot and at most SNAPSHOT_EVERY events, however long the stream. A snapshot is a
 * cache, never the source of truth: it names the position of the event it includes, and is used only when the log
 * still holds that very event at that revision (a read store restored from another log is ignored). Rebuilding the
 * read models drops them; they come back as streams are used.
 */
export const SNAPSHOT_EVERY = 25;
export const SNAPSHOTS_COLLECTION = 'snapshots';
/** Bump when any decider's state changes shape: older snapshots are then ignored. */
export const STATE_FORMAT = 2;

interface SnapshotDoc {
  _id: string;
  format: number;
  state: unknown;
  revision: string;
  position: string;
  [key: string]: unknown;
}

type AnyEvent = { type: string; data: unknown };

function fold<State>(decider: Decider<State, never, AnyEvent>, state: State, events: RecordedEvent[]): State {
  for (const recorded of events) state = decider.evolve(state, { type: recorded.type, data: recorded.data });
  return state;
}

/** Reads a stream's state: from the cache, else from its snapshot, else from the start; then the events after it. */
export async function loadState<State>(
  deps: { eventStore: EventStore; readStore: ReadStore; decisionStates: DecisionStateCache },
  decider: Decider<State, never, AnyEvent>,
  stream: string,
  onSnapshotError: (error: unknown) => void = () => undefined,
): Promise<FoldedState | null> {
  const cached = deps.decisionStates.get(stream);
  if (cached) {
    const newer = await foldFrom(deps.eventStore, decider, stream, cached.state as State, cached.revision + 1n);
    if (!newer.last) return cached;
    return advance(deps, stream, cached, newer.state, newer.last, onSnapshotError);
  }
  const snapshot = await readSnapshot(deps.readStore, stream, onSnapshotError);
  if (snapshot) {
    // Read from the snapshot's own event: it must still be there, at the same position.
    const [own] = await deps.eventStore.readStream(stream, { fromRevision: snapshot.revision, maxCount: 1 });
    if (own?.position === snapshot.position) {
      const newer = await foldFrom(deps.eventStore, decider, stream, snapshot.state as State, snapshot.revision + 1n);
      if (!newer.last) return remember(deps.decisionStates, stream, snapshot);
      return advance(deps, stream, snapshot, newer.state, newer.last, onSnapshotError);
    }
  }
  // No snapshot (a new stream, or the read models were rebuilt): fold from the start.
  const all = await foldFrom(deps.eventStore, decider, stream, decider.initialState(), 0n);
  if (!all.last) return null;
  return advance(deps, stream, null, all.state, all.last, onSnapshotError);
}

/**
 * Folds `stream` from `fromRevision` onto `state`, a page at a time: however many events there are (a cached state
 * days old on a second gateway, a stream with no snapshot), the read costs pages, never memory. `last`: the last
 * event folded, null when there was none.
 */
async function foldFrom<State>(
  eventStore: EventStore,
  decider: Decider<State, never, AnyEvent>,
  stream: string,
  state: State,
  fromRevision: bigint,
): Promise<{ state: State; last: RecordedEvent | null }> {
  let last: RecordedEvent | null = null;
  for await (const page of streamPages(eventStore, stream, { fromRevision })) {
    state = fold(decider, state, page);
    last = page[page.length - 1]!;
  }
  return { state, last };
}

function advance(
  deps: { readStore: ReadStore; decisionStates: DecisionStateCache },
  stream: string,
  from: FoldedState | null,
  state: unknown,
  last: RecordedEvent,
  onSnapshotError: (error: unknown) => void,
): FoldedState {
  const next = { state, revision: last.revision, position: last.position };
  if (crossesSnapshot(from?.revision ?? -1n, next.revision)) writeSnapshot(deps.readStore, stream, next, onSnapshotError);
  return remember(deps.decisionStates, stream, next);
}

/** After an append: cache the new state (unless a newer one is already there) and snapshot it when due. */
export function recordAppended(
  deps: { readStore: ReadStore; decisionStates: DecisionStateCache },
  stream: string,
  previousRevision: bigint | null,
  next: FoldedState,
  onSnapshotError: (error: unknown) => void = () => undefined,
): void {
  if (crossesSnapshot(previousRevision ?? -1n, next.revision)) writeSnapshot(deps.readStore, stream, next, onSnapshotError);
  remember(deps.decisionStates, stream, next);
}

function remember(cache: DecisionStateCache, stream: string, next: FoldedState): FoldedState {
  const existing = cache.peek(stream);
  // Two commands on one stream can finish out of order: never replace a state with an older one.
  if (!existing || existing.revision < next.revision) cache.set(stream, next);
  return next;
}

const crossesSnapshot = (from: bigint, to: bigint) => (from + 1n) / BigInt(SNAPSHOT_EVERY) !== (to + 1n) / BigInt(SNAPSHOT_EVERY);

async function readSnapshot(readStore: ReadStore, stream: string, onError: (error: unknown) => void): Promise<FoldedState | null> {
  try {
    const doc = await readStore.collection<SnapshotDoc>(SNAPSHOTS_COLLECTION).findOne({ _id: stream });
    if (!doc || doc.format !== STATE_FORMAT) return null;
    return { state: doc.state, revision: BigInt(doc.revision), position: BigInt(doc.position) };
  } catch (error) {
    onError(error); // a cache that cannot be read is a slower command, never a failed one
    return null;
  }
}

/** Off the command's path: the command does not wait for it, and a failed write only costs a longer read later. */
function writeSnapshot(readStore: ReadStore, stream: string, folded: FoldedState, onError: (error: unknown) => void): void {
  const doc: SnapshotDoc = { _id: stream, format: STATE_FORMAT, state: folded.state, revision: String(folded.revision), position: String(folded.position) };
  void (async () => {
    try {
      const snapshots = readStore.collection<SnapshotDoc>(SNAPSHOTS_COLLECTION);
      // Never replace a newer snapshot with an older one (two processes may snapshot one stream).
      const existing = await snapshots.findOne({ _id: stream });
      if (existing && existing.format === STATE_FORMAT && BigInt(existing.revision) >= folded.revision) return;
      await snapshots.replaceOne({ _id: stream }, doc, { upsert: true });
    } catch (error) {
      onError(error);
    }
  })();
}
