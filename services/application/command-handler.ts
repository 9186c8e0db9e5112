import type { Decider } from '../domain/shared/decider';
import { ConflictError, WrongExpectedRevisionError } from '../domain/shared/errors';
import type { EventMetadata } from '../domain/shared/events';
import type { AppContext } from './context';

const MAX_ATTEMPTS = 5;
const SCHEMA_VERSION = 1;

type Command = { metadata: { actorId: string; at: string } };
type Event = { type: string; data: unknown };

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
): Promise<{ events: E[]; position: bigint | null }> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await ctx.eventStore.readStream(streamName);
    const state = recorded.reduce((s, r) => decider.evolve(s, { type: r.type, data: r.data } as E), decider.initialState());
    const events = decider.decide(command, state);
    const last = recorded[recorded.length - 1];
    if (events.length === 0) {
      // Nothing to record, but the state decided on may be ahead of the read models (a concurrent writer's event
      // just landed): wait until they include it, so the caller reads what it was answered about.
      if (last) await ctx.watermark.waitFor(last.position);
      return { events, position: null };
    }
    const metadata: EventMetadata = { ...command.metadata, schemaVersion: SCHEMA_VERSION };
    try {
      const { position } = await ctx.eventStore.appendToStream(
        streamName,
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      await ctx.watermark.waitFor(position);
      return { events, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError('The resource changed while saving; please retry');
    }
  }
}
