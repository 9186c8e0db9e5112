import { MongoClient, MongoServerError } from 'mongodb';
import type { Lease } from './lease';

interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: number;
}

/**
 * MongoDB lease: one document per lease, taken with a conditional upsert. When another holder's unexpired lease
 * exists the filter does not match, the upsert collides on `_id` (E11000) and we answer false.
 */
export async function openMongoLease(url: string, now: () => number = Date.now): Promise<Lease> {
  const client = await new MongoClient(url).connect();
  const leases = client.db().collection<LeaseDoc>('projectorLeases');
  return {
    async tryAcquire(name, holder, ttlMs) {
      const at = now();
      try {
        await leases.updateOne(
          { _id: name, $or: [{ holder }, { expiresAt: { $lt: at } }] },
          { $set: { holder, expiresAt: at + ttlMs } },
          { upsert: true, writeConcern: { w: 'majority' } },
        );
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === 11000) return false;
        throw error;
      }
    },
    async release(name, holder) {
      await leases.deleteOne({ _id: name, holder });
    },
    async close() {
      await client.close();
    },
  };
}
