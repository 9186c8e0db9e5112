import type { RecordedEvent } from '../services/eventstore/event-store';
import type { LuaVaultEvent } from '../services/domain/events';
import type { EventMetadata } from '../services/domain/shared/events';
import type { Filter, IndexSpec, ReadStore } from './read-store/read-store';

/** An event as projections see it: typed payload, its metadata and where it sits in the log. */
export type ProjectedEvent = LuaVaultEvent & {
  streamName: string;
  position: bigint;
  metadata: EventMetadata;
  /** fixed-width decimal of `position`, comparable as a string by both MongoDB and mingo */
  positionKey: string;
};

export interface Projection {
  /** also the checkpoint's name */
  name: string;
  /** read-model collections this projection owns */
  collections: string[];
  indexes: IndexSpec[];
  /**
   * Optional: the only event types `apply`/`applyBatch` act on. The projector hands it no others (a rebuild then
   * skips most calls of a projection that reads a few types); without it, every event.
   */
  eventTypes?: ReadonlySet<string>;
  /** Applies one event. Must be idempotent: every write is guarded by `positionKey` (see `guard`). */
  apply(event: ProjectedEvent, store: ReadStore): Promise<void>;
  /** Optional: applies a whole batch at once (fold in memory, write once); used instead of `apply` when present. */
  applyBatch?(events: ProjectedEvent[], store: ReadStore): Promise<void>;
}

const POSITION_WIDTH = 20; // 2^64 has 20 decimal digits

export function toPositionKey(position: bigint): string {
  return position.toString().padStart(POSITION_WIDTH, '0');
}

export function toProjectedEvent(recorded: RecordedEvent): ProjectedEvent {
  return {
    type: recorded.type,
    data: recorded.data,
    streamName: recorded.streamName,
    position: recorded.position,
    metadata: recorded.metadata,
    positionKey: toPositionKey(recorded.position),
  } as ProjectedEvent;
}

/**
 * Filter that matches a document only if this event has not been applied to it yet:
 * a replay after a crash (events already applied but checkpoint not yet stored) changes nothing.
 * Every projected document is created with its `lastPosition`, so a plain range test is enough.
 */
export function guard(id: string, event: ProjectedEvent): Filter {
  return { _id: id, ...notYetApplied(event) };
}

/** The guard's condition alone, to combine with another selector (`{ scriptId, ...notYetApplied(event) }`). */
export function notYetApplied(event: ProjectedEvent): Filter {
  return { lastPosition: { $lt: event.positionKey } };
}
