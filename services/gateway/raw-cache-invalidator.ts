import { SCRIPT_EVENT_TYPES } from '../domain/script/events';
import type { EventStore } from '../eventstore/event-store';
import type { ReadModelWatermark } from '../application/context';
import { toProjectedEvent } from '../../projections/projection';
import type { RawScriptCache } from './raw-script-cache';

/**
 * For a gateway without its own projector: follows the log from its head and drops a raw-cache entry once the read
 * models include an event of its script (waiting for the projector first, so the next load cannot re-cache the old
 * text). Several gateways therefore agree on a save as soon as it is projected, not after a cache lifetime.
 */
export function followScriptChanges(eventStore: EventStore, watermark: ReadModelWatermark, cache: RawScriptCache, log: (message: string, error?: unknown) => void) {
  const abort = new AbortController();
  const running = (async () => {
    const from = await eventStore.headPosition();
    for await (const recorded of eventStore.subscribeToAll({ fromPosition: from < 0n ? 'start' : from, signal: abort.signal })) {
      if (!SCRIPT_EVENT_TYPES.has(recorded.type)) continue;
      await watermark.waitFor(recorded.position);
      cache.onProjected([toProjectedEvent(recorded)]);
    }
  })().catch((error) => {
    if (!abort.signal.aborted) log('raw cache invalidation stopped; entries now expire by age only', error);
  });
  return {
    async stop() {
      abort.abort();
      await running;
    },
  };
}
