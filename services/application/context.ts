import type { Config } from '../config';
import type { EventStore } from '../eventstore/event-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import type { DecisionStateCache } from './decision-states';
import type { KeyShredder } from '../security/data-keys';
import type { StorageReservations } from './storage-reservations';

/** Waits until the read models include a given log position: how a client reads its own writes. */
export interface ReadModelWatermark {
  /** Bounded: resolves `false` when the read models did not get there in time (a void answer counts as reached). */
  waitFor(position: bigint): Promise<boolean | void>;
}

/** Everything a use case needs, passed in (no globals): tests build one on temporary storage. */
export interface AppContext {
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  watermark: ReadModelWatermark;
  /** current time as ISO-8601; the only clock the domain sees */
  now: () => string;
  newId: () => string;
  /** folded stream states of recent commands (`createDecisionStateCache()`); one per context, never module-wide */
  decisionStates: DecisionStateCache;
  /** storage quota bytes of writes in progress (`new StorageReservations()`); one per context, like decisionStates */
  storageReservations: StorageReservations;
  /** destroys an account's data key at deletion (absent only in contexts built on a bare event store, in tests) */
  shredder?: KeyShredder;
}

/** The user a request acts for, and how it was authenticated (recorded as the event's actor). */
export interface Actor {
  userId: string;
  /** `user:<id>` for a browser session, `apikey:<keyId>` for automation */
  actorId: string;
}
