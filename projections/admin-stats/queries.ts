import type { ReadStore } from '../read-store/read-store';
import type { PageRequest } from '../keyset-page';
import { ACCOUNT_COLLECTIONS, type UserDoc } from '../accounts/documents';
import { WORKSPACE_COLLECTIONS, type ScriptDoc } from '../workspace/documents';
import { scriptSummaryPage } from '../workspace/queries';
import { ADMIN_STATS_COLLECTIONS, type AdminStatsDoc } from './admin-stats.projection';

export const TOP_VIEWED_COUNT = 5;

export const adminQueries = (store: ReadStore) => {
  const users = store.collection<UserDoc>(ACCOUNT_COLLECTIONS.users);
  /**
   * Usernames of the given owners, one `$in` lookup on the accounts read model. Callers pass the owners of one page
   * (at most a page's size of ids), so the lookup is bounded. An owner whose account is gone maps to nothing.
   */
  const usernamesOf = async (ownerIds: string[]): Promise<Map<string, string>> => {
    const unique = [...new Set(ownerIds)];
    if (unique.length === 0) return new Map();
    const found = await users.find({ _id: { $in: unique } }, { projection: { _id: 1, username: 1 } });
    return new Map(found.map((u) => [u._id, u.username]));
  };
  return {
    usernamesOf,
    async stats() {
      const [doc, top] = await Promise.all([
        store.collection<AdminStatsDoc>(ADMIN_STATS_COLLECTIONS.adminStats).findOne({ _id: 'global' }),
        store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts).find({}, { sort: { views: -1, updatedAt: -1 }, limit: TOP_VIEWED_COUNT }),
      ]);
      const names = await usernamesOf(top.map((s) => s.ownerId));
      return {
        counts: { users: doc?.users ?? 0, scripts: doc?.scripts ?? 0, versions: doc?.versions ?? 0 },
        topViewed: top.map((s) => ({ id: s._id, title: s.title, views: s.views, username: names.get(s.ownerId) ?? null })),
      };
    },
    /** Every user's scripts (or one user's), newest update first, one page, without contents. */
    scriptsPage: (userId: string | undefined, page: PageRequest) =>
      scriptSummaryPage(store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts), userId ? { ownerId: userId } : {}, page),
    script: (scriptId: string) => store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts).findOne({ _id: scriptId }),
    user: (userId: string) => users.findOne({ _id: userId }),
  };
};
