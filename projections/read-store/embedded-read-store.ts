import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { SqliteDatabase, Statement } from '../../services/sqlite/database';
import { LRUCache } from 'lru-cache';
import { find as mingoFind } from 'mingo';
import { compileSimpleProjection } from './simple-projection';
import {
  applyUpdate,
  assertUpdate,
  clone,
  compileFilter,
  describeKey,
  indexName,
  normalise,
  onlyId,
  seedFromFilter,
  uniqueKeys,
  withoutSetOnInsert,
  type UniqueIndex,
} from './document-ops';
import type { Doc, Filter, FindOptions, IndexSpec, ReadCollection, ReadStore, Sort, TextSearchOptions, Update } from './read-store';
import { planFilter, planSort, type ColumnOf } from './sql-plan';
import { eachPage } from './each-page';
import { SqliteQueryWorker } from './query-worker';
import { createFtsTable, insertSql, matchExpression, rowDiffers, rowValues, textIndexOf, type TextIndex } from './fts';
import { startWalCheckpointer, type WalCheckpointer } from '../../services/sqlite/wal-checkpointer';
import { createQueueTable, queueSql, queueTableOf, QueuedValues, type QueueSql } from './text-queue';
import { fromStored, storedColumns, storedLength, toStored, withoutFields, type StoredDoc } from './stored-doc';
import { COMPLEX, idsOf, keyValue, omittable, shape } from './find-shortcuts';
import { settleWal, syncDirectory } from './sqlite-files';

/**
 * The embedded read store (the default): documents live on disk in SQLite (node:sqlite, WAL), one table per
 * collection, with a size-bounded in-memory cache of parsed documents (lru-cache). Memory does not grow with what is
 * stored, and opening reads only the catalog (collections, index definitions, checkpoints), never the documents.
 *
 * Filters, updates, sorts and projections mean what they mean on MongoDB: SQL only narrows the candidates (by `_id`,
 * or by the key columns kept for every indexed field, see sql-plan.ts), and the full filter runs on each candidate
 * with mingo (behind a fast path). Every field an index names gets a key column holding its value when that value is
 * a string, a number or null; once any document holds an array, object or boolean there, the column is flagged and
 * no longer used to plan (MongoDB's multikey and cross-type rules stay with mingo). A sort over usable columns runs
 * in SQL and the scan stops once `skip + limit` documents matched.
 * Unique indexes keep MongoDB's rules (a missing field counts as null unless sparse; one key per array element) in a
 * `unique_keys` table whose primary key enforces them, checked when the write is made.
 *
 * Transactions: one writer at a time (a FIFO lock). Inside `commitBatch` writes are kept in memory (the batch's
 * pending documents, which every reader consults first) and flushed once, with the checkpoint, in ONE SQLite
 * transaction; a query on a collection first flushes that collection's pending documents into the still-open
 * transaction. When `work` throws or the commit fails, the transaction rolls back, the batch's documents leave the
 * cache and the catalog is reloaded from disk. A write outside any batch is its own small transaction and waits for
 * a running batch. Readers never wait: they can see a batch's writes before it commits (as on MongoDB).
 *
 * Full-text rows of small writes (a live save) are queued in the same transaction and written to FTS5 in bulk later,
 * before any search of the collection and in the background (text-queue.ts); bulk writes index at once.
 *
 * Every document returned is a copy; every document stored is normalised through JSON.
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

export interface EmbeddedReadStoreOptions {
  /** bytes of parsed documents kept in memory (0: no cache); default 64 MB */
  cacheBytes?: number;
  /** WAL checkpoints on a worker thread (services/sqlite/wal-checkpointer.ts): the server's live read models only */
  backgroundCheckpoints?: boolean;
  /** full-text ranking on a worker thread (query-worker.ts), off the event loop: the server's live read models only */
  searchOnWorker?: boolean;
}

interface IndexDef {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
  sparse: boolean;
  /** a full-text index over these fields (see fts.ts); `keys` are its equality prefix */
  text?: string[];
  weights?: Record<string, number>;
}

interface KeyColumn {
  field: string;
  parts: string[];
  column: string;
  /** some document holds an array, object or boolean here: SQL cannot plan on it */
  complex: boolean;
}


interface CollectionSql {
  byId: Statement<[string], StoredDoc>;
  byRowid: Statement<[number], StoredDoc>;
  upsert: Statement;
  delete: Statement<[string]>;
  /**
   * With a text index the FTS row needs the document's rowid: looked up first, then an UPDATE by rowid or an INSERT
   * (SQLite's RETURNING cost a tenth of a rebuild's time here, and a lookup also tells a new row from an old one).
   */
  rowidOf: Statement<[string], { rowid: number }> | null;
  insert: Statement | null;
  updateAt: Statement | null;
  ftsInsert: Statement | null;
  ftsDelete: Statement<[number]> | null;
  /** the text index's queue of stale rows (see text-queue.ts) */
  queue: QueueSql | null;
}

interface CollectionState {
  name: string;
  table: string;
  defs: Map<string, IndexDef>;
  columns: Map<string, KeyColumn>;
  uniques: UniqueIndex[];
  text: TextIndex | null;
  sql: CollectionSql | null;
}

interface Pending {
  /** null: deleted */
  doc: Doc | null;
  /** key column values, in `columns` order, when the document was written */
  keys: unknown[];
  flushed: boolean;
  /** stored length (JSON and detached text) once flushed (cache size) */
  size: number;
  /** the text-indexed fields or keys changed (or may have): the FTS row is rewritten when flushed */
  textChanged: boolean;
}

interface Tx {
  open: boolean;
  /** BEGIN has run */
  begun: boolean;
  /** a text-indexed document was written: the text queue has rows to drain once this commits */
  queuedText?: boolean;
  pending: Map<string, Map<string, Pending>>;
}

const MAX_PREPARED_QUERIES = 200;
/**
 * How long after a commit queued text the background drain runs. A script saved again within it is indexed once, with
 * its last text: at 1 s (in chunks, below), 50 writers saving their scripts several times a second cost 0.968 of the
 * CPU per save of 200 ms (docs/decisions.md, "Deferred full-text indexing").
 */
const TEXT_DRAIN_DELAY_MS = 1000;
/**
 * Queued documents indexed per transaction of a drain. The background drain takes the writer lock for one chunk at a
 * time, so a projector batch (and the saves waiting to be visible) never waits behind a whole second of indexing.
 */
const TEXT_DRAIN_CHUNK = 256;
/** Characters of text a drain chunk indexes at most (past its first document): about 10 to 30 ms of FTS5 work. */
const TEXT_DRAIN_CHUNK_CHARS = 512 * 1024;
/** A flush of this many documents of one collection indexes their text at once instead of queuing it. */
const INDEX_TEXT_AT_ONCE_FROM = 1000;
const PAGE_CACHE_KB = 16 * 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** Parsed documents weigh more than their JSON (object headers, two-byte strings for non-Latin-1 text). */
const CACHE_WEIGHT = (jsonLength: number) => 2 * jsonLength + 128;
/**
 * Larger documents (script contents, versions) are parsed on each read instead of cached: they are rarely read twice in
 * a row, and cycling them through a long-lived cache lets V8 promote every one to its old generation before it is
 * evicted, which grew the process by about twice the cache size after reading 500 MB of history (measured: +255 MB
 * with them cached, +127 MB without, `BENCH_ONLY=memory npm run bench`).
 */
