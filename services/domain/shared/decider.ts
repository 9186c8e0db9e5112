/**
 * A decider (after Emmett): pure functions, every dependency passed in.
 * `decide` never reads the clock; time and actor arrive in the command's metadata.
 */
export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** Who did it and when: recorded on every event's metadata. */
export interface CommandMetadata {
  /** user id, `admin`, `system`, or `apikey:<keyId>` acting for a user */
  actorId: string;
  /** ISO-8601 timestamp taken by the caller */
  at: string;
  /** the account whose data key seals the event's content (script events; see services/security/sealed-event-store.ts) */
  ownerId?: string;
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
