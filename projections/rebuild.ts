import type { EventStore } from '../services/eventstore/event-store';
import type { ReadStore } from './read-store/read-store';
import { eachPage } from './read-store/each-page';
import { Projector } from './projector';
import type { Projection } from './projection';

/**
 * Replays the whole log into every read model of `readStore`. Where the store can (MongoDB), the rebuild fills shadow
 * collections and swaps them in once caught up, so readers never see a half-built read model; elsewhere it drops and
 * refills in place. Used on a store nobody else writes (tests, a fresh copy); beside a running projector the rebuild
 * fills a store of its own and the projector adopts it (see rebuild-cli.ts and `adoptReadModels`).
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
  const head = await projectToHead(eventStore, target, projections, { onProgress });
  await shadow?.promote();
  return { head, seconds: (performance.now() - started) / 1000 };
}

/**
 * Projects from the store's checkpoints up to the log's head as it was when called. Stops early, throwing, once
 * `signal` aborts (a rebuild that lost its lease must not go on, nor be promoted).
 */
export async function projectToHead(
  eventStore: EventStore,
  store: ReadStore,
  projections: Projection[],
  options: { signal?: AbortSignal; onProgress?: (position: bigint, head: bigint) => void } = {},
): Promise<bigint> {
  const head = await eventStore.headPosition();
  const projector = new Projector(eventStore, store, projections);
  options.signal?.throwIfAborted();
  await projector.start();
  try {
    while (projector.position < head) {
      options.signal?.throwIfAborted();
      await projector.waitFor(head, 1000);
      options.onProgress?.(projector.position, head);
    }
  } finally {
    await projector.stop();
  }
  options.signal?.throwIfAborted();
  await store.settleTextIndexes?.();
  return head;
}

/**
 * Makes `target`'s read models equal `source`'s, checkpoints included, one projection at a time, each in one
 * `commitBatch` (one transaction on the embedded store): documents `source` lacks are deleted first, then every
 * source document is written over its live copy. Readers see, per document, the old or the new version, never an
 * empty collection. The caller must be the only writer of `target` (the projector lease holder, projector stopped).
 * A copy that fails part-way leaves a checkpoint no later than any copied document, so a replay completes it.
 */
export async function adoptReadModels(source: ReadStore, target: ReadStore, projections: Projection[], signal?: AbortSignal): Promise<void> {
  for (const projection of projections) {
    const checkpoint = await source.getCheckpoint(projection.name);
    if (checkpoint === null) continue; // the rebuild never reached this projection (empty log): nothing to adopt
    // Where a batch is not one transaction (MongoDB), a copy that fails part-way leaves documents at the rebuild's
    // position: lower the checkpoint to it first, so the projector replays from there (writes are position-guarded).
    const live = await target.getCheckpoint(projection.name);
    if (live !== null && live > checkpoint) await target.commitBatch(projection.name, checkpoint, async () => undefined);
    await target.commitBatch(projection.name, checkpoint, async (batch) => {
      for (const name of projection.collections) {
        // A page of live ids at a time, asked of the source: memory stays one page, however large the collection.
        await eachPage(
          batch,
          name,
          async (docs) => {
            const ids = docs.map((doc) => doc._id);
            const kept = new Set((await source.collection(name).find({ _id: { $in: ids } }, { projection: { _id: 1 } })).map((doc) => doc._id));
            const stale = ids.filter((id) => !kept.has(id));
            if (stale.length > 0) await batch.collection(name).deleteMany({ _id: { $in: stale } });
          },
          { signal, projection: { _id: 1 } },
        );
        await eachPage(
          source,
          name,
          async (docs) => {
            for (const doc of docs) await batch.collection(name).replaceOne({ _id: doc._id }, doc, { upsert: true });
          },
          { signal },
        );
      }
    });
  }
}
