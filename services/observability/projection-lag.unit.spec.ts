import { describe, expect, it } from 'vitest';
import type { EventStore } from '../eventstore/event-store';
import type { ReadStore } from '../../projections/read-store/read-store';
import type { Projection } from '../../projections/projection';
import { ProjectionLag } from './projection-lag';

/** A log head and one checkpoint the test moves by hand, and a clock it advances. */
function setup() {
  const state = { head: -1n, projected: -1n, now: 1_000_000 };
  const eventStore = { headPosition: async () => state.head } as unknown as EventStore;
  const readStore = { getCheckpoint: async () => (state.projected < 0n ? null : state.projected) } as unknown as ReadStore;
  const projections = [{ name: 'workspace' }] as Projection[];
  const lag = new ProjectionLag(eventStore, readStore, projections, () => state.now);
  return { state, lag };
}

describe('projection lag', () => {
  it('stays near zero under a steady stream of events that are each projected quickly', async () => {
    const { state, lag } = setup();
    // One event a second for two minutes, each projected 50 ms after it arrives; every reading finds one event missing.
    for (let second = 0; second < 120; second++) {
      state.head += 1n;
      const reading = await lag.read();
      expect(reading.lagEvents).toBe(1);
      expect(reading.lagSeconds).toBe(0);
      state.now += 50;
      expect((await lag.read()).lagSeconds).toBeCloseTo(0.05);
      state.projected = state.head;
      state.now += 950;
    }
  });

  it('grows with the age of the oldest missing event while events keep arriving and the projector is stuck', async () => {
    const { state, lag } = setup();
    state.head = 10n;
    state.projected = 10n;
    await lag.read();
    state.head = 11n; // the first event the read models miss
    expect((await lag.read()).lagSeconds).toBe(0);
    for (let second = 1; second <= 60; second++) {
      state.now += 1000;
      state.head += 1n;
      expect((await lag.read()).lagSeconds).toBe(second);
    }
    // The projector moves past the first missing events: the lag is that of the oldest event still missing.
    state.projected = 40n; // head 41 was first seen 30 s after head 11
    expect((await lag.read()).lagSeconds).toBe(30);
    state.projected = state.head;
    expect((await lag.read()).lagSeconds).toBe(0);
  });
});
