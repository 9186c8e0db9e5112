import { describe, expect, it } from 'vitest';
import type { Decider } from './decider';
import { NotFoundError, ValidationError } from './errors';
import { given } from './given-when-then';

type State = { total: number; log: number[] };
type Command = { type: 'Add'; amount: number };
type Event = { type: 'Added'; amount: number };

const counter: Decider<State, Command, Event> = {
  initialState: () => ({ total: 0, log: [] }),
  decide: (command, state) => {
    if (command.amount === 0) return [];
    if (command.amount < 0) throw new ValidationError('Amount must be positive');
    if (state.total + command.amount > 10) throw new NotFoundError('Too much');
    return [{ type: 'Added', amount: command.amount }];
  },
  evolve: (state, event) => ({ total: state.total + event.amount, log: [...state.log, event.amount] }),
};

/** the same decider, but it mutates the state it is given */
const mutating: Decider<State, Command, Event> = {
  ...counter,
  decide: (command, state) => {
    state.log.push(command.amount);
    return counter.decide(command, state);
  },
};

const add = (amount: number): Command => ({ type: 'Add', amount });
const added = (amount: number): Event => ({ type: 'Added', amount });

describe('given/when/then', () => {
  it('folds the given events into the state', () => {
    expect(given(counter, [added(2), added(3)]).state()).toEqual({ total: 5, log: [2, 3] });
    expect(given(counter).state()).toEqual({ total: 0, log: [] });
  });

  it('passes when decide returns exactly the expected events, and fails otherwise', () => {
    given(counter, [added(2)]).when(add(3)).then([added(3)]);
    expect(() => given(counter).when(add(3)).then([added(4)])).toThrow();
    expect(() => given(counter).when(add(3)).then([])).toThrow();
    expect(() => given(counter).when(add(3)).thenNothingHappens()).toThrow();
    given(counter).when(add(0)).thenNothingHappens();
  });

  it('checks the error class and the exact message', () => {
    given(counter).when(add(-1)).thenThrows(ValidationError, 'Amount must be positive');
    given(counter).when(add(-1)).thenThrows(ValidationError);
    given(counter, [added(9)]).when(add(2)).thenThrows(NotFoundError, 'Too much');
    expect(() => given(counter).when(add(-1)).thenThrows(NotFoundError)).toThrow();
    expect(() => given(counter).when(add(-1)).thenThrows(ValidationError, 'Amount must be')).toThrow();
    expect(() => given(counter).when(add(1)).thenThrows(ValidationError)).toThrow();
  });

  it('fails a decider that mutates the state it is given', () => {
    expect(() => given(mutating, [added(1)]).when(add(1)).then([added(1)])).toThrow(TypeError);
  });

  it('does not share state between runs', () => {
    const scenario = given(counter, [added(4)]);
    scenario.when(add(6)).then([added(6)]);
    scenario.when(add(6)).then([added(6)]);
    expect(scenario.state()).toEqual({ total: 4, log: [4] });
  });
});
