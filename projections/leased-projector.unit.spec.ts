import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lease, SwapRequest, SwapState } from './lease/lease';
import { LeasedRunner, leaseTiming } from './leased-projector';

/** One lease store shared by several connections (as processes share the SQLite file), on the faked clock. */
class MemoryLeaseStore {
  leases = new Map<string, { holder: string; expiresAt: number }>();
  swaps = new Map<string, SwapRequest & { state: SwapState; detail: string | null }>();

  connect(behaviour: { hang?: () => boolean; refuse?: () => boolean; fail?: () => boolean; delayMs?: number; onCall?: (active: number) => void } = {}): Lease {
    let active = 0;
    const store = this;
    return {
      async tryAcquire(name, holder, ttlMs) {
        if (behaviour.hang?.()) return new Promise<boolean>(() => undefined);
        active++;
        behaviour.onCall?.(active);
        try {
          if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
          if (behaviour.fail?.()) throw new Error('store unreachable');
          if (behaviour.refuse?.()) return false;
          const at = Date.now();
          const current = store.leases.get(name);
          if (current && current.holder !== holder && current.expiresAt > at) return false;
          store.leases.set(name, { holder, expiresAt: at + ttlMs });
          return true;
        } finally {
          active--;
        }
      },
      async release(name, holder) {
        if (store.leases.get(name)?.holder === holder) store.leases.delete(name);
      },
      async currentHolder(name) {
        const current = store.leases.get(name);
        return current && current.expiresAt > Date.now() ? current.holder : null;
      },
      async requestSwap(name, request) {
        store.swaps.set(name, { ...request, state: 'requested', detail: null });
      },
      async pendingSwap(name) {
        const swap = store.swaps.get(name);
        return swap?.state === 'requested' ? { id: swap.id, requester: swap.requester, source: swap.source } : null;
      },
      async moveSwap(name, id, from, to, detail) {
        const swap = store.swaps.get(name);
        if (!swap || swap.id !== id || swap.state !== from) return false;
        Object.assign(swap, { state: to, detail: detail ?? null });
        return true;
      },
      async swapStatus(name, id) {
        const swap = store.swaps.get(name);
        return swap?.id === id ? { state: swap.state, detail: swap.detail } : null;
      },
      async close() {},
    };
  }
}

const TTL = 10_000;

/** Work that records when it ran (faked clock). */
function trackedWork() {
  const runs: { startedAt: number; stoppedAt: number | null }[] = [];
  return {
    runs,
    get active() {
      return runs.filter((r) => r.stoppedAt === null).length;
    },
    start: async () => {
      const run = { startedAt: Date.now(), stoppedAt: null as number | null };
      runs.push(run);
      return { stop: async () => void (run.stoppedAt = Date.now()) };
    },
  };
}

