import { expect, it } from 'vitest';
import type { Lease } from './lease';

/**
 * What every lease store guarantees (SQLite for the embedded default, MongoDB in production). `open` gives two
 * connections to the same store, as two processes would have, both reading the clock `clock.now`.
 */
export function leaseContract(open: (clock: { now: number }) => Promise<{ first: Lease; second: Lease; cleanup(): Promise<void> }>) {
  it('lets one holder in at a time, renews for the holder, and hands over once the lease expires', async () => {
    const clock = { now: 1_000 };
    const { first, second, cleanup } = await open(clock);
    try {
      expect(await first.tryAcquire('projector', 'a', 5_000)).toBe(true);
      expect(await second.tryAcquire('projector', 'b', 5_000)).toBe(false);
      expect(await second.currentHolder('projector')).toBe('a');
      clock.now += 4_000;
      expect(await first.tryAcquire('projector', 'a', 5_000)).toBe(true); // renewal moves expiry to 10_000
      clock.now += 4_000;
      expect(await second.tryAcquire('projector', 'b', 5_000)).toBe(false);
      clock.now += 2_001; // a stops renewing: expired
      expect(await second.currentHolder('projector')).toBeNull();
      expect(await second.tryAcquire('projector', 'b', 5_000)).toBe(true);
      expect(await first.tryAcquire('projector', 'a', 5_000)).toBe(false);
      // another lease name is independent (the rebuild's own lease)
      expect(await first.tryAcquire('rebuild', 'r', 5_000)).toBe(true);
      expect(await second.tryAcquire('rebuild', 'b', 5_000)).toBe(false);
    } finally {
      await cleanup();
    }
  });

  it('release frees the lease at once, but only for its holder', async () => {
    const { first, second, cleanup } = await open({ now: 1_000 });
    try {
      expect(await first.tryAcquire('projector', 'a', 60_000)).toBe(true);
      await second.release('projector', 'b');
      expect(await second.tryAcquire('projector', 'b', 60_000)).toBe(false);
      await first.release('projector', 'a');
      expect(await second.currentHolder('projector')).toBeNull();
      expect(await second.tryAcquire('projector', 'b', 60_000)).toBe(true);
    } finally {
      await cleanup();
    }
  });

  it('carries a swap request from a rebuild to the holder, each state move taken by one side only', async () => {
    const { first: rebuild, second: holder, cleanup } = await open({ now: 1_000 });
    try {
      expect(await holder.pendingSwap('projector')).toBeNull();
      await rebuild.requestSwap('projector', { id: 's1', requester: 'rebuild-1', source: 'read-models.rebuild.sqlite' });
      expect(await holder.pendingSwap('projector')).toEqual({ id: 's1', requester: 'rebuild-1', source: 'read-models.rebuild.sqlite' });
      expect(await holder.moveSwap('projector', 's1', 'requested', 'adopting')).toBe(true);
      expect(await holder.pendingSwap('projector')).toBeNull();
      // the requester giving up now is refused: the holder has started
      expect(await rebuild.moveSwap('projector', 's1', 'requested', 'failed', 'gave up')).toBe(false);
      expect(await holder.moveSwap('projector', 's1', 'adopting', 'done')).toBe(true);
      expect(await rebuild.swapStatus('projector', 's1')).toEqual({ state: 'done', detail: null });
      expect(await rebuild.swapStatus('projector', 'other')).toBeNull();

      // a new request replaces the finished one; withdrawn before the holder saw it, it is never adopted
      await rebuild.requestSwap('projector', { id: 's2', requester: 'rebuild-2', source: 'x' });
      expect(await rebuild.moveSwap('projector', 's2', 'requested', 'failed', 'gave up')).toBe(true);
      expect(await holder.pendingSwap('projector')).toBeNull();
      expect(await holder.moveSwap('projector', 's2', 'requested', 'adopting')).toBe(false);
      expect(await rebuild.swapStatus('projector', 's2')).toEqual({ state: 'failed', detail: 'gave up' });
    } finally {
      await cleanup();
    }
  });
}
