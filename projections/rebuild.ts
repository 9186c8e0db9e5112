import type { EventStore } from '../services/eventstore/event-store';
import type { ReadStore } from './read-store/read-store';
import { Projector } from './projector';
import type { Projection } from './projection';

/** Drops every read model and replays the whole log into it. Resolves with the number of events and seconds taken. */
export async function rebuildReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: Projection[],
  onProgress?: (position: bigint, head: bigint) => void,
): Promise<{ head: bigint; seconds: number }> {
  const started = performance.now();
  await readStore.dropAll();
  const head = await eventStore.headPosition();
  const projector = new Projector(eventStore, readStore, projections);
  await projector.start();
  try {
    while (projector.position < head) {
      await projector.waitFor(head, 1000);
      onProgress?.(projector.position, head);
    }
  } finally {
    await projector.stop();
  }
  return { head, seconds: (performance.now() - started) / 1000 };
}
