import { SCRIPT_EVENT_TYPES } from '../domain/script/events';
import type { EventStore } from '../eventstore/event-store';
import { SubscriptionErrors } from '../eventstore/subscription-errors';
import type { ReadModelWatermark } from '../application/context';
import { toProjectedEvent } from '../../projections/projection';
import type { RawScriptCache } from './raw-script-cache';

/**
 * For a gateway without its own projector: follows the log from its head and drops a raw-cache entry once the read
 * models include an event of its script (waiting for the projector first, so the next load cannot re-cache the old
 * text). Several gateways therefore agree on a save as soon as it is projected, not after a cache lifetime.
 * An event store that is unreachable (at start or later) is retried with backoff for as long as the gateway runs;
 * meanwhile entries still expire by age.
 */
export function followScriptChanges(
  eventStore: EventStore,
  watermark: ReadModelWatermark,
  cache: RawScriptCache,
  log: (message: string, error?: unknown) => void,
  errors: SubscriptionErrors = new SubscriptionErrors({ log }),
) {
  const abort = new AbortController();
  const { signal } = abort;
  const running = (async () => {
    const retry = errors.retry('raw cache invalidation');
    // Where to follow from: the head when first reached, then after the last event handled.
    let from: bigint | 'start' | null = null;
    while (!signal.aborted) {
      let failure: unknown = undefined;
      try {
        if (from === null) {
          const head = await eventStore.headPosition();
          from = head < 0n ? 'start' : head;
        }
        for await (const recorded of eventStore.subscribeToAll({ fromPosition: from, signal })) {
          retry.delivered();
          if (SCRIPT_EVENT_TYPES.has(recorded.type)) {
            await watermark.waitFor(recorded.position);
            cache.onProjected([toProjectedEvent(recorded)]);
          }
          from = recorded.position;
        }
      } catch (error) {
        failure = error;
      }
      if (signal.aborted) return;
      await abortableDelay(retry.failed(failure), signal);
    }
  })();
  return {
    async stop() {
      abort.abort();
      await running;
    },
  };
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
