import { Binary, MongoServerError, type Collection, type MongoClient } from 'mongodb';
import { connectMongo } from '../mongodb/connect';
import { DataKeyDestroyedError, newDataKey, type DataKeyStore } from './data-keys';

interface KeyDoc {
  _id: string;
  key: Binary | null;
  createdAt: string;
  destroyedAt?: string;
  /** a script key: the account it belongs to (destroyed with it) */
  account?: string;
}

/** The collection is outside the read models: a rebuild never drops it. */
export const DATA_KEY_COLLECTION = 'dataKeys';

/** Data keys as documents in MongoDB; destroying one unsets the key (and its script keys') and leaves a tombstone. */
export class MongoDataKeyStore implements DataKeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
  ) {}

  static async open(url: string, options: { database?: string } = {}): Promise<MongoDataKeyStore> {
    // The read models' database, whose rebuilds leave this collection alone.
    const { client, db } = await connectMongo(url, options.database);
    const keys = db.collection<KeyDoc>(DATA_KEY_COLLECTION);
    // An account's deletion finds its script keys by this index.
    await keys.createIndex({ account: 1 }, { sparse: true });
    return new MongoDataKeyStore(client, keys);
  }

  async keyFor(ownerId: string, account?: string): Promise<Buffer> {
    let doc = await this.keys.findOne({ _id: ownerId });
    if (!doc) {
      // No new key for a deleted account's script: its deletion may already have swept the account's keys.
      const accountDoc = account === undefined ? null : await this.keys.findOne({ _id: account });
      if (accountDoc && !accountDoc.key) throw new DataKeyDestroyedError(account!);
      try {
        const fresh: KeyDoc = { _id: ownerId, key: new Binary(newDataKey()), createdAt: new Date().toISOString(), ...(account === undefined ? {} : { account }) };
        await this.keys.insertOne(fresh, { writeConcern: { w: 'majority' } });
      } catch (error) {
        // Another gateway made it first: use theirs.
        if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      }
      doc = await this.keys.findOne({ _id: ownerId });
    }
    if (!doc?.key) throw new DataKeyDestroyedError(ownerId);
    return Buffer.from(doc.key.buffer);
  }

  async find(ownerId: string): Promise<Buffer | null> {
    const doc = await this.keys.findOne({ _id: ownerId });
    return doc?.key ? Buffer.from(doc.key.buffer) : null;
  }

  async destroy(ownerId: string): Promise<void> {
    const at = new Date().toISOString();
    await this.keys.updateOne(
      { _id: ownerId },
      { $set: { key: null, destroyedAt: at }, $setOnInsert: { createdAt: at } },
      { upsert: true, writeConcern: { w: 'majority' } },
    );
    await this.keys.updateMany({ account: ownerId, key: { $ne: null } }, { $set: { key: null, destroyedAt: at } }, { writeConcern: { w: 'majority' } });
  }

  /** Tests only. */
  async drop(): Promise<void> {
    await this.keys.drop().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
