import type { Collection, MongoClient } from 'mongodb';
import { connectMongo } from '../../mongodb/connect';
import { windowStartOf, type RateLimitStore, type WindowCount } from './rate-limit-store';

interface CounterDoc {
  /** `${key}@${windowStart}`: one document per key and window */
  _id: string;
  key: string;
  count: number;
  /** end of the window; the TTL index removes the document once it passed */
  expiresAt: Date;
}

export const RATE_LIMIT_COLLECTION = 'rateLimits';

/**
 * Counters every gateway shares: fixed windows, one document per key and window, counted with an atomic upserting
 * `$inc` (one round trip, no read-modify-write race). MongoDB's TTL monitor deletes windows that ended.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly counters: Collection<CounterDoc>,
    private readonly now: () => number,
  ) {}

  /** Opens its own client; `database` overrides the one named in the URL (tests). */
  static async open(url: string, options: { database?: string; now?: () => number } = {}): Promise<MongoRateLimitStore> {
    const { client, db } = await connectMongo(url, options.database);
    const counters = db.collection<CounterDoc>(RATE_LIMIT_COLLECTION);
    await counters.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await counters.createIndex({ key: 1 });
    return new MongoRateLimitStore(client, counters, options.now ?? Date.now);
  }

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowCount> {
    const windowStart = windowStartOf(this.now(), windowMs);
    const resetAt = windowStart + windowMs;
    const doc = await this.counters.findOneAndUpdate(
      { _id: `${key}@${windowStart}` },
      { $inc: { count: amount }, $setOnInsert: { key, expiresAt: new Date(resetAt) } },
      { upsert: true, returnDocument: 'after' },
    );
    return { count: doc?.count ?? amount, resetAt };
  }

  async reset(key: string): Promise<void> {
    await this.counters.deleteMany({ key });
  }

  /** Tests: drop the collection. */
  async drop(): Promise<void> {
    await this.counters.drop().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
