import { type MongoClient, type Collection, type Db, type Document, type Filter as MongoFilter, type UpdateFilter } from 'mongodb';
import type { Doc, Filter, FindOptions, IndexSpec, ReadCollection, ReadStore, ShadowReadStore, TextSearchOptions, Update } from './read-store';
import { isSearchWord } from './search-words';
import { connectMongo } from '../../services/mongodb/connect';

/**
 * The MongoDB read store: each read-model collection is a MongoDB collection of the same name, filters and updates go
 * to the driver unchanged, and checkpoints live in a `checkpoints` collection as `{ _id: projection, position }` with the
 * position as a decimal string (positions above 2^53 do not fit a double).
 */

const CHECKPOINTS = 'checkpoints';
/** Collections in the same database that are not read models (the projector lease, data keys) survive `dropAll` and rebuilds. */
const NOT_READ_MODELS = new Set(['projectorLeases', 'dataKeys']);
const SHADOW_PREFIX = 'rebuild__';

interface CheckpointDoc {
  _id: string;
  position: string;
}

/** Field names of each collection's text index, learnt when `ensureIndexes` creates it (the whole-word check needs them). */
type TextFields = Map<string, string[]>;

class MongoReadCollection<T extends Doc> implements ReadCollection<T> {
  constructor(
    private readonly coll: Collection<Document>,
    private readonly textFields: () => string[] | undefined,
  ) {}

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.coll.findOne(filter as MongoFilter<Document>)) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const { sort, limit, skip, projection } = options;
    const cursor = this.coll.find(filter as MongoFilter<Document>, {
      ...(sort ? { sort } : {}),
      ...(limit ? { limit } : {}),
      ...(skip ? { skip } : {}),
      ...(projection ? { projection } : {}),
    });
    return (await cursor.toArray()) as unknown as T[];
  }

  countDocuments(filter: Filter): Promise<number> {
    return this.coll.countDocuments(filter as MongoFilter<Document>);
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<void> {
    await this.coll.replaceOne(filter as MongoFilter<Document>, doc, { upsert: options.upsert ?? false });
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<{ matched: number }> {
    const result = await this.coll.updateOne(filter as MongoFilter<Document>, update as UpdateFilter<Document>, {
      upsert: options.upsert ?? false,
    });
    return { matched: result.matchedCount };
  }

  async updateMany(filter: Filter, update: Update): Promise<{ matched: number }> {
    const result = await this.coll.updateMany(filter as MongoFilter<Document>, update as UpdateFilter<Document>);
    return { matched: result.matchedCount };
  }

  async deleteOne(filter: Filter): Promise<void> {
    await this.coll.deleteOne(filter as MongoFilter<Document>);
  }

  async deleteMany(filter: Filter): Promise<void> {
    await this.coll.deleteMany(filter as MongoFilter<Document>);
  }

  /**
   * `$text` with each word quoted: a document must hold every quoted phrase (logical AND: `positivePhrasesMatch` in the
   * server's fts_matcher.cpp), and the text index finds the candidates. A phrase is then checked as a case-insensitive
   * SUBSTRING of the text (a phrase `"bar"` passes a document holding `barrel` once another word's token found it),
   * hence one whole-word regex per word over the text fields, which runs only on the documents the index found.
   * Ranked by `textScore`, then `sort`.
   */
  async searchText(words: string[], options: TextSearchOptions): Promise<T[]> {
    if (words.length === 0) return [];
    for (const word of words) if (!isSearchWord(word)) throw new Error(`not a search word: ${JSON.stringify(word)}`);
    const fields = this.textFields() ?? (await this.loadTextFields());
    const wholeWords = words.map((word) => ({ $or: fields.map((field) => ({ [field]: { $regex: wholeWordPattern(word), $options: 'i' } })) }));
    const filter = {
      ...options.filter,
      $text: { $search: words.map((word) => `"${word}"`).join(' '), $caseSensitive: false, $diacriticSensitive: true },
      $and: [...((options.filter.$and as Filter[] | undefined) ?? []), ...wholeWords],
    };
    if (options.candidates) {
      // The newest candidates first (a top-k sort: memory bounded by their number), then ranked. The text score
      // stays attached to each document from the `$match` holding `$text` on, through the sort and the limit.
      const pipeline: Document[] = [
        { $match: filter },
        { $sort: { [options.candidates.by]: -1 } },
        { $limit: options.candidates.newest },
        { $sort: { score: { $meta: 'textScore' }, ...options.sort } },
        ...(options.skip ? [{ $skip: options.skip }] : []),
        { $limit: options.limit },
      ];
      return (await this.coll.aggregate(pipeline).toArray()) as unknown as T[];
    }
    const cursor = this.coll.find(filter as MongoFilter<Document>, {
      sort: { score: { $meta: 'textScore' }, ...options.sort },
      ...(options.skip ? { skip: options.skip } : {}),
      limit: options.limit,
    });
    return (await cursor.toArray()) as unknown as T[];
  }

  /** The text index's fields as the server reports them (an index made by another process). */
  private async loadTextFields(): Promise<string[]> {
    for (const index of await this.coll.listIndexes().toArray()) {
      if (index.weights) return Object.keys(index.weights as Record<string, number>);
    }
    throw new Error(`searchText needs a text index on ${this.coll.collectionName}`);
  }
}

/** `word` as a whole word: not preceded or followed by a letter, digit, mark or underscore (search-words.ts). */
function wholeWordPattern(word: string): string {
  const wordChar = '[\\p{L}\\p{N}\\p{M}\\p{Co}_]';
  return `(?<!${wordChar})${word}(?!${wordChar})`;
}

export class MongoReadStore implements ReadStore {
  private readonly checkpoints: Collection<CheckpointDoc>;
  private readonly textFields: TextFields = new Map();

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** '' for the live read models; a shadow store (rebuild) prefixes every collection */
    private readonly prefix = '',
  ) {
    this.checkpoints = db.collection<CheckpointDoc>(prefix + CHECKPOINTS);
  }

  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    if (name === CHECKPOINTS) throw new Error(`'${CHECKPOINTS}' is reserved for projection checkpoints`);
    return new MongoReadCollection<T>(this.db.collection<Document>(this.prefix + name), () => this.textFields.get(name));
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    // createIndex is idempotent for an identical spec; different options under the same name are rejected by the server.
    for (const spec of indexes) {
      if (spec.text) {
        await this.createTextIndex(spec, spec.text);
        continue;
      }
      await this.db.collection(this.prefix + spec.collection).createIndex(spec.keys, {
        ...(spec.unique ? { unique: true } : {}),
        // sparse: documents missing the field are left out (an explicit null is still indexed, as in the embedded store)
        ...(spec.sparse ? { sparse: true } : {}),
      });
    }
  }

  /**
   * A compound text index: the equality keys first (each search names them, so it reads one user's entries), then
   * the text fields. `default_language: 'none'`: no stemming and no stop words, like the embedded FTS5 tokenizer;
   * `language_override` names a field no document has, so no document can switch its own language.
   */
  private async createTextIndex(spec: IndexSpec, text: string[]): Promise<void> {
    const keys: Record<string, 1 | -1 | 'text'> = { ...spec.keys };
    for (const field of text) keys[field] = 'text';
    await this.db.collection(this.prefix + spec.collection).createIndex(keys, {
      default_language: 'none',
      language_override: 'textSearchLanguage',
      weights: Object.fromEntries(text.map((field) => [field, spec.weights?.[field] ?? 1])),
    });
    this.textFields.set(spec.collection, [...text]);
  }

  async getCheckpoint(projection: string): Promise<bigint | null> {
    const doc = await this.checkpoints.findOne({ _id: projection });
    return doc ? BigInt(doc.position) : null;
  }

  async commitBatch(projection: string, position: bigint, work: (batch: ReadStore) => Promise<void>): Promise<void> {
    // No multi-document transaction (docs/decisions.md, "Projection batches on MongoDB"): the writes inside `work`
    // land one by one, then the checkpoint. If `work` throws or we crash first, the checkpoint is not moved and the
    // replay from it must end where a clean run would: projection writes are guarded by event position (`guard` in
    // projections/projection.ts) and never skip a derived document because its source looks current
    // (tests/faults/partial-batch.int.spec.ts checks this with writes that stay after a failure).
    await work(this);
    await this.checkpoints.updateOne({ _id: projection }, { $set: { position: position.toString() } }, { upsert: true });
  }

  /** Names (without prefix) of this store's collections, checkpoints included. */
  private async ownCollections(): Promise<string[]> {
    const all = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return all
      .map(({ name }) => name)
      .filter((name) => !name.startsWith('system.') && !NOT_READ_MODELS.has(name))
      .filter((name) => (this.prefix ? name.startsWith(this.prefix) : !name.startsWith(SHADOW_PREFIX)))
      .map((name) => name.slice(this.prefix.length));
  }

  async dropAll(): Promise<void> {
    for (const name of await this.ownCollections()) await this.db.collection(this.prefix + name).drop();
  }

  /** Fresh collections named `rebuild__<name>`: a rebuild fills them while readers keep the live ones. */
  async openShadow(): Promise<ShadowReadStore> {
    const shadow = new MongoReadStore(this.client, this.db, SHADOW_PREFIX);
    await shadow.dropAll();
    const live = this;
    return Object.assign(shadow, {
      async promote() {
        const rebuilt = await shadow.ownCollections();
        // Each rename is atomic; checkpoints go last, so a crash part-way leaves old checkpoints that replay safely.
        for (const name of rebuilt.filter((n) => n !== CHECKPOINTS)) {
          await live.db.renameCollection(SHADOW_PREFIX + name, name, { dropTarget: true });
        }
        for (const name of await live.ownCollections()) {
          if (name !== CHECKPOINTS && !rebuilt.includes(name)) await live.db.collection(name).drop();
        }
        if (rebuilt.includes(CHECKPOINTS)) await live.db.renameCollection(SHADOW_PREFIX + CHECKPOINTS, CHECKPOINTS, { dropTarget: true });
      },
      // The shadow shares the live store's client: closing it must not disconnect the live store.
      async close() {},
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/**
 * Connects to MongoDB. The database is `dbName`, else the one named in the URL, else `luavault` (services/mongodb/connect.ts).
 * Add `directConnection=true` to the URL for a one-node replica set reached through a mapped port (testcontainers).
 */
export async function openMongoReadStore(url: string, dbName?: string): Promise<MongoReadStore> {
  const { client, db } = await connectMongo(url, dbName);
  try {
    await db.command({ ping: 1 });
    return new MongoReadStore(client, db);
  } catch (error) {
    await client.close();
    throw error;
  }
}