const LARGEST_CACHED_JSON = 16 * 1024;

export class EmbeddedReadStore implements ReadStore {
  readonly stats: EmbeddedReadStoreStats = { docsExamined: 0 };
  private readonly collections = new Map<string, CollectionState>();
  private readonly handles = new Map<string, ReadCollection>();
  private readonly queries = new Map<string, Statement>();
  private readonly checkpoints = new Map<string, bigint>();
  private readonly cache: LRUCache<string, Doc> | null;
  /** the transaction holding the writer lock, if any: its pending documents are what readers see first */
  private active: Tx | null = null;
  private lockTail: Promise<void> = Promise.resolve();
  private closed = false;
  private checkpointer: WalCheckpointer | null = null;
  private readonly backgroundCheckpoints: boolean;
  private readonly searchOnWorker: boolean;
  private queryWorker: SqliteQueryWorker | null = null;
  /** settles once the file being swapped in (`replaceWithFile`) serves reads */
  private swapping: Promise<void> | null = null;
  /** moves whenever the tables are replaced (a file swapped in, every collection dropped): rowids mean other rows */
  private tables = 0;
  private readonly queuedValues = new QueuedValues();
  private drainTimer: NodeJS.Timeout | null = null;
  // Replaced together when `replaceWithFile` moves another store's file into place.
  private db!: SqliteDatabase;
  private sql!: {
    begin: Statement<[]>;
    commit: Statement<[]>;
    rollback: Statement<[]>;
    upsertCheckpoint: Statement<[string, string]>;
    uniqueOwner: Statement<[string, string, string], { id: string }>;
    insertUnique: Statement<[string, string, string, string]>;
    deleteUnique: Statement<[string, string, string, string]>;
  };

