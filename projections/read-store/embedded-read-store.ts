import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Query, find as mingoFind } from 'mingo';
import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query as LeanQuery } from 'mingo/query';
import { update as mingoUpdate } from 'mingo/updater';
import { compileSimpleFilter } from './simple-filter';
import { copyAsJson } from './copy-as-json';
import type { Doc, Filter, FindOptions, IndexSpec, ReadCollection, ReadStore, Update } from './read-store';
import { tryFlatUpdate, trySimpleUpdate } from './simple-update';

/**
 * The embedded read store (the default): every document lives in memory, one Map per collection keyed by `_id`,
 * and is written through to SQLite (better-sqlite3, WAL). Opening loads everything back into memory.
 *
 * Filters, updates, sorts and projections are evaluated with mingo, so they mean what they mean on MongoDB
 * (`{ folderId: null }` also matches a missing field, `{ tags: 'x' }` matches an array holding 'x', ...).
 * Unique indexes follow MongoDB too: a missing field counts as `null` unless the index is sparse, and a sparse
 * index skips documents that lack the field but still indexes an explicit `null`.
 *
 * Transactions: one writer at a time (a FIFO lock). `commitBatch` holds the lock while `work` runs; writes made
 * through the batch store handed to `work` apply to memory at once, remembering each touched document's
 * previous state. When `work` resolves, the touched documents and the checkpoint are flushed in ONE SQLite
 * transaction; when `work` throws (or the flush fails) memory is restored from the undo log and nothing reaches
 * disk. A write outside any batch is its own small transaction and waits for a running batch to finish.
 * Readers never wait: they can see a batch's writes before it commits (as they would on MongoDB, where the
 * writes inside a batch are not transactional either); a rolled-back batch is simply re-applied by the projector.
 *
 * Every document returned is a copy; every document stored is normalised through JSON (what is in memory is
 * exactly what a reopen will load). Index definitions are stored too, so unique indexes hold from the moment of a reopen.
 */

export class DuplicateKeyError extends Error {
  /** MongoDB's error code for a unique index violation */
  readonly code = 11000;
  constructor(collection: string, index: string, key: Record<string, unknown>) {
    super(`E11000 duplicate key error collection: ${collection} index: ${index} dup key: ${JSON.stringify(key)}`);
    this.name = 'DuplicateKeyError';
  }
}

export interface EmbeddedReadStoreStats {
  /** documents tested against a filter since open (or since reset); shows whether a lookup used an index */
  docsExamined: number;
}

type Predicate = (doc: Doc) => boolean;

/** Equality lookups on one field (multikey: an array value is indexed by each element). Never holds missing fields. */
interface FieldIndex {
  path: string[];
  entries: Map<string, Set<string>>;
}

interface UniqueIndex {
  name: string;
  paths: string[][];
  sparse: boolean;
  entries: Map<string, string>; // key -> _id
}

interface IndexDef {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
  sparse: boolean;
}

interface CollectionState {
  name: string;
  docs: Map<string, Doc>;
  defs: Map<string, IndexDef>;
  fieldIndexes: Map<string, FieldIndex>; // by dotted field
  uniqueIndexes: UniqueIndex[];
}

interface Tx {
  open: boolean;
  /** collection -> _id -> the document before this transaction touched it (undefined: it did not exist) */
  undo: Map<string, Map<string, Doc | undefined>>;
}

/**
 * mingo copies the operator context it is given on every Query and update. The full context (every expression,
 * pipeline and accumulator operator) made that copy cost about 50 us per filter and 100 us per update, so filters
 * get a context with only the query operators, and updates go through `mingo/updater`, which brings its own small one.
 * Filters that need expression operators (`$expr`, `$where`, `$jsonSchema`) still get the full context.
 */
const QUERY_CONTEXT = Context.init({ query: queryOperators });
const NEEDS_FULL_CONTEXT = /"\$(expr|where|jsonSchema)"/;

