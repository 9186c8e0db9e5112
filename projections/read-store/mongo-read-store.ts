import { type MongoClient, type Collection, type Db, type Document, type Filter as MongoFilter, type UpdateFilter } from 'mongodb';
import type { Doc, Filter, FindOptions, IndexSpec, ReadCollection, ReadStore, ShadowReadStore, Update } from './read-store';
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

class MongoReadCollection<T extends Doc> implements ReadCollection<T> {
  constructor(private readonly coll: Collection<Document>) {}

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
}

export class MongoReadStore implements ReadStore {
  private readonly checkpoints: Collection<CheckpointDoc>;

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
    return new MongoReadCollection<T>(this.db.collection<Document>(this.prefix + name));
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    // createIndex is idempotent for an identical spec; different options under the same name are rejected by the server.
    for (const spec of indexes) {
      await this.db.collection(this.prefix + spec.collection).createIndex(spec.keys, {
        ...(spec.unique ? { unique: true } : {}),
        // sparse: documents missing the field are left out (an explicit null is still indexed, as in the embedded store)
        ...(spec.sparse ? { sparse: true } : {}),
      });
    }
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
