import type { EventStore } from '../services/eventstore/event-store';
import type { ReadStore } from '../projections/read-store/read-store';
import type { Projection, ProjectedEvent } from '../projections/projection';
import { toProjectedEvent } from '../projections/projection';

export interface ProjectionCost {
  projection: string;
  /** time in the projection's own code, its reads included (folding events, building documents) */
  applyMs: number;
  /** time writing what it built: documents, indexes, full-text rows, the commit */
  writeMs: number;
}

/**
 * Where a rebuild's projecting time goes, per projection: the log is read a batch at a time (untimed), then each
 * projection applies the batch in a transaction of its own, as the projector's catch-up does, timed in two parts.
 * Nothing else runs meanwhile (no subscription reading ahead), so the figures add up to the projecting alone.
 */
export async function measureProjectionCosts(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: Projection[],
  head: bigint,
  batchSize = 10_000,
): Promise<ProjectionCost[]> {
  await readStore.ensureIndexes(projections.flatMap((projection) => projection.indexes));
  const costs = projections.map((projection) => ({ projection: projection.name, applyMs: 0, writeMs: 0 }));
  const abort = new AbortController();
  let batch: ProjectedEvent[] = [];
  const applyBatch = async () => {
    const last = batch[batch.length - 1];
    if (!last) return;
    for (const [i, projection] of projections.entries()) {
      const events = batch.filter((event) => !projection.eventTypes || projection.eventTypes.has(event.type));
      let applied = 0;
      const started = performance.now();
      await readStore.commitBatch(projection.name, last.position, async (store) => {
        if (projection.applyBatch) await projection.applyBatch(events, store);
        else for (const event of events) await projection.apply(event, store);
        applied = performance.now();
      });
      costs[i]!.applyMs += applied - started;
      costs[i]!.writeMs += performance.now() - applied;
    }
    batch = [];
  };
  for await (const event of eventStore.subscribeToAll({ fromPosition: 'start', signal: abort.signal })) {
    batch.push(toProjectedEvent(event));
    if (batch.length === batchSize) await applyBatch();
    if (event.position >= head) abort.abort();
  }
  await applyBatch();
  const started = performance.now();
  await readStore.settleTextIndexes?.();
  const settleMs = performance.now() - started;
  return [...costs, { projection: '(full-text index settled at the end)', applyMs: 0, writeMs: settleMs }];
}