const NULL_KEY = 'z:';
const EMPTY_ARRAY_KEY = 'a:';

export class EmbeddedReadStore implements ReadStore {
  readonly stats: EmbeddedReadStoreStats = { docsExamined: 0 };
  private readonly collections = new Map<string, CollectionState>();
  private readonly handles = new Map<string, ReadCollection>();
  private readonly checkpoints = new Map<string, bigint>();
  private lockTail: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly sql: {
    insertDoc: Database.Statement<[string, string, string]>;
    updateDoc: Database.Statement<[string, number | bigint]>;
    deleteDoc: Database.Statement<[number | bigint]>;
    upsertCheckpoint: Database.Statement<[string, string]>;
    upsertIndex: Database.Statement<[string, string, string]>;
  };
  /**
   * Where each document sits in `doc_rows`, by collection and id. Rows are addressed by rowid, so a new document is
   * an append to the end of the table: random ids (every id here is random) would otherwise scatter every insert
   * across a B-tree keyed by id, dirtying a page per document (measured: 49 us instead of 5.5 us per row).
   */
  private readonly rowids = new Map<string, Map<string, number | bigint>>();

  constructor(private readonly db: Database.Database) {
    db.pragma('journal_mode = WAL');
    // The read models can always be rebuilt from the event log, so NORMAL (no fsync per commit) is enough.
    db.pragma('synchronous = NORMAL');
    const legacy = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'docs'").get();
    if (legacy) {
      // An older layout keyed by id: drop it and its checkpoints, so the projections rebuild into the new one.
      db.exec('DROP TABLE docs; DROP TABLE IF EXISTS checkpoints; DROP TABLE IF EXISTS indexes;');
    }
    db.exec(`
      CREATE TABLE IF NOT EXISTS doc_rows (rowid INTEGER PRIMARY KEY, collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (collection, name));
    `);
    this.sql = {
      insertDoc: db.prepare('INSERT INTO doc_rows (collection, id, doc) VALUES (?, ?, ?)'),
      updateDoc: db.prepare('UPDATE doc_rows SET doc = ? WHERE rowid = ?'),
      deleteDoc: db.prepare('DELETE FROM doc_rows WHERE rowid = ?'),
      upsertCheckpoint: db.prepare(
        'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET position = excluded.position',
      ),
      upsertIndex: db.prepare('INSERT INTO indexes (collection, name, spec) VALUES (?, ?, ?) ON CONFLICT (collection, name) DO UPDATE SET spec = excluded.spec'),
    };
    this.load();
  }

