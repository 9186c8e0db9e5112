import { MongoServerError } from 'mongodb';
import { connectMongo } from '../../services/mongodb/connect';
import type { Lease, SwapState } from './lease';

interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: number;
}

interface SwapDoc {
  _id: string;
  id: string;
  requester: string;
  source: string;
  state: SwapState;
  detail: string | null;
}

/**
 * MongoDB lease: one document per lease, taken with a conditional upsert. When another holder's unexpired lease
 * exists the filter does not match, the upsert collides on `_id` (E11000) and we answer false.
 * Swap requests live beside it, one document per lease name, moved between states with conditional updates.
 */
export async function openMongoLease(url: string, now: () => number = Date.now): Promise<Lease> {
  // The read models' database (not the driver's default `test`), beside the checkpoints it fences.
  const { client, db } = await connectMongo(url);
  const leases = db.collection<LeaseDoc>('projectorLeases');
  const swaps = db.collection<SwapDoc>('projectorSwaps');
  const majority = { writeConcern: { w: 'majority' as const } };
  return {
    async tryAcquire(name, holder, ttlMs) {
      const at = now();
      try {
        await leases.updateOne(
          { _id: name, $or: [{ holder }, { expiresAt: { $lt: at } }] },
          { $set: { holder, expiresAt: at + ttlMs } },
          { upsert: true, ...majority },
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
    async currentHolder(name) {
      const lease = await leases.findOne({ _id: name, expiresAt: { $gt: now() } });
      return lease?.holder ?? null;
    },
    async requestSwap(name, request) {
      await swaps.replaceOne({ _id: name }, { ...request, state: 'requested', detail: null }, { upsert: true, ...majority });
    },
    async pendingSwap(name) {
      const swap = await swaps.findOne({ _id: name, state: 'requested' });
      return swap ? { id: swap.id, requester: swap.requester, source: swap.source } : null;
    },
    async moveSwap(name, id, from, to, detail) {
      const result = await swaps.updateOne({ _id: name, id, state: from }, { $set: { state: to, detail: detail ?? null } }, majority);
      return result.modifiedCount === 1;
    },
    async swapStatus(name, id) {
      const swap = await swaps.findOne({ _id: name, id });
      return swap ? { state: swap.state, detail: swap.detail } : null;
    },
    async close() {
      await client.close();
    },
  };
}
