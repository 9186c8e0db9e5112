import type { EventStore } from '../eventstore/event-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import type { Projection } from '../../projections/projection';
import { slowestCheckpoint } from '../../projections/checkpoints';

export interface LagReading {
  headPosition: bigint;
  projectedPosition: bigint;
  /** exact on the embedded store (dense positions); a position difference on EventStoreDB */
  lagEvents: number;
  /** how long the read models have been behind the log; 0 when caught up */
  lagSeconds: number;
}

/** Reads the log's head and the slowest projection checkpoint, and remembers since when they differ. */
export class ProjectionLag {
  private behindSince: number | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: Projection[],
  ) {}

  async read(): Promise<LagReading> {
    const [headPosition, slowest] = await Promise.all([this.eventStore.headPosition(), slowestCheckpoint(this.readStore, this.projections)]);
    const projectedPosition = slowest < headPosition ? slowest : headPosition;
    const behind = projectedPosition < headPosition;
    if (!behind) this.behindSince = null;
    else this.behindSince ??= Date.now();
    return {
      headPosition,
      projectedPosition,
      lagEvents: behind ? Number(headPosition - projectedPosition) : 0,
      lagSeconds: this.behindSince === null ? 0 : (Date.now() - this.behindSince) / 1000,
    };
  }
}
