/**
 * The read-model port. Projections write through it and the gateway reads through it.
 * Filters, updates and sorts are MongoDB documents: the MongoDB adapter passes them
 * to the driver and the embedded adapter evaluates them with mingo, so projections
 * behave identically on both (a contract suite checks it).
 */

export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
/** Update operators only (`$set`, `$inc`, `$unset`, `$push`, `$pull`, `$max`, `$setOnInsert`). */
export type Update = Record<string, Record<string, unknown>>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
  projection?: Record<string, 0 | 1>;
}

export interface ReadCollection<T extends Doc = Doc> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter: Filter): Promise<number>;
  /** Inserts or replaces the whole document. */
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number }>;
  updateMany(filter: Filter, update: Update): Promise<{ matched: number }>;
  deleteOne(filter: Filter): Promise<void>;
  deleteMany(filter: Filter): Promise<void>;
  /**
   * Full-text search over the collection's text index (see `IndexSpec.text`): documents holding EVERY word as a whole
   * token in any text field, case-insensitively (no stemming, diacritics kept), best match first, ties in `sort` order.
   * `words` are tokens as `searchWords` makes them; `filter` must fix each of the index's `keys` by equality
   * (MongoDB's rule for a compound text index). The embedded store answers from SQLite FTS5, MongoDB from its text index.
   */
  searchText(words: string[], options: TextSearchOptions): Promise<T[]>;
}

export interface TextSearchOptions {
  filter: Filter;
  /** tie-break after relevance, e.g. `{ updatedAt: -1 }` (embedded: on indexed fields; else insertion order) */
  sort?: Sort;
  skip?: number;
  limit: number;
  /**
   * Ranks only the `newest` documents holding the words, newest by `by` (a field that grows as documents are
   * written, e.g. a log position: the embedded store takes its insertion order for it), so a search costs the same
   * however many documents hold a common word. Without it, every document holding the words is ranked.
   */
  candidates?: { newest: number; by: string };
  /**
   * The store may return `field` cut to its first `chars` characters (the embedded store does, in SQLite, so a page
   * of large documents is never parsed whole; MongoDB returns it whole). For callers that read only a text's start.
   */
  prefixOf?: { field: string; chars: number };
}

export interface IndexSpec {
  collection: string;
  keys: Record<string, 1 | -1>;
  unique?: boolean;
  /** only index documents where these fields exist (sparse unique share ids) */
  sparse?: boolean;
  /**
   * A full-text index over these string fields (at most one per collection, as on MongoDB); `keys` are then its
   * equality prefix, which every text search must fix (a user's own documents). See `ReadCollection.searchText`.
   */
  text?: string[];
  /** relevance weight of each text field (default 1), e.g. a title counting ten times its content */
  weights?: Record<string, number>;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): ReadCollection<T>;
  /** Create indexes (MongoDB; embedded: SQL indexes over key columns, see embedded-read-store.ts); idempotent. */
  ensureIndexes(indexes: IndexSpec[]): Promise<void>;
  /** Checkpoint of one projection: the global position of the last event it applied, `null` if none. */
  getCheckpoint(projection: string): Promise<bigint | null>;
  /**
   * Runs `work` then stores the checkpoint. `work` writes through the `batch` store it is given: on the embedded store
   * those writes and the checkpoint land in one transaction (writes through the store itself wait for the batch).
   * On MongoDB `batch` is the store itself and every write is guarded by position, so a crash between the writes and
   * the checkpoint is replay-safe.
   */
  commitBatch(projection: string, position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void>;
  /**
   * Optional (the embedded store): like `commitBatch`, for several projections at once: their writes and every one
   * of their checkpoints (all at `position`) land in ONE transaction, all or nothing. The projector then commits once
   * per batch instead of once per projection (each commit writes every page it touched to the WAL; pages several
   * projections share, the checkpoints' among them, are then written once).
   */
  commitBatches?(projections: string[], position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void>;
  /** Optional (the embedded store): bytes its cache of parsed documents holds, as counted against READ_CACHE_MB. */
  cachedBytes?(): number;
  /**
   * Optional (the embedded store, whose full-text index is written after the documents, see text-queue.ts): indexes
   * everything still queued now. A rebuild calls it before it is swapped in, so the live store does not inherit it.
   */
  settleTextIndexes?(): Promise<void>;
  /** Drop every read-model collection and checkpoint (rebuild from the start of the log). */
  dropAll(): Promise<void>;
  /**
   * Optional: a store over fresh, empty collections beside the live ones, for a rebuild that readers never see
   * half-done. `promote` then replaces the live read models with the shadow's (MongoDB: renames).
   */
  openShadow?(): Promise<ShadowReadStore>;
  close(): Promise<void>;
}

export interface ShadowReadStore extends ReadStore {
  promote(): Promise<void>;
}
