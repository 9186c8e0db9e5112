import type { EventStore } from '../eventstore/event-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import type { Projection } from '../../projections/projection';
import { slowestCheckpoint } from '../../projections/checkpoints';

export interface LagReading {
  headPosition: bigint;
  projectedPosition: bigint;
  /** exact on the embedded store (dense positions); a position difference on EventStoreDB */
  lagEvents: number;
  /** age of the oldest event the read models still miss (0 when caught up), to within one reading */
  lagSeconds: number;
}

/** Head positions remembered while the read models are behind; enough for hours of one reading a second. */
const MAX_SAMPLES = 10_000;

/**
 * Reads the log's head and the slowest projection checkpoint. The lag in seconds is how long the oldest event not yet
 * projected has been in the log, measured by when this process first saw a head past the projected position: a busy
 * but healthy system (an event every second, each projected in milliseconds) shows milliseconds, and a stuck
 * projector shows a lag that grows however many events keep arriving. Times are this process's own clock, so the
 * clocks of other hosts do not matter.
 */
export class ProjectionLag {
  /** heads first seen above the projected position, oldest first */
  private samples: { position: bigint; seenAt: number }[] = [];

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: Projection[],
    private readonly now: () => number = Date.now,
  ) {}

  async read(): Promise<LagReading> {
    const [headPosition, slowest] = await Promise.all([this.eventStore.headPosition(), slowestCheckpoint(this.readStore, this.projections)]);
    const projectedPosition = slowest < headPosition ? slowest : headPosition;
    const now = this.now();
    this.samples = this.samples.filter((sample) => sample.position > projectedPosition);
    const newest = this.samples[this.samples.length - 1];
    if (headPosition > projectedPosition && (!newest || headPosition > newest.position) && this.samples.length < MAX_SAMPLES) {
      this.samples.push({ position: headPosition, seenAt: now });
    }
    const oldest = this.samples[0];
    return {
      headPosition,
      projectedPosition,
      lagEvents: Number(headPosition - projectedPosition),
      lagSeconds: oldest ? (now - oldest.seenAt) / 1000 : 0,
    };
  }
}
