import type { Collection, Document, MongoClient } from 'mongodb';
import { connectMongo } from '../../mongodb/connect';
import { gcraTake, TAT_SLACK_MS, type RateLimitStore, type TakeResult } from './rate-limit-store';

interface BucketDoc {
  /** the limit's key (`<policy>:<key>`): one document per key */
  _id: string;
  /** theoretical arrival time, ms since the epoch (see TakeResult) */
  tat: number;
  /** `tat` as a date: the TTL index removes the document once it passed (a bucket that refilled is no bucket) */
  expiresAt: Date;
}

export const RATE_LIMIT_COLLECTION = 'rateLimits';

/**
 * Buckets every gateway shares: one document per key, taken with one upserting `findOneAndUpdate` whose update is a
 * pipeline (the GCRA step computed by the server, so no read-modify-write race between gateways). The document as it
 * was before the update comes back, and the same step (gcraTake) is replayed on it here to learn the outcome.
 * Documents of the fixed-window counters this replaced (`<key>@<window start>`) are never read and expire by TTL.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly buckets: Collection<BucketDoc>,
    private readonly now: () => number,
  ) {}

  /** Opens its own client; `database` overrides the one named in the URL (tests). */
  static async open(url: string, options: { database?: string; now?: () => number } = {}): Promise<MongoRateLimitStore> {
    const { client, db } = await connectMongo(url, options.database);
    const buckets = db.collection<BucketDoc>(RATE_LIMIT_COLLECTION);
    await buckets.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    return new MongoRateLimitStore(client, buckets, options.now ?? Date.now);
  }

  async take(key: string, costMs: number, capMs?: number): Promise<TakeResult> {
    const now = this.now();
    const before = await this.buckets.findOneAndUpdate({ _id: key }, gcraPipeline(now, costMs, capMs), { upsert: true, returnDocument: 'before' });
    return gcraTake(before?.tat, now, costMs, capMs);
  }

  async reset(key: string): Promise<void> {
    await this.buckets.deleteOne({ _id: key });
  }

  /** Tests: drop the collection. */
  async drop(): Promise<void> {
    await this.buckets.drop().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** gcraTake as an update pipeline (a missing or expired `tat` counts as now). */
export function gcraPipeline(now: number, costMs: number, capMs?: number): Document[] {
  const previous = { $ifNull: ['$tat', now] };
  const next = { $add: [{ $max: [previous, now] }, costMs] };
  const admitted = capMs === undefined ? true : { $lte: [next, now + capMs + TAT_SLACK_MS] };
  return [{ $set: { tat: { $cond: [admitted, next, previous] } } }, { $set: { expiresAt: { $toDate: '$tat' } } }];
}
