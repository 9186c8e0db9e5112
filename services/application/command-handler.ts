import type { Decider } from '../domain/shared/decider';
import { ConflictError, WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventMetadata } from '../domain/shared/events';
import type { AppContext } from './context';

/** A busy stream (one user's many parallel creates all take a slot on the user's stream) needs room to retry. */
const MAX_ATTEMPTS = 12;
const SCHEMA_VERSION = 1;
const CACHED_STREAMS = 1000;
/** States hold every version's content (restores need it): bound the cache by size as well as by count. */
const CACHED_BYTES = 64 * 1024 * 1024;

type Command = { metadata: { actorId: string; at: string } };
type Event = { type: string; data: unknown };

interface Folded {
  state: unknown;
  /** revision of the last event folded into `state` */
  revision: bigint;
  /** its global position, for waiting on the read models */
  position: bigint;
  /** approximate size of the events folded in (their JSON payloads) */
  bytes: number;
}

/**
 * States of recently used streams, each with the revision it includes. The log is append-only, so a cached state is
 * never wrong, only possibly behind: the next command reads just the events after it (from any process's writes).
 * Without this a script with 1,000 versions would re-read all 1,000 full contents on every save.
 */
const folded = new Map<string, Folded>();
let foldedBytes = 0;

const payloadBytes = (events: { data: unknown }[]) => events.reduce((sum, e) => sum + JSON.stringify(e.data).length, 0);

async function load<State, E extends Event>(ctx: AppContext, decider: Decider<State, never, E>, stream: string): Promise<Folded | null> {
  const cached = folded.get(stream);
  const newer = await ctx.eventStore.readStream(stream, cached ? { fromRevision: cached.revision + 1n } : {});
  if (newer.length === 0) return cached ?? null;
  let state = (cached?.state as State | undefined) ?? decider.initialState();
  for (const recorded of newer) state = decider.evolve(state, { type: recorded.type, data: recorded.data } as E);
  const last = newer[newer.length - 1]!;
  return remember(stream, { state, revision: last.revision, position: last.position, bytes: (cached?.bytes ?? 0) + payloadBytes(newer) });
}

function forget(stream: string): void {
  const entry = folded.get(stream);
  if (!entry) return;
  folded.delete(stream);
  foldedBytes -= entry.bytes;
}

function remember(stream: string, value: Folded): Folded {
  forget(stream); // re-insert: Map order is our LRU order
  if (value.bytes > CACHED_BYTES / 4) return value; // a giant stream is folded each time rather than crowd out the rest
  folded.set(stream, value);
  foldedBytes += value.bytes;
  while (folded.size > 0 && (folded.size > CACHED_STREAMS || foldedBytes > CACHED_BYTES)) forget(folded.keys().next().value!);
  return value;
}

/**
 * Read the stream, fold it into state, decide, append with the revision we read.
 * A concurrent writer makes the append fail; we then decide again on the fresh state,
 * so two saves of one script both land as separate versions and nothing is lost silently.
 * Resolves after the read models include the new events (read-your-writes).
 */
export async function handleCommand<State, C extends Command, E extends Event>(
  ctx: AppContext,
  decider: Decider<State, C, E>,
  streamName: string,
  command: C,
  options: { awaitReadModels?: boolean } = {},
): Promise<{ events: E[]; position: bigint | null }> {
  const awaitReadModels = options.awaitReadModels ?? true;
  for (let attempt = 1; ; attempt++) {
    const current = await load(ctx, decider as unknown as Decider<State, never, E>, streamName);
    const state = (current?.state as State | undefined) ?? decider.initialState();
    const events = decider.decide(command, state);
    if (events.length === 0) {
      // Nothing to record, but the state decided on may be ahead of the read models (a concurrent writer's event
      // just landed): wait until they include it, so the caller reads what it was answered about.
      if (current && awaitReadModels) await ctx.watermark.waitFor(current.position);
      return { events, position: null };
    }
    const metadata: EventMetadata = { ...command.metadata, schemaVersion: SCHEMA_VERSION };
    try {
      const { position, nextRevision } = await ctx.eventStore.appendToStream(
        streamName,
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        { expectedRevision: current ? current.revision : 'no_stream' },
      );
      remember(streamName, {
        state: events.reduce((s, e) => decider.evolve(s, e), state),
        revision: nextRevision,
        position,
        bytes: (current?.bytes ?? 0) + payloadBytes(events),
      });
      if (awaitReadModels) await ctx.watermark.waitFor(position);
      return { events, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError('The resource changed while saving; please retry');
      // Jittered backoff, so writers that collided do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
    }
  }
}
