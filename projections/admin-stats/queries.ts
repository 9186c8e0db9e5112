import type { ReadStore } from '../read-store/read-store';
import type { PageRequest } from '../keyset-page';
import { WORKSPACE_COLLECTIONS, type ScriptDoc } from '../workspace/documents';
import { scriptSummaryPage } from '../workspace/queries';
import { ADMIN_STATS_COLLECTIONS, type AdminStatsDoc } from './admin-stats.projection';

export const TOP_VIEWED_COUNT = 5;

export const adminQueries = (store: ReadStore) => ({
  async stats() {
    const [doc, top] = await Promise.all([
      store.collection<AdminStatsDoc>(ADMIN_STATS_COLLECTIONS.adminStats).findOne({ _id: 'global' }),
      store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts).find({}, { sort: { views: -1, updatedAt: -1 }, limit: TOP_VIEWED_COUNT }),
    ]);
    return {
      counts: { users: doc?.users ?? 0, scripts: doc?.scripts ?? 0, versions: doc?.versions ?? 0 },
      topViewed: top.map((s) => ({ id: s._id, title: s.title, views: s.views })),
    };
  },
  /** Every user's scripts (or one user's), newest update first, one page, without contents. */
  scriptsPage: (userId: string | undefined, page: PageRequest) =>
    scriptSummaryPage(store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts), userId ? { ownerId: userId } : {}, page),
  script: (scriptId: string) => store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts).findOne({ _id: scriptId }),
});
