import type { ReadStore } from '../read-store/read-store';
import { OWNED_STREAMS, type OwnedStreamDoc } from './documents';

export function ownedStreamQueries(store: ReadStore) {
  const collection = store.collection<OwnedStreamDoc>(OWNED_STREAMS);
  return {
    /**
     * The user's scripts or folders created at or before `at` (ISO), ordered by id, purged ones left out; `afterId`
     * and `limit` page them.
     */
    createdBy(ownerId: string, kind: OwnedStreamDoc['kind'], at: string, page: { afterId?: string; limit?: number } = {}) {
      const filter: Record<string, unknown> = { ownerId, kind, createdAt: { $lte: at }, purgedAt: null };
      if (page.afterId !== undefined) filter.entityId = { $gt: page.afterId };
      return collection.find(filter, { sort: { entityId: 1 }, ...(page.limit !== undefined ? { limit: page.limit } : {}) });
    },
    /** The stream of one of the user's scripts or folders, whenever it was created; null if it is not theirs. */
    owned(ownerId: string, kind: OwnedStreamDoc['kind'], entityId: string) {
      return collection.findOne({ ownerId, kind, entityId });
    },
  };
}
