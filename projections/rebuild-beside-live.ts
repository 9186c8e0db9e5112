import type { Config } from '../services/config';
import { openStorage, type Storage } from '../services/storage';
import type { EventStore } from '../services/eventstore/event-store';
import type { Lease, SwapState } from './lease/lease';
import { LeasedRunner, PROJECTOR_LEASE } from './leased-projector';
import type { Projection } from './projection';
import { projectToHead } from './rebuild';
import { adoptRebuild, openRebuildStore, rebuildSource, removeRebuildStore } from './rebuild-store';

/** The rebuild's own lease: one rebuild at a time, never the projector's. */
export const REBUILD_LEASE = 'rebuild';

export interface RebuildBesideLiveOptions {
  holder: string;
  /** a new connection to the lease store per call (each runner closes its own) */
  openLease: () => Promise<Lease>;
  openEventStore: () => Promise<EventStore>;
  projections: Projection[];
  /** the rebuild lease's TTL (default 30 s) */
  leaseTtlMs?: number;
  /** the projector lease's TTL when no projector runs and the rebuild adopts its copy itself (default 10 s) */
  projectorLeaseTtlMs?: number;
  /** how long to wait for the projector to adopt the copy before withdrawing the request (default 10 min) */
  swapTimeoutMs?: number;
  log: (line: string, error?: unknown) => void;
}

export interface RebuildOutcome {
  head: bigint;
  seconds: number;
}

/**
 * `npm run projections:rebuild` beside a running projector:
 * 1. take the `rebuild` lease (renewed from the start, before any long work; losing it aborts the rebuild);
 * 2. replay the whole log into a store of its own (see rebuild-store.ts) up to the head;
 * 3. post a swap request in the lease store. The projector lease holder sees it at its next renewal, stops
 *    projecting, copies the rebuilt read models and their checkpoints over the live ones, and projects on from
 *    those checkpoints. If no projector runs, this process takes the projector lease and adopts the copy itself;
 * 4. remove the copy once adopted.
 * Only the projector lease holder ever writes the live read models, so no write is lost or doubled by the swap.
 */
export async function rebuildBesideLive(config: Config, options: RebuildBesideLiveOptions): Promise<RebuildOutcome> {
  const started = performance.now();
  let outcome: Promise<RebuildOutcome> | null = null;
  const abort = new AbortController();
  const rebuildLease = new LeasedRunner(await options.openLease(), { holder: options.holder, name: REBUILD_LEASE, ttlMs: options.leaseTtlMs ?? 30_000, log: options.log });
  try {
    await rebuildLease.start(async () => {
      // Started once: after losing the lease the rebuild is over, whatever the runner does next.
      if (outcome) return { stop: async () => undefined };
      outcome = build(config, options, abort.signal).then((head) => ({ head, seconds: (performance.now() - started) / 1000 }));
      return {
        stop: async () => {
          if (!abort.signal.aborted) options.log('the rebuild lease was lost: stopping the rebuild without swapping it in');
          abort.abort(new Error('the rebuild lease was lost'));
          await outcome?.catch(() => undefined);
        },
      };
    }, false);
    return await outcome!;
  } catch (error) {
    if (abort.signal.aborted) throw abort.signal.reason;
    throw error;
  } finally {
    abort.abort(new Error('the rebuild ended'));
    await rebuildLease.stop();
  }
}

async function build(config: Config, options: RebuildBesideLiveOptions, signal: AbortSignal): Promise<bigint> {
  const source = rebuildSource(config);
  await removeRebuildStore(config, source);
  const eventStore = await options.openEventStore();
  let head: bigint;
  try {
    const store = await openRebuildStore(config, source);
    try {
      let reported = Date.now();
      head = await projectToHead(eventStore, store, options.projections, {
        signal,
        onProgress: (position, to) => {
          if (Date.now() - reported < 2000) return;
          reported = Date.now();
          options.log(`  ${position} / ${to}`);
        },
      });
    } finally {
      await store.close();
    }
  } finally {
    await eventStore.close();
  }
  options.log(`rebuilt every read model up to position ${head}; asking the projector to swap it in`);
  signal.throwIfAborted();
  await handOver(config, options, source, signal);
  await removeRebuildStore(config, source);
  return head;
}

async function handOver(config: Config, options: RebuildBesideLiveOptions, source: string, signal: AbortSignal): Promise<void> {
  const lease = await options.openLease();
  const id = `${options.holder}-${Date.now()}`;
  // Should no projector hold the lease, this process takes it and adopts the copy itself; it never projects.
  let storage: Storage | null = null;
  const standIn = new LeasedRunner(await options.openLease(), {
    holder: options.holder,
    ttlMs: options.projectorLeaseTtlMs ?? 10_000,
    log: options.log,
    adopt: async (swap, abortAdoption) => {
      storage ??= await openStorage(config);
      await adoptRebuild(config, swap.source, storage.readStore, options.projections, abortAdoption);
    },
  });
  try {
    await lease.requestSwap(PROJECTOR_LEASE, { id, requester: options.holder, source });
    void standIn.start(async () => ({ stop: async () => undefined })).catch(() => undefined);
    const deadline = Date.now() + (options.swapTimeoutMs ?? 600_000);
    for (let state: SwapState | undefined; ; ) {
      const status = await lease.swapStatus(PROJECTOR_LEASE, id);
      state = status?.state;
      if (state === 'done') return;
      if (state === 'failed' || !status) throw new Error(`the projector could not swap the rebuilt read models in: ${status?.detail ?? 'request replaced'}`);
      if (state === 'requested' && (signal.aborted || Date.now() > deadline)) {
        if (await lease.moveSwap(PROJECTOR_LEASE, id, 'requested', 'failed', 'withdrawn by the rebuild')) {
          throw signal.aborted ? signal.reason : new Error('no projector adopted the rebuilt read models in time (is an older version running?)');
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await standIn.stop();
    await closeStorage(storage);
    await lease.close();
  }
}

async function closeStorage(storage: Storage | null): Promise<void> {
  if (!storage) return;
  await storage.readStore.close();
  await storage.eventStore.close();
}