  // ---------------------------------------------------------------- ReadStore

  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    let handle = this.handles.get(name);
    if (!handle) {
      // same rule as the MongoDB adapter, whose checkpoints share the database with the read models
      if (name === 'checkpoints') throw new Error("'checkpoints' is reserved for projection checkpoints");
      handle = this.makeHandle(name);
      this.handles.set(name, handle);
    }
    return handle as unknown as ReadCollection<T>;
  }

  async ensureIndexes(indexes: IndexSpec[], batch?: Tx): Promise<void> {
    await this.write(batch, () => {
      for (const spec of indexes) {
        const state = this.state(spec.collection);
        const def: IndexDef = { name: indexName(spec.keys), keys: { ...spec.keys }, unique: spec.unique ?? false, sparse: spec.sparse ?? false };
        const existing = state.defs.get(def.name);
        if (existing) {
          if (existing.unique !== def.unique || existing.sparse !== def.sparse) {
            throw new Error(`An index named ${def.name} already exists on ${spec.collection} with different options`);
          }
          continue;
        }
        this.addIndex(state, def);
        this.sql.upsertIndex.run(spec.collection, def.name, JSON.stringify(def));
      }
    });
  }

  async getCheckpoint(projection: string): Promise<bigint | null> {
    this.assertOpen();
    return this.checkpoints.get(projection) ?? null;
  }

  async commitBatch(projection: string, position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void> {
    this.assertOpen();
    const release = await this.acquire();
    const tx: Tx = { open: true, undo: new Map() };
    try {
      this.assertOpen();
      await work(this.batchView(tx));
      tx.open = false; // a write still arriving from `work` after this point is refused
      this.persist(tx, [projection, position]);
      this.checkpoints.set(projection, position);
    } catch (error) {
      tx.open = false;
      this.rollback(tx);
      throw error;
    } finally {
      release();
    }
  }

  /**
   * The store as `work` sees it inside a batch: reads as usual, writes into `tx`, no nested batches. The batch is
   * passed explicitly rather than found through AsyncLocalStorage, which on Node 20 slows every promise in the process.
   */
  private batchView(tx: Tx): ReadStore {
    const handles = new Map<string, ReadCollection>();
    const nested = async () => {
      throw new Error('commitBatch cannot be nested inside another commitBatch');
    };
    return {
      collection: <T extends Doc = Doc>(name: string) => {
        let handle = handles.get(name);
        if (!handle) handles.set(name, (handle = this.makeHandle(name, tx)));
        return handle as unknown as ReadCollection<T>;
      },
      ensureIndexes: (indexes) => this.ensureIndexes(indexes, tx),
      getCheckpoint: (projection) => this.getCheckpoint(projection),
      commitBatch: nested,
      dropAll: async () => {
        throw new Error('dropAll cannot run inside commitBatch');
      },
      close: async () => {
        throw new Error('close cannot run inside commitBatch');
      },
    };
  }

  async dropAll(): Promise<void> {
    this.assertOpen();
    const release = await this.acquire();
    try {
      this.db.transaction(() => {
        this.db.exec('DELETE FROM doc_rows; DELETE FROM checkpoints; DELETE FROM indexes;');
      })();
      this.rowids.clear();
      // Like dropping MongoDB collections: documents, indexes and checkpoints all go.
      this.collections.clear();
      this.checkpoints.clear();
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const release = await this.acquire(); // let a running batch finish
    try {
      if (this.closed) return;
      this.closed = true;
      this.db.close();
    } finally {
      release();
    }
  }

  // ---------------------------------------------------------------- collections

  /** `tx`: the batch this handle writes into; without one, each write is a transaction of its own (after any batch). */
  private makeHandle(name: string, tx?: Tx): ReadCollection {
    return {
      findOne: async (filter) => {
        this.assertOpen();
        const doc = this.first(name, filter);
        return doc ? clone(doc) : null;
      },
      find: async (filter, options) => {
        this.assertOpen();
        return this.find(name, filter, options);
      },
      countDocuments: async (filter) => {
        this.assertOpen();
        return this.matching(name, filter).length;
      },
      replaceOne: (filter, doc, options) => this.write(tx, (tx) => this.replaceOne(tx, name, filter, doc, options?.upsert ?? false)),
      updateOne: (filter, update, options) => this.write(tx, (tx) => this.updateOne(tx, name, filter, update, options?.upsert ?? false)),
      updateMany: (filter, update) => this.write(tx, (tx) => this.updateMany(tx, name, filter, update)),
      deleteOne: (filter) =>
        this.write(tx, (tx) => {
          const doc = this.first(name, filter);
          if (doc) this.put(tx, this.state(name), doc._id, undefined);
        }),
      deleteMany: (filter) =>
        this.write(tx, (tx) => {
          const state = this.state(name);
          for (const doc of this.matching(name, filter)) this.put(tx, state, doc._id, undefined);
        }),
    };
  }

  private find(name: string, filter: Filter, options: FindOptions = {}): Doc[] {
    const matches = this.matching(name, filter);
    const { sort, skip, limit, projection } = options;
    const shaped = sort || skip || limit || projection;
    if (!shaped) return matches.map(clone);
    let cursor = mingoFind<Doc>(matches, {}, projection);
    if (sort && Object.keys(sort).length > 0) cursor = cursor.sort(sort);
    if (skip && skip > 0) cursor = cursor.skip(skip);
    if (limit && limit > 0) cursor = cursor.limit(limit);
    return cursor.all().map(clone);
  }

  private replaceOne(tx: Tx, name: string, filter: Filter, doc: Doc, upsert: boolean): void {
    const replacement = normalise(doc);
    const target = this.first(name, filter);
    const state = this.state(name);
    if (target) {
      if (replacement._id !== undefined && replacement._id !== target._id) {
        throw new Error("After applying the update, the (immutable) field '_id' was found to have been altered");
      }
      this.put(tx, state, target._id, { ...replacement, _id: target._id });
      return;
    }
    if (!upsert) return;
    const seed = seedFromFilter(filter);
    const id = replacement._id ?? seed._id ?? randomUUID();
    this.insert(tx, state, { ...replacement, _id: id } as Doc);
  }

  private updateOne(tx: Tx, name: string, filter: Filter, update: Update, upsert: boolean): { matched: number } {
    assertUpdate(update);
    const target = this.first(name, filter);
    const state = this.state(name);
    if (target) {
      const modifier = withoutSetOnInsert(update);
      if (modifier) this.put(tx, state, target._id, applyUpdate(target, modifier));
      return { matched: 1 };
    }
    if (upsert) {
      const { $setOnInsert, ...rest } = update;
      const modifier: Update = $setOnInsert ? { ...rest, $set: { ...rest.$set, ...$setOnInsert } } : rest;
      const seed = seedFromFilter(filter);
      const created: Record<string, unknown> = applyUpdate(seed as Doc, modifier, false);
      // MongoDB would make an ObjectId here; projections always name the _id in the filter
      this.insert(tx, state, (created._id === undefined ? { _id: randomUUID(), ...created } : created) as Doc);
    }
    return { matched: 0 };
  }

  private updateMany(tx: Tx, name: string, filter: Filter, update: Update): { matched: number } {
    assertUpdate(update);
    const targets = this.matching(name, filter);
    const modifier = withoutSetOnInsert(update);
    if (modifier) {
      const state = this.state(name);
      // Not atomic, like MongoDB: a unique violation half-way leaves the earlier documents updated.
      for (const target of targets) this.put(tx, state, target._id, applyUpdate(target, modifier));
    }
    return { matched: targets.length };
  }

  // ---------------------------------------------------------------- reads

  private first(name: string, filter: Filter): Doc | undefined {
    const state = this.collections.get(name);
    if (!state) return undefined;
    const id = onlyId(filter);
    if (id !== undefined) {
      // `{ _id: '...' }`, the projections' most common filter: a map lookup, nothing to compile.
      this.stats.docsExamined++;
      return state.docs.get(id);
    }
    const docs = this.candidates(state, filter);
    if (docs.length === 0) return undefined; // nothing to test: skip compiling the filter
    const test = compileFilter(filter);
    for (const doc of docs) {
      this.stats.docsExamined++;
      if (test(doc)) return doc;
    }
    return undefined;
  }

  /** Matching documents, NOT copies (callers clone before handing out). */
  private matching(name: string, filter: Filter): Doc[] {
    const state = this.collections.get(name);
    if (!state) return [];
    const docs = this.candidates(state, filter);
    if (docs.length === 0) return [];
    const test = compileFilter(filter);
    const out: Doc[] = [];
    for (const doc of docs) {
      this.stats.docsExamined++;
      if (test(doc)) out.push(doc);
    }
    return out;
  }

  /** A superset of the documents that can match: from `_id` or an equality index when the filter allows, else all. */
  private candidates(state: CollectionState, filter: Filter): Doc[] {
    const ids = this.plan(state, filter);
    if (!ids) return [...state.docs.values()];
    const docs: Doc[] = [];
    for (const id of ids) {
      const doc = state.docs.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  private plan(state: CollectionState, filter: Filter): Iterable<string> | null {
    let best: string[] | Set<string> | null = null;
    const consider = (ids: string[] | Set<string>) => {
      const size = Array.isArray(ids) ? ids.length : ids.size;
      if (!best || size < (Array.isArray(best) ? best.length : best.size)) best = ids;
    };
    for (const [field, condition] of Object.entries(filter)) {
      if (field.startsWith('$')) continue;
      const values = equalityValues(condition);
      if (!values) continue;
      if (field === '_id') {
        consider(values.filter((v): v is string => typeof v === 'string'));
        continue;
      }
      const index = state.fieldIndexes.get(field);
      if (!index) continue;
      if (values.length === 1) {
        consider(index.entries.get(keyOf(values[0])) ?? []);
      } else {
        const union = new Set<string>();
        for (const value of values) for (const id of index.entries.get(keyOf(value)) ?? []) union.add(id);
        consider(union);
      }
    }
    return best;
  }

  // ---------------------------------------------------------------- writes

  /** Runs a write inside the given batch, or as a transaction of its own once no batch runs. */
  private async write<R>(batch: Tx | undefined, fn: (tx: Tx) => R): Promise<R> {
    this.assertOpen();
    if (batch) {
      if (!batch.open) throw new Error('this batch has already ended');
      return fn(batch);
    }
    const release = await this.acquire();
    try {
      this.assertOpen();
      const tx: Tx = { open: true, undo: new Map() };
      let result: R;
      try {
        result = fn(tx);
      } catch (error) {
        // A single operation is not atomic on MongoDB either (updateMany): keep what was applied before the error.
        this.commitOrRollback(tx);
        throw error;
      }
      this.commitOrRollback(tx);
      return result;
    } finally {
      release();
    }
  }

  private commitOrRollback(tx: Tx): void {
    tx.open = false;
    try {
      this.persist(tx, null);
    } catch (error) {
      this.rollback(tx);
      throw error;
    }
  }

  private insert(tx: Tx, state: CollectionState, doc: Doc): void {
    if (typeof doc._id !== 'string') throw new Error('documents need a string _id');
    if (state.docs.has(doc._id)) throw new DuplicateKeyError(state.name, '_id_', { _id: doc._id });
    this.put(tx, state, doc._id, doc);
  }

  /** Stores (or deletes, with `undefined`) one document: unique checks first, then undo log, memory and indexes. */
  private put(tx: Tx, state: CollectionState, id: string, doc: Doc | undefined): void {
    if (doc) {
      for (const unique of state.uniqueIndexes) {
        for (const key of uniqueKeys(unique, doc)) {
          const owner = unique.entries.get(key);
          if (owner !== undefined && owner !== id) throw new DuplicateKeyError(state.name, unique.name, describeKey(unique, doc));
        }
      }
    }
    let undo = tx.undo.get(state.name);
    if (!undo) tx.undo.set(state.name, (undo = new Map()));
    const previous = state.docs.get(id);
    if (!undo.has(id)) undo.set(id, previous);
    if (previous) this.unindex(state, previous);
    if (doc) {
      state.docs.set(id, doc);
      this.index(state, doc);
    } else {
      state.docs.delete(id);
    }
  }

  private persist(tx: Tx, checkpoint: [string, bigint] | null): void {
    if (tx.undo.size === 0 && !checkpoint) return;
    // Row ids learnt inside the transaction count only once it has committed.
    const assigned: [Map<string, number | bigint>, string, number | bigint | null][] = [];
    this.db.transaction(() => {
      for (const [name, touched] of tx.undo) {
        const docs = this.collections.get(name)?.docs;
        let rows = this.rowids.get(name);
        if (!rows) this.rowids.set(name, (rows = new Map()));
        for (const id of touched.keys()) {
          const doc = docs?.get(id);
          const rowid = rows.get(id);
          if (doc && rowid !== undefined) this.sql.updateDoc.run(JSON.stringify(doc), rowid);
          else if (doc) assigned.push([rows, id, this.sql.insertDoc.run(name, id, JSON.stringify(doc)).lastInsertRowid]);
          else if (rowid !== undefined) {
            this.sql.deleteDoc.run(rowid);
            assigned.push([rows, id, null]);
          }
        }
      }
      if (checkpoint) this.sql.upsertCheckpoint.run(checkpoint[0], checkpoint[1].toString());
    })();
    for (const [rows, id, rowid] of assigned) {
      if (rowid === null) rows.delete(id);
      else rows.set(id, rowid);
    }
  }

  private rollback(tx: Tx): void {
    for (const [name, touched] of tx.undo) {
      const state = this.state(name);
      for (const id of touched.keys()) {
        const current = state.docs.get(id);
        if (current) this.unindex(state, current);
      }
      for (const [id, original] of touched) {
        if (original) {
          state.docs.set(id, original);
          this.index(state, original);
        } else {
          state.docs.delete(id);
        }
      }
    }
    tx.undo.clear();
  }

  // ---------------------------------------------------------------- indexes

  private addIndex(state: CollectionState, def: IndexDef): void {
    const fields = Object.keys(def.keys);
    if (fields.length === 0) throw new Error('an index needs at least one key');
    const lookupField = fields[0]!; // a compound index serves equality lookups on its first field (its prefix)
    if (!state.fieldIndexes.has(lookupField)) {
      const fieldIndex: FieldIndex = { path: lookupField.split('.'), entries: new Map() };
      for (const doc of state.docs.values()) addFieldEntries(fieldIndex, doc);
      state.fieldIndexes.set(lookupField, fieldIndex);
    }
    if (def.unique) {
      const unique: UniqueIndex = { name: def.name, paths: fields.map((f) => f.split('.')), sparse: def.sparse, entries: new Map() };
      for (const doc of state.docs.values()) {
        for (const key of uniqueKeys(unique, doc)) {
          const owner = unique.entries.get(key);
          if (owner !== undefined && owner !== doc._id) {
            throw new DuplicateKeyError(state.name, def.name, describeKey(unique, doc));
          }
          unique.entries.set(key, doc._id);
        }
      }
      state.uniqueIndexes.push(unique);
    }
    state.defs.set(def.name, def);
  }

  private index(state: CollectionState, doc: Doc): void {
    for (const fieldIndex of state.fieldIndexes.values()) addFieldEntries(fieldIndex, doc);
    for (const unique of state.uniqueIndexes) for (const key of uniqueKeys(unique, doc)) unique.entries.set(key, doc._id);
  }

  private unindex(state: CollectionState, doc: Doc): void {
    for (const fieldIndex of state.fieldIndexes.values()) {
      for (const key of fieldKeys(fieldIndex.path, doc)) {
        const ids = fieldIndex.entries.get(key);
        if (!ids) continue;
        ids.delete(doc._id);
        if (ids.size === 0) fieldIndex.entries.delete(key);
      }
    }
    for (const unique of state.uniqueIndexes) {
      for (const key of uniqueKeys(unique, doc)) if (unique.entries.get(key) === doc._id) unique.entries.delete(key);
    }
  }

  // ---------------------------------------------------------------- plumbing

  private state(name: string): CollectionState {
    let state = this.collections.get(name);
    if (!state) {
      state = { name, docs: new Map(), defs: new Map(), fieldIndexes: new Map(), uniqueIndexes: [] };
      this.collections.set(name, state);
    }
    return state;
  }

  private load(): void {
    for (const row of this.db.prepare('SELECT rowid, collection, id, doc FROM doc_rows').iterate() as Iterable<{ rowid: number; collection: string; id: string; doc: string }>) {
      this.state(row.collection).docs.set(row.id, JSON.parse(row.doc) as Doc);
      let rows = this.rowids.get(row.collection);
      if (!rows) this.rowids.set(row.collection, (rows = new Map()));
      rows.set(row.id, row.rowid);
    }
    for (const row of this.db.prepare('SELECT collection, spec FROM indexes').all() as { collection: string; spec: string }[]) {
      this.addIndex(this.state(row.collection), JSON.parse(row.spec) as IndexDef);
    }
    for (const row of this.db.prepare('SELECT projection, position FROM checkpoints').all() as { projection: string; position: string }[]) {
      this.checkpoints.set(row.projection, BigInt(row.position));
    }
  }

  /** FIFO writer lock. */
  private acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.lockTail;
    this.lockTail = previous.then(() => held);
    return previous.then(() => release);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the read store is closed');
  }
}

/** Opens (creating if needed) the embedded read store at `filePath`, e.g. `<dataDir>/read-models.sqlite`. */
export async function openEmbeddedReadStore(filePath: string | ':memory:'): Promise<EmbeddedReadStore> {
  if (filePath !== ':memory:') mkdirSync(dirname(filePath), { recursive: true });
  const db = new Database(filePath);
  try {
    return new EmbeddedReadStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

// ------------------------------------------------------------------ helpers

/** Stored documents are already JSON-normal, so a copy is the same walk as normalising (and far cheaper than structuredClone). */
function clone<T>(doc: T): T {
  return copyAsJson(doc) as T;
}

/** What storing through JSON keeps: what is in memory must be what a reopen loads. */
function normalise<T>(doc: T): T {
  return copyAsJson(doc) as T;
}

function indexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp) && !(value instanceof Date);
}

function keyOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s:${value}`;
    case 'number':
      return `n:${value}`;
    case 'boolean':
      return `b:${value}`;
    case 'undefined':
      return NULL_KEY;
    default:
      return value === null ? NULL_KEY : `o:${JSON.stringify(value)}`;
  }
}

/** The values a path reaches, MongoDB style: arrays along the way are walked, an array at the end gives its elements. */
function pathValues(value: unknown, path: string[], at = 0, out: unknown[] = []): unknown[] {
  if (at === path.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY);
      else out.push(...value);
    } else {
      out.push(value);
    }
    return out;
  }
  if (Array.isArray(value)) {
    for (const element of value) if (isPlainObject(element)) pathValues(element, path, at, out);
    return out;
  }
  if (isPlainObject(value)) {
    const next = value[path[at]!];
    if (next !== undefined) pathValues(next, path, at + 1, out);
  }
  return out;
}

const EMPTY_ARRAY = Symbol('empty array');

function valueKey(value: unknown): string {
  return value === EMPTY_ARRAY ? EMPTY_ARRAY_KEY : keyOf(value);
}

/** Keys of a lookup index: only primitive values are worth a hash entry (lookups are only planned for primitives). */
function fieldKeys(path: string[], doc: Doc): Set<string> {
  const keys = new Set<string>();
  for (const value of pathValues(doc, path)) if (isPrimitive(value)) keys.add(keyOf(value));
  return keys;
}

function addFieldEntries(index: FieldIndex, doc: Doc): void {
  for (const key of fieldKeys(index.path, doc)) {
    let ids = index.entries.get(key);
    if (!ids) index.entries.set(key, (ids = new Set()));
    ids.add(doc._id);
  }
}

/** Keys a unique index holds for a document: one per element combination (multikey), missing = null unless sparse. */
function uniqueKeys(index: UniqueIndex, doc: Doc): string[] {
  const perField = index.paths.map((path) => [...new Set(pathValues(doc, path).map(valueKey))]);
  if (index.sparse && perField.every((keys) => keys.length === 0)) return [];
  let combos: string[] = [''];
  for (const keys of perField) {
    const options = keys.length === 0 ? [NULL_KEY] : keys;
    combos = combos.flatMap((prefix) => options.map((key) => `${prefix}|${key}`));
  }
  return combos;
}

function describeKey(index: UniqueIndex, doc: Doc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of index.paths) {
    const values = pathValues(doc, path).filter((v) => v !== EMPTY_ARRAY);
    out[path.join('.')] = values.length === 0 ? null : values.length === 1 ? values[0] : values;
  }
  return out;
}

/** The primitive values an equality condition asks for (`v`, `{ $eq: v }`, `{ $in: [...] }`), or null if it is not one. */
function equalityValues(condition: unknown): (string | number | boolean)[] | null {
  if (isPrimitive(condition)) return [condition];
  if (!isPlainObject(condition)) return null;
  const ops = Object.keys(condition);
  if (ops.length !== 1) return null;
  if (ops[0] === '$eq' && isPrimitive(condition.$eq)) return [condition.$eq];
  if (ops[0] === '$in' && Array.isArray(condition.$in) && condition.$in.every(isPrimitive)) return condition.$in as (string | number | boolean)[];
  return null;
}

/** The id of a filter that is exactly `{ _id: '<string>' }`, else undefined. */
function onlyId(filter: Filter): string | undefined {
  let id: string | undefined;
  for (const key in filter) {
    if (key !== '_id' || typeof filter._id !== 'string') return undefined;
    id = filter._id;
  }
  return id;
}

/** A fast path for the common `{ field: primitive, ... }` filter; everything else goes to mingo. */
function compileFilter(filter: Filter): Predicate {
  const entries = Object.entries(filter);
  if (entries.length === 0) return () => true;
  if (entries.every(([field, value]) => !field.startsWith('$') && !field.includes('.') && isPrimitive(value))) {
    return (doc) =>
      entries.every(([field, value]) => {
        const actual = doc[field];
        return actual === value || (Array.isArray(actual) && actual.includes(value));
      });
  }
  let query: { test(doc: Doc): boolean } | null = null;
  const mingoTest = (doc: Doc) => {
    query ??= NEEDS_FULL_CONTEXT.test(JSON.stringify(filter)) ? new Query(filter) : new LeanQuery(filter, { context: QUERY_CONTEXT });
    return query.test(doc);
  };
  const simple = compileSimpleFilter(filter);
  if (simple) return (doc) => simple(doc) ?? mingoTest(doc);
  return mingoTest;
}

/** The document an upsert starts from: the filter's equality conditions (as MongoDB does). */
function seedFromFilter(filter: Filter, out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) seedFromFilter(clause, out);
      continue;
    }
    if (field.startsWith('$') || condition instanceof RegExp) continue;
    if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
      if ('$eq' in condition) setPath(out, field, condition.$eq);
      continue;
    }
    setPath(out, field, condition);
  }
  return normalise(out);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!isPlainObject(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

function assertUpdate(update: Update): void {
  const ops = Object.keys(update);
  if (ops.length === 0 || ops.some((op) => !op.startsWith('$'))) {
    throw new Error('an update needs update operators only ($set, $inc, ...); use replaceOne to replace a document');
  }
}

function withoutSetOnInsert(update: Update): Update | null {
  const { $setOnInsert: _ignored, ...rest } = update;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** Applies update operators to a copy of `doc` with mingo; `_id` may not change on an existing document. */
function applyUpdate(doc: Doc, modifier: Update, existing = true): Doc {
  // `doc` is already JSON-clean, so normalising the (small) modifier keeps the result JSON-clean, except for
  // $currentDate, which makes a Date: then the whole result goes through JSON.
  const clean = normalise(modifier);
  // Top-level fields only: a shallow copy is enough, since stored documents are never changed in place.
  const shallow = { ...doc } as Record<string, unknown>;
  if (tryFlatUpdate(shallow, clean) === true) return shallow as Doc;
  const copy = clone(doc) as Record<string, unknown>;
  if (!trySimpleUpdate(copy, clean)) mingoUpdate(copy, clean as Parameters<typeof mingoUpdate>[1]);
  if (existing && copy._id !== doc._id) {
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return ('$currentDate' in modifier ? normalise(copy) : copy) as Doc;
}
