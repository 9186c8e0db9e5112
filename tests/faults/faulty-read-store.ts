import type { Doc, ReadCollection, ReadStore } from '../../projections/read-store/read-store';

/**
 * A read store with MongoDB's batch semantics and injected failures, over any store (the embedded one in tests).
 * `commitBatch` runs `work` against the inner store directly, so each write lands on its own as on MongoDB without a
 * transaction, and only then stores the checkpoint. When the fault plan says so, the batch fails after its n-th write
 * (or, with fewer writes, just before the checkpoint): the writes made before the failure stay.
 */

export interface FaultPlan {
  /** called once per batch: the number of writes after which this batch fails, or null to let it succeed */
  failAfterWrites(projection: string): number | null;
}

export class InjectedFault extends Error {
  constructor(projection: string, writes: number) {
    super(`injected fault in a ${projection} batch after ${writes} writes`);
    this.name = 'InjectedFault';
  }
}

const WRITES = ['replaceOne', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany'] as const;

export class FaultyReadStore implements ReadStore {
  /** batches that failed, those that failed only at the checkpoint (after all their writes), writes the failures kept */
  readonly injected = { batches: 0, atCheckpoint: 0, writesKept: 0 };

  constructor(
    private readonly inner: ReadStore,
    private readonly plan: FaultPlan,
  ) {}

  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    return this.inner.collection<T>(name);
  }

  ensureIndexes: ReadStore['ensureIndexes'] = (indexes) => this.inner.ensureIndexes(indexes);
  getCheckpoint: ReadStore['getCheckpoint'] = (projection) => this.inner.getCheckpoint(projection);
  dropAll: ReadStore['dropAll'] = () => this.inner.dropAll();
  close: ReadStore['close'] = () => this.inner.close();

  async commitBatch(projection: string, position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void> {
    const failAfter = this.plan.failAfterWrites(projection);
    let writes = 0;
    const fail = () => {
      this.injected.batches += 1;
      this.injected.writesKept += writes;
      return new InjectedFault(projection, writes);
    };
    const counting = <T extends Doc>(coll: ReadCollection<T>): ReadCollection<T> => {
      const wrapped = { ...bindAll(coll) };
      for (const method of WRITES) {
        const write = coll[method].bind(coll) as (...args: unknown[]) => Promise<unknown>;
        (wrapped as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          if (failAfter !== null && writes >= failAfter) throw fail();
          const result = await write(...args);
          writes += 1;
          return result;
        };
      }
      return wrapped;
    };
    const view: ReadStore = { ...bindAll(this.inner), collection: <T extends Doc = Doc>(name: string) => counting(this.inner.collection<T>(name)) };
    await work(view);
    if (failAfter !== null) {
      this.injected.atCheckpoint += 1;
      throw fail(); // every write made, the checkpoint not
    }
    await this.inner.commitBatch(projection, position, async () => {});
  }
}

function bindAll<T extends object>(target: T): T {
  const out: Record<string, unknown> = {};
  let proto: object | null = target;
  while (proto && proto !== Object.prototype) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const value = (target as Record<string, unknown>)[key];
      if (key !== 'constructor' && typeof value === 'function' && !(key in out)) out[key] = value.bind(target);
    }
    proto = Object.getPrototypeOf(proto);
  }
  return out as T;
}