  constructor(db: SqliteDatabase, options: EmbeddedReadStoreOptions = {}) {
    const cacheBytes = Math.floor(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.cache =
      cacheBytes > 0
        ? new LRUCache<string, Doc>({ maxSize: cacheBytes, maxEntrySize: Math.max(1, Math.min(Math.floor(cacheBytes / 4), CACHE_WEIGHT(LARGEST_CACHED_JSON))) })
        : null;
    this.backgroundCheckpoints = options.backgroundCheckpoints ?? false;
    this.searchOnWorker = options.searchOnWorker ?? false;
    this.attach(db);
  }

  /** Makes `db` this store's database: settings, schema, statements, catalog, background checkpoints. */
  private attach(db: SqliteDatabase): void {
    this.tables++;
    db.pragma('journal_mode = WAL');
    // The read models can always be rebuilt from the event log, so NORMAL (no fsync per commit) is enough.
    db.pragma('synchronous = NORMAL');
    // SQLite's own page cache, bounded (the default 2 MB makes every write of a rebuild re-read index pages)
    db.pragma(`cache_size = -${PAGE_CACHE_KB}`);
    db.pragma('wal_autocheckpoint = 16384');
    // Deleted rows (a deleted account's scripts) are overwritten in the B-tree pages a write already touches, at no
    // extra I/O; freed pages and the full-text index may keep fragments until reused (docs/security.md, "Erasure").
    db.pragma('secure_delete = FAST');
    const legacy = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name IN ('docs', 'doc_rows')").get();
    if (legacy) {
      // An older layout (every document in one table, loaded at open): drop it and its checkpoints, so the
      // projections rebuild into this one.
      db.exec('DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS doc_rows; DROP TABLE IF EXISTS checkpoints; DROP TABLE IF EXISTS indexes;');
    }
    db.exec(`
      CREATE TABLE IF NOT EXISTS collections (seq INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
      CREATE TABLE IF NOT EXISTS key_columns (collection TEXT NOT NULL, field TEXT NOT NULL, col TEXT NOT NULL, complex INTEGER NOT NULL, PRIMARY KEY (collection, field));
      CREATE TABLE IF NOT EXISTS indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (collection, name));
      CREATE TABLE IF NOT EXISTS unique_keys (collection TEXT NOT NULL, idx TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (collection, idx, key)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL);
    `);
    this.db = db;
    this.sql = {
      begin: db.prepare('BEGIN'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      upsertCheckpoint: db.prepare(
        'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET position = excluded.position',
      ),
      uniqueOwner: db.prepare('SELECT id FROM unique_keys WHERE collection = ? AND idx = ? AND key = ?'),
      insertUnique: db.prepare('INSERT INTO unique_keys (collection, idx, key, id) VALUES (?, ?, ?, ?)'),
      deleteUnique: db.prepare('DELETE FROM unique_keys WHERE collection = ? AND idx = ? AND key = ? AND id = ?'),
    };
    this.loadCatalog();
    // Files from before deferred text indexing have no queue tables yet.
    for (const state of this.collections.values()) if (state.text) createQueueTable(db, state.text);
    if (this.textQueued()) this.scheduleDrain(); // left queued by the last run, or by the rebuild that made this file
    // Most WAL checkpointing happens on a worker thread instead of inside a projector commit (wal-checkpointer.ts).
    this.checkpointer = db.memory || !this.backgroundCheckpoints ? null : startWalCheckpointer(db.name, { synchronous: 'NORMAL' });
    this.queryWorker = db.memory || !this.searchOnWorker ? null : new SqliteQueryWorker(db.name);
  }

  /**
   * Makes the read models those of another embedded store's file, `source` (closed by its writer, in the same
   * directory): the file is moved over this store's own, in O(1) whatever it holds, where copying document by
   * document took longer than the rebuild that made it (and saves waiting to be visible meanwhile were answered 503).
   * Collections named in `carryOver` are copied into `source` first (caches kept beside the read models, which no
   * projection rebuilds). Runs under the writer lock: no batch or write is in flight, and readers, all synchronous,
   * see the old file or the new one. The caller must be the only process with this store's file open.
   */
  async replaceWithFile(source: string, carryOver: string[] = []): Promise<void> {
    this.assertOpen();
    if (this.db.memory) throw new Error('an in-memory read store has no file to replace');
    const live = this.db.name;
    if (resolve(dirname(source)) !== resolve(dirname(live))) throw new Error('a replacement must sit beside the live read models');
    if (!existsSync(source)) throw new Error(`no read models to swap in at ${basename(source)}`);
    // Before taking the lock: a cache written meanwhile is only a slower read later.
    await copyCollections(this, source, carryOver);
    settleWal(source);
    const release = await this.acquire();
    let swapped!: () => void;
    this.swapping = new Promise((resolve) => (swapped = resolve));
    try {
      this.assertOpen();
      await this.checkpointer?.stop();
      this.checkpointer = null;
      await this.queryWorker?.stop(); // its connection must not hold the file being replaced
      this.queryWorker = null;
      this.db.close();
      try {
        // The live file's WAL must never meet the new file: SQLite would replay foreign pages into it.
        for (const suffix of ['-wal', '-shm']) rmSync(live + suffix, { force: true });
        renameSync(source, live);
        for (const suffix of ['-wal', '-shm']) rmSync(source + suffix, { force: true });
        syncDirectory(dirname(live));
      } finally {
        // the new file, or the old one when the move failed
        this.cache?.clear();
        this.queuedValues.clear();
        this.attach(new SqliteDatabase(live));
      }
    } finally {
      this.swapping = null;
      swapped();
      release();
    }
  }

  /** bytes the document cache holds (estimated), for tests and metrics */
  cachedBytes(): number {
    return this.cache?.calculatedSize ?? 0;
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
    const wanted = indexes.filter((spec) => {
      const existing = this.collections.get(spec.collection)?.defs.get(specName(spec));
      if (!existing) return true;
      if (
        existing.unique !== (spec.unique ?? false) ||
        existing.sparse !== (spec.sparse ?? false) ||
        JSON.stringify(existing.weights ?? {}) !== JSON.stringify(spec.weights ?? {})
      ) {
        throw new Error(`An index named ${existing.name} already exists on ${spec.collection} with different options`);
      }
      return false;
    });
    if (wanted.length === 0) return; // the usual case at start-up: nothing to write
    await this.write(batch, (tx) => {
      for (const spec of wanted) {
        const state = this.stateForWrite(tx, spec.collection);
        const def: IndexDef = { name: specName(spec), keys: { ...spec.keys }, unique: spec.unique ?? false, sparse: spec.sparse ?? false };
        if (spec.text) Object.assign(def, { text: [...spec.text], weights: { ...spec.weights } });
        if (!state.defs.has(def.name)) this.addIndex(tx, state, def);
      }
    });
  }

  async getCheckpoint(projection: string): Promise<bigint | null> {
    this.assertOpen();
    return this.checkpoints.get(projection) ?? null;
  }

  async commitBatch(projection: string, position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void> {
    return this.commitBatches([projection], position, work);
  }

  async commitBatches(projections: string[], position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void> {
    this.assertOpen();
    const release = await this.acquire();
    const tx: Tx = { open: true, begun: false, pending: new Map() };
    this.active = tx;
    try {
      this.assertOpen();
      await work(this.batchView(tx));
      tx.open = false; // a write still arriving from `work` after this point is refused
      this.commit(tx, projections, position);
      for (const projection of projections) this.checkpoints.set(projection, position);
    } catch (error) {
      tx.open = false;
      this.rollback(tx);
      throw error;
    } finally {
      this.active = null;
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
      commitBatches: nested,
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
        for (const state of this.collections.values()) {
          if (state.text) this.db.exec(`DROP TABLE IF EXISTS ${state.text.table}; DROP TABLE IF EXISTS ${queueTableOf(state.text)}`);
          this.db.exec(`DROP TABLE IF EXISTS ${state.table}`);
        }
        this.db.exec('DELETE FROM collections; DELETE FROM key_columns; DELETE FROM indexes; DELETE FROM unique_keys; DELETE FROM checkpoints;');
      })();
      // Like dropping MongoDB collections: documents, indexes and checkpoints all go.
      this.tables++;
      this.collections.clear();
      this.queries.clear();
      this.checkpoints.clear();
      this.cache?.clear();
      this.queuedValues.clear();
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
      if (this.drainTimer) clearTimeout(this.drainTimer);
      this.cache?.clear();
      await this.checkpointer?.stop();
      await this.queryWorker?.stop();
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
        return this.count(name, filter);
      },
      searchText: async (words, options) => {
        this.assertOpen();
        return (await this.searchText(name, words, options)).map(clone);
      },
      replaceOne: (filter, doc, options) => this.write(tx, (tx) => this.replaceOne(tx, name, filter, doc, options?.upsert ?? false)),
      updateOne: (filter, update, options) => this.write(tx, (tx) => this.updateOne(tx, name, filter, update, options?.upsert ?? false)),
      updateMany: (filter, update) => this.write(tx, (tx) => this.updateMany(tx, name, filter, update)),
      deleteOne: (filter) =>
        this.write(tx, (tx) => {
          const doc = this.first(name, filter);
          if (doc) this.put(tx, this.stateForWrite(tx, name), doc._id, null, doc);
        }),
      deleteMany: (filter) =>
        this.write(tx, (tx) => {
          const targets = this.select(name, filter);
          const state = this.stateForWrite(tx, name);
          for (const doc of targets) this.put(tx, state, doc._id, null, doc);
        }),
    };
  }

  private find(name: string, filter: Filter, options: FindOptions = {}): Doc[] {
    const { projection } = options;
    const matches = this.select(name, filter, { ...options, omit: omittable(filter, options) });
    if (!projection || Object.keys(projection).length === 0) return matches.map(clone);
    const project = compileSimpleProjection(projection);
    // Typed as documents like mingo's answer, though `_id: 0` leaves the id out (as MongoDB does)
    if (project) return matches.map((doc) => clone(project(doc)) as Doc);
    return mingoFind<Doc>(matches, {}, projection).all().map(clone);
  }

  private replaceOne(tx: Tx, name: string, filter: Filter, doc: Doc, upsert: boolean): void {
    const replacement = normalise(doc);
    const id = onlyId(filter);
    const state = this.collections.get(name);
    if (upsert && id !== undefined && (replacement._id === undefined || replacement._id === id) && state && state.uniques.length === 0) {
      // Upserting a whole document by id: the result is the same whether one existed, and no unique key needs the
      // previous version, so the lookup is skipped (most writes of a rebuild create documents).
      this.put(tx, state, id, { ...replacement, _id: id }, undefined);
      return;
    }
    const target = this.first(name, filter);
    if (target) {
      if (replacement._id !== undefined && replacement._id !== target._id) {
        throw new Error("After applying the update, the (immutable) field '_id' was found to have been altered");
      }
      this.put(tx, this.stateForWrite(tx, name), target._id, { ...replacement, _id: target._id }, target);
      return;
    }
    if (!upsert) return;
    const seed = seedFromFilter(filter);
    this.insert(tx, name, { ...replacement, _id: replacement._id ?? seed._id ?? randomUUID() } as Doc, filter);
  }

  private updateOne(tx: Tx, name: string, filter: Filter, update: Update, upsert: boolean): { matched: number } {
    assertUpdate(update);
    const target = this.first(name, filter);
    if (target) {
      const modifier = withoutSetOnInsert(update);
      if (modifier) this.put(tx, this.stateForWrite(tx, name), target._id, applyUpdate(target, modifier), target);
      return { matched: 1 };
    }
    if (upsert) {
      const { $setOnInsert, ...rest } = update;
      const modifier: Update = $setOnInsert ? { ...rest, $set: { ...rest.$set, ...$setOnInsert } } : rest;
      const seed = seedFromFilter(filter);
      const created: Record<string, unknown> = applyUpdate(seed as Doc, modifier, false);
      // MongoDB would make an ObjectId here; projections always name the _id in the filter
      this.insert(tx, name, (created._id === undefined ? { _id: randomUUID(), ...created } : created) as Doc, filter);
    }
    return { matched: 0 };
  }

  private updateMany(tx: Tx, name: string, filter: Filter, update: Update): { matched: number } {
    assertUpdate(update);
    const targets = this.select(name, filter);
    const modifier = withoutSetOnInsert(update);
    if (modifier) {
      const state = this.stateForWrite(tx, name);
      // Not atomic, like MongoDB: a unique violation half-way leaves the earlier documents updated.
      for (const target of targets) this.put(tx, state, target._id, applyUpdate(target, modifier), target);
    }
    return { matched: targets.length };
  }

  // ---------------------------------------------------------------- reads

  /** The stored document with this id (NOT a copy): the running transaction's version first, then cache, then disk. */
  private getDoc(name: string, id: string): Doc | undefined {
    const state = this.collections.get(name); // a batch's first write to a collection creates its state
    if (!state) return undefined;
    const held = this.held(state, id);
    if (held !== undefined) return held ?? undefined;
    const row = this.statements(state).byId.get(id);
    return row ? this.parse(cacheKey(name, id), row) : undefined;
  }

  /**
   * The document as the running transaction (flushed before a query, but the same version) or the cache holds it:
   * null when the transaction deleted it, undefined when neither holds it.
   */
  private held(state: CollectionState, id: string): Doc | null | undefined {
    const pending = this.active?.pending.get(state.name)?.get(id);
    if (pending) return pending.doc;
    return this.cache?.get(cacheKey(state.name, id));
  }

  /** `omit`: top-level fields the caller will drop: read without them from disk (SQLite removes them, no cache). */
  private docAtRow(state: CollectionState, rowid: number, id: string, omit: string[] | null): Doc | undefined {
    const held = this.held(state, id);
    if (held !== undefined) return held ?? undefined;
    if (omit) return this.readWithout(state, 'rowid', rowid, omit);
    const row = this.statements(state).byRowid.get(rowid);
    return row ? this.parse(cacheKey(state.name, id), row) : undefined;
  }

  /** The document by id without the top-level `omit` fields, which are not read from disk. */
  private docWithout(state: CollectionState, id: string, omit: string[]): Doc | undefined {
    const held = this.held(state, id);
    return held !== undefined ? (held ?? undefined) : this.readWithout(state, 'id', id, omit);
  }

  private readWithout(state: CollectionState, by: 'rowid' | 'id', key: number | string, omit: string[]): Doc | undefined {
    const row = this.query<StoredDoc>(`SELECT ${withoutFields(omit)} FROM ${state.table} WHERE ${by} = ?`).get(key);
    return row ? fromStored(row) : undefined;
  }

  /** The document with the text `prefix.field` cut to its first `prefix.chars` characters, cut in SQLite when read from disk. */
  private docWithPrefixAtRow(state: CollectionState, rowid: number, id: string, prefix: { field: string; chars: number }): Doc | undefined {
    const held = this.held(state, id);
    if (held === null) return undefined;
    if (held) {
      const text = held[prefix.field];
      return typeof text === 'string' && text.length > prefix.chars ? { ...held, [prefix.field]: text.slice(0, prefix.chars) } : held;
    }
    const columns = storedColumns(state.table, prefix);
    const row = this.query<StoredDoc>(`SELECT ${columns.sql} FROM ${state.table} WHERE rowid = ?`).get(...columns.params, rowid);
    return row ? fromStored(row) : undefined;
  }

  private parse(key: string, row: StoredDoc): Doc {
    const doc = fromStored(row);
    this.cache?.set(key, doc, { size: CACHE_WEIGHT(storedLength(row)) });
    return doc;
  }

  private first(name: string, filter: Filter): Doc | undefined {
    const id = onlyId(filter);
    if (id !== undefined) {
      // `{ _id: '...' }`, the projections' most common filter: a key lookup, nothing to compile.
      this.stats.docsExamined++;
      return this.getDoc(name, id);
    }
    return this.select(name, filter, { limit: 1 })[0];
  }

  /**
   * Matching documents, NOT copies, in the order of `sort` (else insertion order), after `skip` and `limit`.
   * SQL narrows and orders the candidates; each candidate is tested with the full filter.
   */
  private select(name: string, filter: Filter, options: { sort?: Sort; skip?: number; limit?: number; omit?: string[] | null } = {}): Doc[] {
    const state = this.collections.get(name);
    if (!state) return [];
    const skip = options.skip && options.skip > 0 ? options.skip : 0;
    const wanted = options.limit && options.limit > 0 ? skip + options.limit : Infinity;
    const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    let test: ((doc: Doc) => boolean) | null = null;
    const matches = (doc: Doc) => {
      this.stats.docsExamined++;
      return (test ??= compileFilter(filter))(doc);
    };

    const ids = idsOf(filter);
    if (ids) {
      const docs: Doc[] = [];
      const omit = options.omit ?? null;
      for (const id of ids) {
        const doc = omit ? this.docWithout(state, id, omit) : this.getDoc(name, id);
        if (doc && matches(doc)) docs.push(doc);
      }
      return shape(docs, sort, skip, wanted);
    }

    this.flushCollection(state);
    const columnOf = this.columnsOf(state);
    const plan = planFilter(filter, columnOf);
    const order = sort ? planSort(sort, columnOf) : null;
    const where = plan.where.length > 0 ? ` WHERE ${plan.where.join(' AND ')}` : '';
    // Without an ORDER BY SQLite can answer the conditions from an index; `ORDER BY rowid` made it walk the whole
    // table in rowid order instead (a range over an indexed field then cost as much as the collection is large).
    // Insertion order (ties, no sort) comes from sorting the matching row ids here, before any document is read.
    const sqlOrder = order ?? (where ? null : 'rowid'); // no conditions: the table's own order is the cheap walk
    const rows = sqlOrder
      ? this.query<{ rowid: number; id: string }>(`SELECT rowid, id FROM ${state.table}${where} ORDER BY ${sqlOrder}`).iterate(...plan.params)
      : this.query<{ rowid: number; id: string }>(`SELECT rowid, id FROM ${state.table}${where}`)
          .all(...plan.params)
          .sort((a, b) => a.rowid - b.rowid);
    const docs: Doc[] = [];
    const inFinalOrder = order !== null || !sort;
    for (const row of rows) {
      const doc = this.docAtRow(state, row.rowid, row.id, options.omit ?? null);
      if (!doc || !matches(doc)) continue;
      docs.push(doc);
      // rows in the answer's order: the first `skip + limit` matches are the answer
      if (inFinalOrder && docs.length >= wanted) break;
    }
    return order ? docs.slice(skip, wanted) : shape(docs, sort, skip, wanted);
  }

  /** Counted in SQL on key columns whenever they decide the filter (an id included): no document is read or parsed. */
  private count(name: string, filter: Filter): number {
    const state = this.collections.get(name);
    if (!state) return 0;
    const plan = planFilter(filter, this.columnsOf(state));
    if (plan.exact) {
      this.flushCollection(state);
      const where = plan.where.length > 0 ? ` WHERE ${plan.where.join(' AND ')}` : '';
      return this.query<{ n: number }>(`SELECT count(*) AS n FROM ${state.table}${where}`).get(...plan.params)!.n;
    }
    return this.select(name, filter).length;
  }

  /**
   * Full-text search: FTS5 finds the rows holding every word and ranks them (bm25 with the index's field weights;
   * lower is better), the filter narrows them in SQL on key columns, and documents are read for the page only when
   * SQL decides the filter exactly (else each candidate is tested, in rank order, until the page is full). The ranking
   * runs on the query worker when there is one (see query-worker.ts), else here.
   */
  private async searchText(name: string, words: string[], options: TextSearchOptions, inThread = false): Promise<Doc[]> {
    const state = this.collections.get(name);
    if (!state) return [];
    if (!state.text) throw new Error(`searchText needs a text index on ${name}`);
    if (words.length === 0) return [];
    const match = matchExpression(state.text, words, options.filter);
    this.flushCollection(state);
    this.drainText(state); // a search finds what was just written
    const columnOf = this.columnsOf(state);
    const plan = planFilter(options.filter, columnOf);
    const tie = options.sort && Object.keys(options.sort).length > 0 ? planSort(options.sort, columnOf) : null;
    const skip = options.skip && options.skip > 0 ? options.skip : 0;
    const where = plan.where.length > 0 ? ` WHERE ${plan.where.join(' AND ')}` : '';
    const fts = state.text.table;
    // Candidates: FTS5 walks the words' lists from the newest rowid down and scores only the rows it returns.
    const newest = options.candidates ? ' ORDER BY rowid DESC LIMIT ?' : '';
    const head = options.candidates ? [match, Math.max(0, Math.floor(options.candidates.newest))] : [match];
    // An exact plan reads the page's documents in the same query (their texts cut to `prefixOf`); else the ranked
    // rows are read and each candidate tested here, in rank order, until the page is full.
    const columns = plan.exact ? storedColumns(state.table, options.prefixOf) : null;
    const select = `SELECT ${state.table}.rowid AS rowid, ${state.table}.id AS id${columns ? `, ${columns.sql}` : ''} FROM ${state.table} JOIN m ON m.r = ${state.table}.rowid`;
    const ranked = `WITH m(r, score) AS MATERIALIZED (SELECT rowid, bm25(${fts}, ${state.text.weights.join(', ')}) FROM ${fts} WHERE ${fts} MATCH ?${newest}) ${select}${where} ORDER BY m.score, ${tie ?? `${state.table}.rowid`}`;
    const [sql, params] = columns
      ? [`${ranked} LIMIT ? OFFSET ?`, [...head, ...columns.params, ...plan.params, options.limit, skip]]
      : [ranked, [...head, ...plan.params]];
    // The worker sees what is committed: a search while a batch holds text drained into it ranks here.
    const onWorker = !inThread && this.queryWorker !== null && !this.db.inTransaction;
    let rows: Iterable<unknown[]>;
    if (onWorker) {
      const tables = this.tables;
      try {
        rows = await this.queryWorker!.query(sql, params);
      } catch {
        // The worker stopped (a file being swapped in) or failed: once any swap is done, rank again here, on what is
        // there then (an error of the query itself then surfaces as it would have).
        await this.swapping;
        this.assertOpen();
        return this.searchText(name, words, options, true);
      }
      // Tables replaced meanwhile hold other rowids: rank again, here, on what is there now (once: no endless retry).
      if (this.tables !== tables) return this.searchText(name, words, options, true);
    } else {
      rows = columns ? (this.query(sql).raw(true).all(...params) as unknown[][]) : (this.query(sql).raw(true).iterate(...params) as Iterable<unknown[]>);
    }
    // After a ranking on the worker, a document may have changed or gone (its rowid may even hold another one by
    // now): each must still be the row's and match the filter, and a row read there counts only if it still is.
    // One the open batch or the cache holds is taken from there, as every read does.
    const test = compileFilter(options.filter);
    const prefix = options.prefixOf;
    const stillThere = onWorker ? this.query<{ id: string }>(`SELECT id FROM ${state.table} WHERE rowid = ?`) : null;
    const docs: Doc[] = [];
    for (const [rowid, id, doc, content] of rows as Iterable<[number, string, string?, (string | null)?]>) {
      this.stats.docsExamined++;
      let found: Doc | undefined;
      if (columns && this.held(state, id) === undefined) {
        found = !stillThere || stillThere.get(rowid)?.id === id ? fromStored({ doc: doc!, content: content ?? null }) : undefined;
      } else {
        // both look in the open batch and the cache first; by id, not rowid: what is cached under an id must be that document
        found = prefix ? this.docWithPrefixAtRow(state, rowid, id, prefix) : this.getDoc(state.name, id);
      }
      if (!found || found._id !== id || !test(found)) continue;
      docs.push(found);
      if (!columns && docs.length >= skip + options.limit) break;
    }
    return columns ? docs : docs.slice(skip);
  }

  /** Key columns SQL may plan on (see sql-plan.ts), and `id` for `_id`. */
  private columnsOf(state: CollectionState): ColumnOf {
    return (field) => {
      if (field === '_id') return 'id';
      const column = state.columns.get(field);
      return column && !column.complex ? column.column : null;
    };
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
    const tx: Tx = { open: true, begun: false, pending: new Map() };
    this.active = tx;
    try {
      this.assertOpen();
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
      this.active = null;
      release();
    }
  }

  private commitOrRollback(tx: Tx): void {
    tx.open = false;
    try {
      this.commit(tx, [], 0n);
    } catch (error) {
      this.rollback(tx);
      throw error;
    }
  }

  /** `filter` is what found no document: when it named this very `_id`, the id is known to be free. */
  private insert(tx: Tx, name: string, doc: Doc, filter: Filter): void {
    if (typeof doc._id !== 'string') throw new Error('documents need a string _id');
    const knownFree = onlyId(filter) === doc._id;
    if (!knownFree && this.getDoc(name, doc._id)) throw new DuplicateKeyError(name, '_id_', { _id: doc._id });
    this.put(tx, this.stateForWrite(tx, name), doc._id, doc, undefined);
  }

  /**
   * Stores (or deletes, with null) one document as a pending write of `tx`. Unique keys are claimed at once (the
   * `unique_keys` primary key decides, so a violation surfaces on this call); the document itself reaches its table
   * when the transaction flushes.
   */
  private put(tx: Tx, state: CollectionState, id: string, doc: Doc | null, previous: Doc | undefined): void {
    if (state.uniques.length > 0) this.claimUniqueKeys(tx, state, id, doc, previous);
    const keys: unknown[] = [];
    if (doc) {
      for (const column of state.columns.values()) {
        const value = keyValue(doc, column.parts);
        if (value === COMPLEX) {
          if (!column.complex) this.markComplex(tx, state, column);
          keys.push(null);
        } else {
          keys.push(value);
        }
      }
    }
    let pending = tx.pending.get(state.name);
    if (!pending) tx.pending.set(state.name, (pending = new Map()));
    // An unflushed earlier write in this batch may have changed the text already: its change must still reach the index.
    const earlier = pending.get(id);
    const textChanged = !!state.text && (rowDiffers(state.text, previous, doc) || (!!earlier && !earlier.flushed && earlier.textChanged));
    pending.set(id, { doc, keys, flushed: false, size: 0, textChanged });
  }

  private claimUniqueKeys(tx: Tx, state: CollectionState, id: string, doc: Doc | null, previous: Doc | undefined): void {
    const changes = state.uniques.map((unique) => {
      const before = previous ? uniqueKeys(unique, previous) : [];
      const after = doc ? uniqueKeys(unique, doc) : [];
      return { unique, added: after.filter((key) => !before.includes(key)), removed: before.filter((key) => !after.includes(key)) };
    });
    // check everything before changing anything
    for (const { unique, added } of changes) {
      for (const key of added) {
        const owner = this.sql.uniqueOwner.get(state.name, unique.name, key);
        if (owner && owner.id !== id) throw new DuplicateKeyError(state.name, unique.name, describeKey(unique, doc!));
      }
    }
    this.begin(tx);
    for (const { unique, added, removed } of changes) {
      for (const key of removed) this.sql.deleteUnique.run(state.name, unique.name, key, id);
      for (const key of added) this.sql.insertUnique.run(state.name, unique.name, key, id);
    }
  }

  private markComplex(tx: Tx, state: CollectionState, column: KeyColumn): void {
    this.begin(tx);
    column.complex = true; // a rollback reloads the catalog, so this never outlives what is on disk
    this.db.prepare('UPDATE key_columns SET complex = 1 WHERE collection = ? AND field = ?').run(state.name, column.field);
  }

  private begin(tx: Tx): void {
    if (tx.begun) return;
    this.sql.begin.run();
    tx.begun = true;
  }

  /** Writes the pending documents of one collection into the (opened) transaction, so SQL sees them. */
  private flushCollection(state: CollectionState, tx: Tx | null = this.active): void {
    const pending = tx?.pending.get(state.name);
    if (!tx || !pending) return;
    let sql: CollectionSql | null = null;
    // A bulk write (a catch-up batch) indexes its text at once: FTS5 writes large transactions well, and queuing
    // would only add a queue row per document. Small ones (a live batch) queue it (see text-queue.ts).
    const deferText = pending.size < INDEX_TEXT_AT_ONCE_FROM;
    for (const [id, entry] of pending) {
      if (entry.flushed) continue;
      if (!sql) {
        this.begin(tx);
        sql = this.statements(state);
      }
      if (state.text) {
        this.flushWithText(state, tx, sql, id, entry, deferText);
      } else if (entry.doc) {
        const stored = toStored(entry.doc);
        entry.size = storedLength(stored);
        sql.upsert.run(id, stored.doc, stored.content, ...entry.keys);
      } else {
        sql.delete.run(id);
      }
      entry.flushed = true;
    }
  }

  /**
   * A write to a collection with a text index: the document, and when its text changed its FTS5 row, at once or
   * queued (`deferText`: FTS5 is written when the queue drains, see text-queue.ts), in the same transaction.
   */
  private flushWithText(state: CollectionState, tx: Tx, sql: CollectionSql, id: string, entry: Pending, deferText: boolean): void {
    const text = state.text!;
    const reindex = (rowid: number, indexed: boolean, row: string[] | null) => {
      if (deferText) {
        sql.queue!.mark.run(rowid, indexed ? 1 : 0);
        this.queuedValues.remember(state.name, rowid, row);
        tx.queuedText = true;
        return;
      }
      // At once; a rowid still queued from an earlier write is settled here too (what FTS5 holds is what it held then).
      const queued = sql.queue!.indexedOf.get(rowid);
      rewriteFtsRow(sql, rowid, queued ? queued.indexed === 1 : indexed, row);
      if (queued) {
        sql.queue!.unmark.run(rowid);
        this.queuedValues.take(state.name, rowid);
      }
    };
    if (entry.doc) {
      const stored = toStored(entry.doc);
      entry.size = storedLength(stored);
      const existing = sql.rowidOf!.get(id);
      if (existing) {
        sql.updateAt!.run(stored.doc, stored.content, ...entry.keys, existing.rowid);
        if (entry.textChanged) reindex(existing.rowid, true, rowValues(text, entry.doc));
        return;
      }
      const rowid = Number(sql.insert!.run(id, stored.doc, stored.content, ...entry.keys).lastInsertRowid);
      reindex(rowid, false, rowValues(text, entry.doc));
      return;
    }
    const existing = sql.rowidOf!.get(id);
    if (!existing) return;
    sql.delete.run(id);
    reindex(existing.rowid, true, null);
  }

  /**
   * Brings the collection's FTS5 rows up to date with the documents queued stale: up to `limit` of them (-1: all),
   * inside the open transaction if there is one (a search during a batch: the drain then commits or rolls back with
   * it), else in one of its own. True when more remain.
   */
  private drainText(state: CollectionState, limit = -1): boolean {
    const text = state.text;
    if (!text) return false;
    const sql = this.statements(state);
    const rows = sql.queue!.rows.all(limit);
    if (rows.length === 0) return false;
    const own = !this.db.inTransaction;
    if (own) this.sql.begin.run();
    try {
      let chars = 0;
      let done = 0;
      for (const { rowid, indexed } of rows) {
        // A chunk also stops at a budget of text: a run of large saves must not hold the event loop for seconds.
        if (limit >= 0 && chars >= TEXT_DRAIN_CHUNK_CHARS) break;
        let row = this.queuedValues.take(state.name, rowid);
        if (row === undefined) {
          const stored = sql.byRowid.get(rowid);
          row = stored ? rowValues(text, fromStored(stored)) : null;
        }
        rewriteFtsRow(sql, rowid, indexed === 1, row);
        sql.queue!.unmark.run(rowid);
        for (const value of row ?? []) chars += value.length;
        done++;
      }
      if (own) this.sql.commit.run();
      if (done < rows.length) return true;
    } catch (error) {
      if (own && this.db.inTransaction) this.sql.rollback.run();
      this.queuedValues.clear(); // values taken above may be needed again
      throw error;
    }
    return rows.length === limit;
  }

  /** Whether any text index has documents queued. */
  private textQueued(): boolean {
    for (const state of this.collections.values()) {
      if (state.text && this.statements(state).queue!.rows.get(1)) return true;
    }
    return false;
  }

  /** Drains the text queues soon, in the background (between batches: it takes the writer lock). */
  private scheduleDrain(): void {
    if (this.drainTimer || this.closed) return;
    this.drainTimer = setTimeout(() => {
      this.drainTimer = null;
      this.settleTextIndexes().catch(() => this.scheduleDrain()); // a full disk, say: the rows stay queued, try again
    }, TEXT_DRAIN_DELAY_MS);
    this.drainTimer.unref();
  }

  /**
   * Indexes every document queued for full-text search now, a chunk at a time. Each chunk takes the writer lock (it
   * waits for a running batch) and gives it back, with a turn of the event loop, before the next: a long queue (a
   * second of saves, or what a catch-up left) never holds a projector batch or a request up for longer than a chunk.
   */
  async settleTextIndexes(): Promise<void> {
    for (const name of [...this.collections.keys()]) {
      for (let more = true; more; ) {
        const release = await this.acquire();
        try {
          // Looked up under the lock: a swap or a drop may have replaced the collections since the last chunk.
          const state = this.closed ? undefined : this.collections.get(name);
          more = state !== undefined && this.drainText(state, TEXT_DRAIN_CHUNK);
        } finally {
          release();
        }
        if (more) await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  /** Flushes and commits `tx`, storing `position` as the checkpoint of each of `projections` (none: a plain write). */
  private commit(tx: Tx, projections: string[], position: bigint): void {
    if (tx.pending.size === 0 && projections.length === 0 && !tx.begun) return;
    this.begin(tx);
    for (const name of tx.pending.keys()) this.flushCollection(this.collections.get(name)!, tx);
    for (const projection of projections) this.sql.upsertCheckpoint.run(projection, position.toString());
    this.sql.commit.run();
    tx.begun = false;
    if (tx.queuedText) this.scheduleDrain();
    if (!this.cache) return;
    // Cached documents are replaced by what was written; others wait for a reader (a rebuild writes far more
    // documents than anyone reads soon, and caching them all would only churn the cache and the garbage collector).
    for (const [name, pending] of tx.pending) {
      for (const [id, entry] of pending) {
        const key = cacheKey(name, id);
        if (!this.cache.has(key)) continue;
        if (entry.doc) this.cache.set(key, entry.doc, { size: CACHE_WEIGHT(entry.size) });
        else this.cache.delete(key);
      }
    }
  }

  private rollback(tx: Tx): void {
    if (tx.begun && this.db.inTransaction) this.sql.rollback.run();
    tx.begun = false;
    this.queuedValues.clear(); // some were queued by the writes just undone
    // A reader may have cached a version flushed into the transaction: every document it touched leaves the cache.
    for (const [name, pending] of tx.pending) for (const id of pending.keys()) this.cache?.delete(cacheKey(name, id));
    tx.pending.clear();
    this.loadCatalog(); // collections, key columns and indexes created by the failed transaction are gone
  }

  // ---------------------------------------------------------------- catalog and indexes

  /** The collection's state, creating its table (inside `tx`) on the first write. */
  private stateForWrite(tx: Tx, name: string): CollectionState {
    const existing = this.collections.get(name);
    if (existing) return existing;
    this.begin(tx);
    const seq = Number(this.db.prepare('INSERT INTO collections (name) VALUES (?)').run(name).lastInsertRowid);
    const state = emptyState(name, `docs_${seq}`);
    // `rowid` is the storage order: new documents append, where random ids would scatter them across a B-tree.
    this.db.exec(`CREATE TABLE ${state.table} (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL, content TEXT)`);
    this.collections.set(name, state);
    return state;
  }

  private addIndex(tx: Tx, state: CollectionState, def: IndexDef): void {
    const fields = Object.keys(def.keys);
    if (fields.length === 0 && !def.text) throw new Error('an index needs at least one key');
    if (def.text && state.text) throw new Error(`${state.name} already has a text index (one per collection)`);
    this.begin(tx);
    this.flushCollection(state, tx);
    const added = fields.filter((field) => field !== '_id' && !state.columns.has(field));
    for (const field of added) {
      const column: KeyColumn = { field, parts: field.split('.'), column: `k${state.columns.size}`, complex: false };
      this.db.exec(`ALTER TABLE ${state.table} ADD COLUMN ${column.column}`); // no type: values keep their own
      this.db.prepare('INSERT INTO key_columns (collection, field, col, complex) VALUES (?, ?, ?, 0)').run(state.name, field, column.column);
      state.columns.set(field, column);
    }
    state.sql = null; // statements name the columns
    if (added.length > 0) this.backfill(tx, state, added.map((field) => state.columns.get(field)!));
    // A text index's keys need their columns (searches filter on them) but no SQL index: FTS5 finds the rows.
    if (!def.text) this.createSqlIndex(state, fields.map((field) => (field === '_id' ? 'id' : state.columns.get(field)!.column)));
    if (def.text) this.addTextIndex(state, fields, def.text, def.weights ?? {});
    if (def.unique) {
      const unique: UniqueIndex = { name: def.name, paths: fields.map((f) => f.split('.')), sparse: def.sparse };
      const clear = this.db.prepare('DELETE FROM unique_keys WHERE collection = ? AND idx = ?');
      clear.run(state.name, unique.name);
      try {
        this.eachDoc(state, (doc) => {
          for (const key of uniqueKeys(unique, doc)) {
            const owner = this.sql.uniqueOwner.get(state.name, unique.name, key);
            if (owner && owner.id !== doc._id) throw new DuplicateKeyError(state.name, def.name, describeKey(unique, doc));
            if (!owner) this.sql.insertUnique.run(state.name, unique.name, key, doc._id);
          }
        });
      } catch (error) {
        clear.run(state.name, unique.name); // the index is not created: no keys of it may stay behind
        throw error;
      }
      state.uniques.push(unique);
    }
    this.db.prepare('INSERT INTO indexes (collection, name, spec) VALUES (?, ?, ?)').run(state.name, def.name, JSON.stringify(def));
    state.defs.set(def.name, def);
  }

  /** Creates the collection's FTS table and indexes the documents already stored. */
  private addTextIndex(state: CollectionState, keys: string[], fields: string[], weights: Record<string, number>): void {
    const text = textIndexOf(state.table, keys, fields, weights);
    createFtsTable(this.db, text);
    createQueueTable(this.db, text);
    this.db.exec(`DELETE FROM ${queueTableOf(text)}`); // the index is made anew from every document below
    const insert = this.db.prepare(insertSql(text));
    this.eachDoc(state, (doc, rowid) => insert.run(rowid, ...rowValues(text, doc)));
    state.text = text;
    state.sql = null;
  }

  /**
   * One SQL index per declared index, on its key columns then `id` (so `_id` can end a sort). An index whose columns
   * begin another's is left out: the longer one serves the same lookups, and each index costs every write.
   */
  private createSqlIndex(state: CollectionState, columns: string[]): void {
    const name = (cols: string[]) => `ix_${state.table}_${cols.join('_')}`;
    const existing = this.db
      .prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE 'ix\\_%' ESCAPE '\\'")
      .all(state.table)
      .map((row) => row.name);
    const prefix = name(columns);
    if (existing.some((other) => other === prefix || other.startsWith(`${prefix}_`))) return;
    for (const other of existing) if (prefix.startsWith(`${other}_`)) this.db.exec(`DROP INDEX ${other}`);
    this.db.exec(`CREATE INDEX ${prefix} ON ${state.table} (${columns.join(', ')}, id)`);
  }

  /** Fills new key columns for the documents already stored. */
  private backfill(tx: Tx, state: CollectionState, columns: KeyColumn[]): void {
    const set = this.db.prepare(`UPDATE ${state.table} SET ${columns.map((c) => `${c.column} = ?`).join(', ')} WHERE rowid = ?`);
    this.eachDoc(state, (doc, rowid) => {
      const values = columns.map((column) => {
        const value = keyValue(doc, column.parts);
        if (value !== COMPLEX) return value;
        if (!column.complex) this.markComplex(tx, state, column);
        return null;
      });
      set.run(...values, rowid);
    });
  }

  /** Every stored document, in chunks (a write cannot run while a statement iterates). */
  private eachDoc(state: CollectionState, fn: (doc: Doc, rowid: number) => void): void {
    const chunk = this.db.prepare<[number], StoredDoc & { rowid: number }>(`SELECT rowid, doc, content FROM ${state.table} WHERE rowid > ? ORDER BY rowid LIMIT 500`);
    for (let after = 0; ; ) {
      const rows = chunk.all(after);
      if (rows.length === 0) return;
      for (const row of rows) fn(fromStored(row), row.rowid);
      after = rows[rows.length - 1]!.rowid;
    }
  }

  /** A prepared query, kept by its text (queries differ only by the shape of their filter and sort). */
  private query<R>(text: string): Statement<unknown[], R> {
    let statement = this.queries.get(text);
    if (!statement) {
      if (this.queries.size >= MAX_PREPARED_QUERIES) this.queries.clear();
      this.queries.set(text, (statement = this.db.prepare(text)));
    }
    return statement as Statement<unknown[], R>;
  }

  private statements(state: CollectionState): CollectionSql {
    if (state.sql) return state.sql;
    const columns = [...state.columns.values()].map((c) => c.column);
    const names = ['id', 'doc', 'content', ...columns];
    const updates = ['doc', 'content', ...columns].map((c) => `${c} = excluded.${c}`).join(', ');
    state.sql = {
      byId: this.db.prepare(`SELECT doc, content FROM ${state.table} WHERE id = ?`),
      byRowid: this.db.prepare(`SELECT doc, content FROM ${state.table} WHERE rowid = ?`),
      upsert: this.db.prepare(
        `INSERT INTO ${state.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ON CONFLICT (id) DO UPDATE SET ${updates}`,
      ),
      delete: this.db.prepare(`DELETE FROM ${state.table} WHERE id = ?`),
      rowidOf: null,
      insert: null,
      updateAt: null,
      ftsInsert: null,
      ftsDelete: null,
      queue: null,
    };
    const text = state.text;
    if (text) {
      Object.assign(state.sql, {
        rowidOf: this.db.prepare(`SELECT rowid FROM ${state.table} WHERE id = ?`),
        insert: this.db.prepare(`INSERT INTO ${state.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`),
        updateAt: this.db.prepare(`UPDATE ${state.table} SET ${['doc', 'content', ...columns].map((c) => `${c} = ?`).join(', ')} WHERE rowid = ?`),
        ftsInsert: this.db.prepare(insertSql(text)),
        ftsDelete: this.db.prepare(`DELETE FROM ${text.table} WHERE rowid = ?`),
        queue: queueSql(this.db, text),
      });
    }
    return state.sql;
  }

  private loadCatalog(): void {
    this.collections.clear();
    this.queries.clear(); // table names are reused after a drop, with other columns
    for (const row of this.db.prepare('SELECT seq, name FROM collections').all() as { seq: number; name: string }[]) {
      const state = emptyState(row.name, `docs_${row.seq}`);
      this.collections.set(row.name, state);
      // A table made before texts were detached gains their column; its documents keep their text inline until rewritten.
      const hasContent = (this.db.prepare(`SELECT 1 FROM pragma_table_info(?) WHERE name = 'content'`).get(state.table) ?? null) !== null;
      if (!hasContent) this.db.exec(`ALTER TABLE ${state.table} ADD COLUMN content TEXT`);
    }
    const columns = this.db.prepare('SELECT collection, field, col, complex FROM key_columns ORDER BY rowid').all() as {
      collection: string;
      field: string;
      col: string;
      complex: number;
    }[];
    for (const row of columns) {
      this.collections.get(row.collection)?.columns.set(row.field, { field: row.field, parts: row.field.split('.'), column: row.col, complex: row.complex === 1 });
    }
    for (const row of this.db.prepare('SELECT collection, spec FROM indexes ORDER BY rowid').all() as { collection: string; spec: string }[]) {
      const state = this.collections.get(row.collection);
      if (!state) continue;
      const def = JSON.parse(row.spec) as IndexDef;
      state.defs.set(def.name, def);
      if (def.unique) state.uniques.push({ name: def.name, paths: Object.keys(def.keys).map((f) => f.split('.')), sparse: def.sparse });
      if (def.text) state.text = textIndexOf(state.table, Object.keys(def.keys), def.text, def.weights ?? {});
    }
    this.checkpoints.clear();
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
export async function openEmbeddedReadStore(filePath: string | ':memory:', options: EmbeddedReadStoreOptions = {}): Promise<EmbeddedReadStore> {
  if (filePath !== ':memory:') mkdirSync(dirname(filePath), { recursive: true });
  const db = new SqliteDatabase(filePath);
  try {
    return new EmbeddedReadStore(db, options);
  } catch (error) {
    db.close();
    throw error;
  }
}

// ------------------------------------------------------------------ helpers

/**
 * One document's FTS5 row made current: the row FTS5 holds for `rowid` goes (`held`: contentless FTS5 deletes by rowid
 * only, so whether it holds one must be known), then `row`, the document's values, comes in (null: no document).
 */
function rewriteFtsRow(sql: CollectionSql, rowid: number, held: boolean, row: string[] | null): void {
  if (held) sql.ftsDelete!.run(rowid);
  if (row) sql.ftsInsert!.run(rowid, ...row);
}

/** Copies each named collection of `from` into the store at `file` (its documents replace any of the same id). */
async function copyCollections(from: ReadStore, file: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const to = await openEmbeddedReadStore(file, { cacheBytes: 0 });
  try {
    for (const name of names) {
      await eachPage(from, name, async (docs) => {
        for (const doc of docs) await to.collection(name).replaceOne({ _id: doc._id }, doc, { upsert: true });
      });
    }
  } finally {
    await to.close();
  }
}

function emptyState(name: string, table: string): CollectionState {
  return { name, table, defs: new Map(), columns: new Map(), uniques: [], text: null, sql: null };
}

/** An index's name as MongoDB makes it: `ownerId_1` for keys, `ownerId_1_title_text_content_text` with text fields. */
function specName(spec: Pick<IndexSpec, 'keys' | 'text'>): string {
  if (!spec.text) return indexName(spec.keys);
  return [indexName(spec.keys), ...spec.text.map((field) => `${field}_text`)].filter(Boolean).join('_');
}

function cacheKey(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}

