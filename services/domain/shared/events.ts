import type { CommandMetadata } from './decider';

/** Every event in the log: a type, a versioned payload, and who/when metadata. */
export interface EventMetadata extends CommandMetadata {
  /** payload schema version, for upcasting later shapes */
  schemaVersion: number;
}

export interface DomainEventBase<Type extends string, Data> {
  type: Type;
  data: Data;
}
