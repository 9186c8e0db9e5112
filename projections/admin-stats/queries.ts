import type { ReadStore } from '../read-store/read-store';
import type { PageRequest } from '../keyset-page';
import { ACCOUNT_COLLECTIONS, type UserDoc } from '../accounts/documents';
import { WORKSPACE_COLLECTIONS, type ScriptDoc, type ScriptSummaryDoc, type WithViews } from '../workspace/documents';
import { SCRIPT_VIEWS_COLLECTIONS, type ScriptViewTotalDoc } from '../script-views/documents';
import { withTotal, withViewTotal } from '../script-views/queries';
import { scriptSummaryPage } from '../workspace/queries';
import { ADMIN_STATS_COLLECTIONS, type AdminStatsDoc } from './admin-stats.projection';

export const TOP_VIEWED_COUNT = 5;
const TOP_VIEWED_PAGE_SIZE = 20;
const TOP_VIEWED_PAGES = 5;

export const adminQueries = (store: ReadStore) => {
  const users = store.collection<UserDoc>(ACCOUNT_COLLECTIONS.users);
  const scripts = store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts);
  const totals = store.collection<ScriptViewTotalDoc>(SCRIPT_VIEWS_COLLECTIONS.totals);
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
  /**
   * The TOP_VIEWED_COUNT live scripts with the most views of all time, most first: the view totals read in ranked
   * pages, skipping scripts in the trash (not in `scripts`) or purged with views still to come. Bounded by
   * TOP_VIEWED_PAGES pages. Documents projected before the totals existed rank by their total alone (the count they
   * still carry is added for display) until a rebuild of the read models.
   */
  const topViewed = async () => {
    const top: WithViews<ScriptSummaryDoc>[] = [];
    for (let skip = 0, page = 0; page < TOP_VIEWED_PAGES && top.length < TOP_VIEWED_COUNT; page++, skip += TOP_VIEWED_PAGE_SIZE) {
      const ranked = await totals.find({}, { sort: { views: -1, _id: 1 }, skip, limit: TOP_VIEWED_PAGE_SIZE });
      const live = new Map<string, ScriptSummaryDoc>((await scripts.find({ _id: { $in: ranked.map((t) => t._id) } }, { projection: { content: 0 } })).map((s) => [s._id, s]));
      for (const total of ranked) {
        const script = live.get(total._id);
        if (script && top.length < TOP_VIEWED_COUNT) top.push(withTotal(script, total.views));
      }
      if (ranked.length < TOP_VIEWED_PAGE_SIZE) break;
    }
    return top;
  };
  return {
    usernamesOf,
    async stats() {
      const [doc, top] = await Promise.all([
        store.collection<AdminStatsDoc>(ADMIN_STATS_COLLECTIONS.adminStats).findOne({ _id: 'global' }),
        topViewed(),
      ]);
      const names = await usernamesOf(top.map((s) => s.ownerId));
      return {
        counts: { users: doc?.users ?? 0, scripts: doc?.scripts ?? 0, versions: doc?.versions ?? 0 },
        topViewed: top.map((s) => ({ id: s._id, title: s.title, views: s.views, username: names.get(s.ownerId) ?? null })),
      };
    },
    /** Every user's scripts (or one user's), newest update first, one page, without contents. */
    scriptsPage: (userId: string | undefined, page: PageRequest) =>
      scriptSummaryPage(store, userId ? { ownerId: userId } : {}, page),
    script: async (scriptId: string) => withViewTotal(store, await scripts.findOne({ _id: scriptId })),
    user: (userId: string) => users.findOne({ _id: userId }),
  };
};
