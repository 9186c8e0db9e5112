import type { Decider } from '../domain/shared/decider';
import { ConflictError, StoredNotVisibleError, WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventMetadata } from '../domain/shared/events';
import type { AppContext } from './context';
import { loadState, recordAppended } from './decision-states';

/** A busy stream (one user's many parallel creates all take a slot on the user's stream) needs room to retry. */
const MAX_ATTEMPTS = 12;
const SCHEMA_VERSION = 1;

type Command = { metadata: { actorId: string; at: string } };
type Event = { type: string; data: unknown };

/**
 * The command, or how to build it from the state it will be decided on: a use case that needs data the decision state
 * does not keep (an old version's content) reads it there, after the read models include that state.
 */
export type CommandSource<State, C> = C | ((state: State, position: bigint | null) => Promise<C>);

/**
 * Read the stream's state (cached, else from a snapshot, then only newer events), decide, append with the revision
 * we read. A concurrent writer makes the append fail; we then decide again on the fresh state, so two saves of one
 * script both land as separate versions and nothing is lost silently.
 * Resolves after the read models include the new events (read-your-writes).
 */
export async function handleCommand<State, C extends Command, E extends Event>(
  ctx: AppContext,
  decider: Decider<State, C, E>,
  streamName: string,
  source: CommandSource<State, C>,
  options: { awaitReadModels?: boolean } = {},
): Promise<{ events: E[]; position: bigint | null }> {
  const awaitReadModels = options.awaitReadModels ?? true;
  const evolveOnly = decider as unknown as Decider<State, never, Event>;
  // The first try decides on the cached state without asking the log for newer events: the append's expected revision
  // catches a stale state. A refusal or a "nothing to do" is only answered after deciding on a state read from the log.
  let trustCache = true;
  for (let attempt = 1; ; attempt++) {
    const cached = trustCache ? ctx.decisionStates.get(streamName) : undefined;
    trustCache = false;
    const current = cached ?? (await loadState(ctx, evolveOnly, streamName));
    const state = (current?.state as State | undefined) ?? decider.initialState();
    const command = typeof source === 'function' ? await (source as (s: State, p: bigint | null) => Promise<C>)(state, current?.position ?? null) : source;
    let events: E[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (cached) {
        attempt--;
        continue;
      }
      throw error;
    }
    if (events.length === 0 && cached) {
      attempt--;
      continue;
    }
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
      const next = { state: events.reduce((s, e) => decider.evolve(s, e), state), revision: nextRevision, position };
      recordAppended(ctx, streamName, current?.revision ?? null, next);
      // Stored but not yet readable (a read store out of space, a stuck projector): say so, never answer as if
      // nothing happened, or a client would repeat a create.
      if (awaitReadModels && (await ctx.watermark.waitFor(position)) === false) throw new StoredNotVisibleError(storedDetails(streamName, events, position));
      return { events, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError('The resource changed while saving; please retry');
      // Jittered backoff, so writers that collided do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
    }
  }
}

/** What a "stored, not visible yet" answer names: the aggregate's id, the version when the event has one, the log position. */
function storedDetails(streamName: string, events: Event[], position: bigint): Record<string, unknown> {
  const data = events[events.length - 1]?.data as { version?: unknown } | undefined;
  return {
    id: streamName.slice(streamName.indexOf('-') + 1),
    ...(typeof data?.version === 'number' ? { version: data.version } : {}),
    position: position.toString(),
  };
}