describe('leased runner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a refused renewal it stops the work, keeps trying, and starts again once the lease is back', async () => {
    const store = new MemoryLeaseStore();
    let refuse = false;
    const work = trackedWork();
    const runner = new LeasedRunner(store.connect({ refuse: () => refuse }), { holder: 'a', ttlMs: TTL });
    await runner.start(work.start);
    expect(runner.status).toBe('holding');
    expect(work.active).toBe(1);

    refuse = true; // e.g. another instance took it while this one was cut off
    await vi.advanceTimersByTimeAsync(TTL);
    expect(work.active).toBe(0);
    expect(runner.holding).toBe(false);
    expect(runner.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(5 * TTL);
    expect(work.runs).toHaveLength(1); // nothing restarts while the lease is refused

    refuse = false;
    await vi.advanceTimersByTimeAsync(TTL);
    expect(work.runs).toHaveLength(2);
    expect(work.active).toBe(1);
    expect(runner.status).toBe('holding');
    await runner.stop();
    expect(work.active).toBe(0);
    expect(runner.status).toBe('stopped');
  });

  it('an unreachable store fences the work at once and the lease is retaken with backoff once it answers', async () => {
    const store = new MemoryLeaseStore();
    let fail = false;
    let calls = 0;
    const work = trackedWork();
    const runner = new LeasedRunner(store.connect({ fail: () => fail, onCall: () => calls++ }), { holder: 'a', ttlMs: TTL });
    await runner.start(work.start);
    fail = true;
    await vi.advanceTimersByTimeAsync(leaseTiming(TTL).renewEveryMs + 1);
    expect(work.active).toBe(0);
    const before = calls;
    await vi.advanceTimersByTimeAsync(60_000);
    const attempts = calls - before;
    expect(attempts).toBeGreaterThan(3); // still trying...
    expect(attempts).toBeLessThan(60_000 / leaseTiming(TTL).backoffMs(0)); // ...but backing off
    fail = false;
    await vi.advanceTimersByTimeAsync(TTL + 1);
    expect(work.active).toBe(1);
    await runner.stop();
  });

  it('a renewal that hangs past the lease time: the holder stops before a standby can take over', async () => {
    const store = new MemoryLeaseStore();
    let hang = false;
    const holderWork = trackedWork();
    const standbyWork = trackedWork();
    const holder = new LeasedRunner(store.connect({ hang: () => hang }), { holder: 'a', ttlMs: TTL });
    await holder.start(holderWork.start);
    const standby = new LeasedRunner(store.connect(), { holder: 'b', ttlMs: TTL });
    void standby.start(standbyWork.start);

    await vi.advanceTimersByTimeAsync(2 * TTL); // renewals confirmed, standby waiting
    expect(holderWork.active).toBe(1);
    expect(standbyWork.runs).toHaveLength(0);
    const lastExpiry = store.leases.get('projector')!.expiresAt;
    hang = true; // every later renewal of the holder never answers

    for (let t = 0; t < 3 * TTL; t += 50) {
      await vi.advanceTimersByTimeAsync(50);
      expect(holderWork.active + standbyWork.active).toBeLessThanOrEqual(1); // never two writers
    }
    const holderStoppedAt = holderWork.runs[0]!.stoppedAt!;
    const standbyStartedAt = standbyWork.runs[0]!.startedAt;
    expect(holderStoppedAt).toBeLessThanOrEqual(lastExpiry - leaseTiming(TTL).safetyMarginMs); // a margin before expiry
    expect(standbyStartedAt).toBeGreaterThan(lastExpiry);
    expect(standbyWork.active).toBe(1);
    await standby.stop();
    hang = false;
    await holder.stop();
  });

  it('renews one call at a time, also when the store is slow', async () => {
    const store = new MemoryLeaseStore();
    let most = 0;
    const runner = new LeasedRunner(store.connect({ delayMs: leaseTiming(TTL).renewTimeoutMs - 100, onCall: (active) => (most = Math.max(most, active)) }), {
      holder: 'a',
      ttlMs: TTL,
    });
    const work = trackedWork();
    await vi.advanceTimersByTimeAsync(0);
    const started = runner.start(work.start);
    await vi.advanceTimersByTimeAsync(TTL);
    await started;
    await vi.advanceTimersByTimeAsync(10 * TTL);
    expect(most).toBe(1);
    expect(work.runs).toHaveLength(1); // slow but confirmed in time: never fenced
    const stopping = runner.stop(); // waits for the renewal in flight (bounded by its timeout)
    await vi.advanceTimersByTimeAsync(TTL);
    await stopping;
  });

  it('a start that fails is retried, and the lease is given up meanwhile', async () => {
    const store = new MemoryLeaseStore();
    let failures = 2;
    const runner = new LeasedRunner(store.connect(), { holder: 'a', ttlMs: TTL });
    const started = runner.start(async () => {
      if (failures-- > 0) throw new Error('MongoServerSelectionError: connection refused');
      return { stop: async () => undefined };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runner.holding).toBe(false);
    await vi.advanceTimersByTimeAsync(5 * TTL);
    await started;
    expect(runner.holding).toBe(true);
    expect(failures).toBe(-1);
    await runner.stop();
  });

  it('waits while another holds the lease; reports failed when its loop dies', async () => {
    const store = new MemoryLeaseStore();
    store.leases.set('projector', { holder: 'other', expiresAt: Date.now() + 3_600_000 });
    const waiting = new LeasedRunner(store.connect(), { holder: 'a', ttlMs: TTL });
    void waiting.start(trackedWork().start);
    await vi.advanceTimersByTimeAsync(5 * TTL);
    expect(waiting.status).toBe('waiting');
    await waiting.stop();

    const broken = new LeasedRunner(store.connect({ fail: () => true }), {
      holder: 'b',
      ttlMs: TTL,
      log: () => {
        throw new Error('log destination gone');
      },
    });
    void broken.start(trackedWork().start).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(TTL);
    expect(broken.status).toBe('failed');
  });

  it('adopts a swap request while holding: stops projecting, adopts, projects again, marks it done', async () => {
    const store = new MemoryLeaseStore();
    const work = trackedWork();
    const adopted: { source: string; at: number; activeWork: number }[] = [];
    const runner = new LeasedRunner(store.connect(), {
      holder: 'a',
      ttlMs: TTL,
      adopt: async (swap) => {
        adopted.push({ source: swap.source, at: Date.now(), activeWork: work.active });
        await new Promise((resolve) => setTimeout(resolve, 2 * TTL)); // longer than the lease: renewals go on
      },
    });
    await runner.start(work.start);
    const requester = store.connect();
    await requester.requestSwap('projector', { id: 's1', requester: 'rebuild', source: 'copy' });
    await vi.advanceTimersByTimeAsync(leaseTiming(TTL).renewEveryMs + 1);
    expect(adopted).toEqual([{ source: 'copy', at: expect.any(Number), activeWork: 0 }]);
    expect(await requester.swapStatus('projector', 's1')).toEqual({ state: 'adopting', detail: null });
    await vi.advanceTimersByTimeAsync(2 * TTL + 1);
    expect(await requester.swapStatus('projector', 's1')).toEqual({ state: 'done', detail: null });
    expect(runner.status).toBe('holding');
    expect(work.runs).toHaveLength(2);
    expect(work.active).toBe(1);
    expect(work.runs[1]!.startedAt).toBeGreaterThanOrEqual(adopted[0]!.at + 2 * TTL);
    await runner.stop();
  });
});
