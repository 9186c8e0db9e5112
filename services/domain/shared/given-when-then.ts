/**
 * Given/when/then for deciders (after Emmett's DeciderSpecification), for unit specs only:
 *
 *   given(scriptDecider, [created]).when(save).then([saved]);
 *   given(scriptDecider, []).when(save).thenThrows(NotFoundError, 'Script not found');
 *   given(scriptDecider, [created, deleted]).state();
 *
 * The past events, every state folded from them and the command are deep-frozen first, so a decider
 * that mutates its inputs fails loudly instead of passing by accident.
 */
import { expect } from 'vitest';
import type { Decider } from './decider';

type ErrorClass = abstract new (...args: any[]) => Error;

export interface WhenResult<Event> {
  /** the events decide returned, exactly (order and payload) */
  then(expected: Event[]): void;
  /** decide accepted the command and recorded nothing */
  thenNothingHappens(): void;
  /** decide threw an instance of `errorClass`, with exactly `message` when given */
  thenThrows(errorClass: ErrorClass, message?: string): void;
  /** the raw events, for assertions the helpers above do not cover */
  events(): Event[];
}

export interface Given<State, Command, Event> {
  /** the state folded from the given events with `evolve` */
  state(): State;
  when(command: Command): WhenResult<Event>;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function fold<State, Command, Event>(decider: Decider<State, Command, Event>, events: readonly Event[]): State {
  let state = deepFreeze(decider.initialState());
  for (const event of events) state = deepFreeze(decider.evolve(state, deepFreeze(structuredClone(event))));
  return state;
}

export function given<State, Command, Event>(
  decider: Decider<State, Command, Event>,
  events: readonly Event[] = [],
): Given<State, Command, Event> {
  return {
    state: () => fold(decider, events),
    when(command) {
      const decide = () => decider.decide(deepFreeze(structuredClone(command)), fold(decider, events));
      return {
        then(expected) {
          expect(decide()).toEqual(expected);
        },
        thenNothingHappens() {
          expect(decide()).toEqual([]);
        },
        thenThrows(errorClass, message) {
          let thrown: unknown;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected decide to throw').toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toBe(message);
        },
        events: decide,
      };
    },
  };
}
