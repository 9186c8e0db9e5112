import type { EventStore, RecordedEvent } from '../services/eventstore/event-store';
import type { ReadStore } from './read-store/read-store';
import { toProjectedEvent, type ProjectedEvent, type Projection } from './projection';

export interface ProjectorOptions {
  /** most events applied per read-store transaction (catch-up; live batches are whatever has arrived) */
  batchSize?: number;
  /** most bytes of event data (roughly) per batch, and twice that waiting in the queue: big events make small batches */
  batchBytes?: number;
  /** called after each committed batch (cache invalidation) */
  onBatch?: (events: ProjectedEvent[]) => void;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Runs every projection from its own checkpoint: one catch-up subscription on `$all`,
 * events applied in batches, each projection's writes and checkpoint committed together.
 */
export class Projector {
  private readonly abort = new AbortController();
  private readonly checkpoints = new Map<string, bigint>();
  private processed = -1n;
  private waiters: { position: bigint; resolve: () => void }[] = [];
  private running: Promise<void> | null = null;
  private readonly batchSize: number;
  private readonly batchBytes: number;
  private lastYield = performance.now();
  private failingSince: number | null = null;
  private readingFailedSince: number | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    // Large batches during catch-up: each commit rewrites the index pages it touched, so fewer commits write less.
    // 8 MB of text (about 2,000 saves of 4 KB) projects as fast as 32 MB did and keeps a first start over large
    // versions from holding four times as much at once (docs/decisions.md, "Catch-up batches of 8 MB of text").
    this.batchSize = options.batchSize ?? 10_000;
    this.batchBytes = options.batchBytes ?? 8 * 1024 * 1024;
  }

  /** Since when (ms epoch) batches or the subscription keep failing, e.g. a full disk; null while all is well. Readiness reads it. */
  get stuckSince(): number | null {
    const a = this.failingSince;
    const b = this.readingFailedSince;
    return a === null ? b : b === null ? a : Math.min(a, b);
  }

  /** Global position of the last event every projection has applied. */
  get position(): bigint {
    return this.processed;
  }

  async start(): Promise<void> {
    await this.readStore.ensureIndexes(this.projections.flatMap((p) => p.indexes));
    for (const projection of this.projections) {
      this.checkpoints.set(projection.name, (await this.readStore.getCheckpoint(projection.name)) ?? -1n);
    }
    this.processed = minimum([...this.checkpoints.values()]);
    this.running = this.run().catch((error) => {
      if (!this.abort.signal.aborted) this.options.log?.('projector stopped', error);
    });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    // Not applied by this projector: a waiter learns so now (and may wait on the one that follows, see
    // projector-watermark.ts) instead of being told its write is visible.
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }

  /** Stopped: it applies nothing more (a successor, if any, projects from the checkpoints). */
  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /**
   * Resolves true once every read model has applied `position` (read-your-writes); false after `timeoutMs`, or once
   * this projector stops without having applied it.
   */
  waitFor(position: bigint, timeoutMs = 5000): Promise<boolean> {
    if (this.processed >= position) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.processed >= position);
        },
      };
      this.waiters.push(waiter);
    });
  }

  private async run(): Promise<void> {
    const from = this.processed < 0n ? 'start' : this.processed;
    const queue = new BatchQueue<RecordedEvent>(this.batchSize * 2, this.batchBytes * 2, approximateSize);
    const pump = (async () => {
      try {
        await this.follow(from, queue);
      } finally {
        queue.close();
      }
    })();

    for (;;) {
      const batch = await queue.take(this.batchSize, this.batchBytes);
      // Once stopped (shutdown, or the lease was lost to another instance) nothing more is written: the events
      // still queued are applied by whoever projects next, from the checkpoints.
      if (batch === null || this.abort.signal.aborted) break;
      await this.applyWithRetry(batch.map(toProjectedEvent));
    }
    queue.close(); // a subscription waiting for room in the queue must not wait forever
    await pump;
  }

  /**
   * Feeds the queue from the log. A subscription that fails (the log's file unreadable on a full disk, an I/O error)
   * is opened again after the last event queued, with backoff: a reader error must not stop projection for good.
   */
  private async follow(from: bigint | 'start', queue: BatchQueue<RecordedEvent>): Promise<void> {
    const signal = this.abort.signal;
    let after = from;
    for (let failures = 0; !signal.aborted; ) {
      try {
        for await (const event of this.eventStore.subscribeToAll({ fromPosition: after, signal })) {
          await queue.push(event);
          after = event.position;
          failures = 0;
          this.readingFailedSince = null;
        }
        return; // stopped, or the store closed
      } catch (error) {
        if (signal.aborted) return;
        this.readingFailedSince ??= Date.now();
        this.options.log?.(`event subscription failed (attempt ${++failures}), subscribing again`, error);
        await delay(Math.min(100 * 2 ** failures, 5000), signal);
        // Nothing new since the failure: reading works again (the log answers), so the projector is not stuck.
        const head = signal.aborted ? null : await this.eventStore.headPosition().catch(() => null);
        if (head !== null && head === (after === 'start' ? -1n : after)) this.readingFailedSince = null;
      }
    }
  }

  private async applyWithRetry(events: ProjectedEvent[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.applyBatch(events);
        if (this.failingSince !== null) this.options.log?.(`projection resumed after ${attempt} failed attempts`);
        this.failingSince = null;
        return;
      } catch (error) {
        // Never skip an event: a read model with a hole is worse than one that is late. A full disk or an I/O error
        // is transient: retry with backoff until space is back, and resume on our own.
        this.failingSince ??= Date.now();
        this.options.log?.(`projection batch failed (attempt ${attempt + 1}), retrying`, error);
        if (this.abort.signal.aborted) throw error;
        await delay(Math.min(100 * 2 ** attempt, 5000), this.abort.signal);
        if (this.abort.signal.aborted) throw error;
      }
    }
  }

  /**
   * On the embedded stores a catch-up is nothing but synchronous SQLite calls and resolved promises: without a
   * yield it would hold the event loop until the log is read to its end, starving timers and I/O (lease renewal,
   * so a standby would take over a live projector; /healthz; every HTTP request of an in-process gateway). Callers
   * check `yieldDue()` first: no promise per event.
   */
  private async yieldNow(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.lastYield = performance.now();
  }

  /** Projecting has held the event loop for `YIELD_AFTER_MS`. */
  private yieldDue(): boolean {
    return performance.now() - this.lastYield >= YIELD_AFTER_MS;
  }

  private async applyBatch(events: ProjectedEvent[]): Promise<void> {
    const last = events[events.length - 1];
    if (!last) return;
    const due = this.projections.filter((projection) => (this.checkpoints.get(projection.name) ?? -1n) < last.position);
    if (this.readStore.commitBatches && events.length <= ONE_TRANSACTION_AT_MOST) {
      // A live batch (the embedded store): one transaction for every projection, so one commit per batch, not one
      // each. A catch-up batch keeps a transaction per projection: its pending documents are held in memory until
      // their commit, so this bounds them by one projection's writes, not every projection's.
      await this.readStore.commitBatches(
        due.map((projection) => projection.name),
        last.position,
        async (batch) => {
          for (const projection of due) {
            await this.applyPending(projection, events, batch);
            if (this.yieldDue()) await this.yieldNow();
          }
        },
      );
      for (const projection of due) this.checkpoints.set(projection.name, last.position);
    } else {
      for (const projection of due) {
        // Nothing this projection reads: its checkpoint still moves (a commit of the checkpoint alone).
        await this.readStore.commitBatch(projection.name, last.position, (batch) => this.applyPending(projection, events, batch));
        this.checkpoints.set(projection.name, last.position);
        if (this.yieldDue()) await this.yieldNow();
      }
    }
    this.processed = last.position;
    this.options.onBatch?.(events);
    const ready = this.waiters.filter((w) => w.position <= last.position);
    this.waiters = this.waiters.filter((w) => w.position > last.position);
    for (const waiter of ready) waiter.resolve();
  }

  /** Applies to `batch` the events of `events` that `projection` has not applied and reads. */
  private async applyPending(projection: Projection, events: ProjectedEvent[], batch: ReadStore): Promise<void> {
    const checkpoint = this.checkpoints.get(projection.name) ?? -1n;
    const types = projection.eventTypes;
    const pending = events.filter((event) => event.position > checkpoint && (!types || types.has(event.type)));
    if (pending.length === 0) return;
    if (projection.applyBatch) {
      await projection.applyBatch(pending, batch);
      return;
    }
    for (const event of pending) {
      await projection.apply(event, batch);
      if (this.yieldDue()) await this.yieldNow();
    }
  }
}

