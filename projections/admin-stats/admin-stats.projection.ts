import type { ReadStore } from '../read-store/read-store';
import { guard, type ProjectedEvent, type Projection } from '../projection';

export interface AdminStatsDoc {
  _id: 'global';
  users: number;
  scripts: number;
  versions: number;
  lastPosition: string;
  [key: string]: unknown;
}

/** Versions per live script, so deleting a script takes its versions off the total. */
interface ScriptCounterDoc {
  _id: string;
  versions: number;
  [key: string]: unknown;
}

export const ADMIN_STATS_COLLECTIONS = { adminStats: 'adminStats', scriptCounters: 'adminScriptCounters' } as const;
const C = ADMIN_STATS_COLLECTIONS;
const STATS_ID = 'global';

type Counts = { users: number; scripts: number; versions: number };

/**
 * Counts of users, live scripts and their versions. The top-viewed list is a sorted query on `scripts`.
 * A batch is folded in memory and written once: the counters document is touched once per batch, not per event.
 */
export const adminStatsProjection: Projection = {
  name: 'adminStats',
  collections: Object.values(C),
  indexes: [],
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const stats = store.collection<AdminStatsDoc>(C.adminStats);
  const counters = store.collection<ScriptCounterDoc>(C.scriptCounters);
  const last = events[events.length - 1];
  if (!last) return;
  const current = (await stats.findOne({ _id: STATS_ID })) ?? { users: 0, scripts: 0, versions: 0, lastPosition: '' };
  // The totals count each event once: events they already include (a replay) add nothing. The per-script counters are
  // folded over EVERY event of the batch, so a batch that failed after the totals were written (a store without
  // transactions) still leaves them right. Totals go first: a failure between the two writes leaves counters that the
  // replay sets again, never totals computed from counters that already include this batch.
  const delta: Counts = { users: 0, scripts: 0, versions: 0 };
  const versionsByScript = new Map<string, number | null>(); // null: deleted in this batch
  const versionsOf = async (scriptId: string) => {
    if (!versionsByScript.has(scriptId)) versionsByScript.set(scriptId, (await counters.findOne({ _id: scriptId }))?.versions ?? 0);
    return versionsByScript.get(scriptId) ?? 0;
  };
  for (const event of events) {
    const counted = event.positionKey > current.lastPosition;
    switch (event.type) {
      case 'UserRegistered':
        if (counted) delta.users += 1;
        break;
      case 'AccountDeleted':
        if (counted) delta.users -= 1;
        break;
      case 'ScriptCreated':
        versionsByScript.set(event.data.scriptId, 1);
        if (counted) {
          delta.scripts += 1;
          delta.versions += 1;
        }
        break;
      case 'ScriptSaved':
      case 'ScriptRestored':
        versionsByScript.set(event.data.scriptId, Math.max(await versionsOf(event.data.scriptId), event.data.version));
        if (counted) delta.versions += 1;
        break;
      case 'ScriptDeleted':
      case 'ScriptPurged': // a trashed script still counts until purged
        if (counted) {
          delta.scripts -= 1;
          delta.versions -= await versionsOf(event.data.scriptId);
        }
        versionsByScript.set(event.data.scriptId, null);
        break;
      default:
        break;
    }
  }
  const fresh = events.filter((event) => event.positionKey > current.lastPosition);
  if (fresh.length > 0) {
    const next: AdminStatsDoc = {
      _id: STATS_ID,
      users: current.users + delta.users,
      scripts: current.scripts + delta.scripts,
      versions: current.versions + delta.versions,
      lastPosition: last.positionKey,
    };
    // Guarded like every projected write: a concurrent or replayed batch cannot apply the same events twice.
    if (current.lastPosition === '') await stats.replaceOne({ _id: STATS_ID }, next, { upsert: true });
    else await stats.replaceOne(guard(STATS_ID, fresh[0]!), next);
  }
  for (const [scriptId, versions] of versionsByScript) {
    if (versions === null) await counters.deleteOne({ _id: scriptId });
    else await counters.replaceOne({ _id: scriptId }, { _id: scriptId, versions }, { upsert: true });
  }
}
