import type { EventStore } from '../services/eventstore/event-store';
import type { ReadStore } from './read-store/read-store';
import { Projector } from './projector';
import type { Projection } from './projection';

/**
 * Replays the whole log into every read model. Where the store can (MongoDB), the rebuild fills shadow collections
 * and swaps them in once caught up, so readers never see a half-built read model; elsewhere (the embedded store,
 * whose server is stopped for a rebuild) it drops and refills in place.
 */
export async function rebuildReadModels(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: Projection[],
  onProgress?: (position: bigint, head: bigint) => void,
): Promise<{ head: bigint; seconds: number }> {
  const started = performance.now();
  const shadow = readStore.openShadow ? await readStore.openShadow() : null;
  const target = shadow ?? readStore;
  if (!shadow) await readStore.dropAll();
  const head = await eventStore.headPosition();
  const projector = new Projector(eventStore, target, projections);
  await projector.start();
  try {
    while (projector.position < head) {
      await projector.waitFor(head, 1000);
      onProgress?.(projector.position, head);
    }
  } finally {
    await projector.stop();
  }
  await shadow?.promote();
  return { head, seconds: (performance.now() - started) / 1000 };
}