function minimum(values: bigint[]): bigint {
  return values.reduce((min, v) => (v < min ? v : min), values[0] ?? -1n);
}

/** Largest batch whose projections share one read-model transaction (a live batch; see `applyBatch`). */
const ONE_TRANSACTION_AT_MOST = 1000;

/** Events a woken batch waits for at most: a page of the SQLite log's subscription. */
const COALESCE_AT_MOST = 1000;

/** More than the microtask hops one event takes from the log's page to the queue (generators, awaits). */
const MICROTASK_TURNS_PER_EVENT = 32;

/** Longest stretch of projecting before timers and I/O get a turn. */
const YIELD_AFTER_MS = 20;

/** A pause that ends early when the projector stops (shutdown must not wait out a 5 s backoff). */
const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });

/** Roughly what an event holds in memory: its top-level strings (script contents) and a fixed overhead. */
function approximateSize(event: RecordedEvent): number {
  let size = 256;
  const data = event.data as Record<string, unknown> | null;
  if (data && typeof data === 'object') for (const key in data) if (typeof data[key] === 'string') size += (data[key] as string).length;
  return size;
}

/**
 * A bounded hand-off between the subscription and the batch loop: the subscription waits when the loop lags.
 * Bounded by count and by bytes, so a catch-up over large events holds a bounded amount of memory.
 */
class BatchQueue<T> {
  private items: T[] = [];
  private sizes: number[] = [];
  private bytes = 0;
  private closed = false;
  private onItem: (() => void) | null = null;
  private onSpace: (() => void) | null = null;

  constructor(
    private readonly capacity: number,
    private readonly capacityBytes: number,
    private readonly sizeOf: (item: T) => number,
  ) {}

  async push(item: T): Promise<void> {
    while ((this.items.length >= this.capacity || this.bytes >= this.capacityBytes) && !this.closed) {
      await new Promise<void>((resolve) => (this.onSpace = resolve));
    }
    const size = this.sizeOf(item);
    this.items.push(item);
    this.sizes.push(size);
    this.bytes += size;
    this.wake('item');
  }

  close(): void {
    this.closed = true;
    this.wake('item');
    this.wake('space');
  }

  /** Up to `max` items and about `maxBytes` (at least one item), waiting for at least one; null once closed and drained. */
  async take(max: number, maxBytes: number): Promise<T[] | null> {
    if (this.items.length === 0) {
      while (this.items.length === 0) {
        if (this.closed) return null;
        await new Promise<void>((resolve) => (this.onItem = resolve));
      }
      // Woken by the first event of a page the subscription already holds: let it queue the rest of that page before
      // taking, or 50 saves committed together would be projected as 1 and then 49. Queuing an event takes only
      // microtasks, so wait while they keep adding events; no timer, so no I/O runs in between. At most a page: a
      // longer run is a catch-up, whose queue refills by itself while each batch is applied.
      const enough = Math.min(max, COALESCE_AT_MOST);
      for (let queued = 0; queued !== this.items.length && this.items.length < enough; ) {
        queued = this.items.length;
        for (let turn = 0; turn < MICROTASK_TURNS_PER_EVENT; turn++) await undefined;
      }
    }
    let count = 0;
    let bytes = 0;
    while (count < this.items.length && count < max && (count === 0 || bytes + this.sizes[count]! <= maxBytes)) bytes += this.sizes[count++]!;
    const batch = this.items.splice(0, count);
    this.sizes.splice(0, count);
    this.bytes -= bytes;
    this.wake('space');
    return batch;
  }

  private wake(kind: 'item' | 'space'): void {
    const resolve = kind === 'item' ? this.onItem : this.onSpace;
    if (kind === 'item') this.onItem = null;
    else this.onSpace = null;
    resolve?.();
  }
}
