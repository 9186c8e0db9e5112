import type { Projection } from './projection';
import type { ReadStore } from './read-store/read-store';

/** The position every read model has reached: the slowest projection's checkpoint (-1n while one has none). */
export async function slowestCheckpoint(readStore: ReadStore, projections: Projection[]): Promise<bigint> {
  const checkpoints = await Promise.all(projections.map((p) => readStore.getCheckpoint(p.name)));
  return checkpoints.reduce<bigint>((min, c) => ((c ?? -1n) < min ? (c ?? -1n) : min), checkpoints[0] ?? -1n);
}
