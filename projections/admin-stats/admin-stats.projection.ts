import { guard, type Projection } from '../projection';

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

/** Counts of users, live scripts and their versions. The top-viewed list is a sorted query on `scripts`. */
export const adminStatsProjection: Projection = {
  name: 'adminStats',
  collections: Object.values(C),
  indexes: [],
  async apply(event, store) {
    const stats = store.collection<AdminStatsDoc>(C.adminStats);
    const counters = store.collection<ScriptCounterDoc>(C.scriptCounters);
    const bump = async (inc: Partial<Record<'users' | 'scripts' | 'versions', number>>) => {
      // The guard makes each $inc happen once per event, even when a batch is replayed.
      const update = { $inc: inc, $set: { lastPosition: event.positionKey } };
      const { matched } = await stats.updateOne(guard(STATS_ID, event), update);
      if (matched === 0 && !(await stats.findOne({ _id: STATS_ID }))) {
        await stats.replaceOne({ _id: STATS_ID }, { _id: STATS_ID, users: 0, scripts: 0, versions: 0, lastPosition: '' }, { upsert: true });
        await stats.updateOne(guard(STATS_ID, event), update);
      }
    };
    switch (event.type) {
      case 'UserRegistered':
        return bump({ users: 1 });
      case 'ScriptCreated':
        await counters.replaceOne({ _id: event.data.scriptId }, { _id: event.data.scriptId, versions: 1 }, { upsert: true });
        return bump({ scripts: 1, versions: 1 });
      case 'ScriptSaved':
      case 'ScriptRestored':
        await counters.updateOne({ _id: event.data.scriptId }, { $max: { versions: event.data.version } });
        return bump({ versions: 1 });
      case 'ScriptDeleted': {
        const counter = await counters.findOne({ _id: event.data.scriptId });
        await counters.deleteOne({ _id: event.data.scriptId });
        return bump({ scripts: -1, versions: -(counter?.versions ?? 0) });
      }
      default:
        return;
    }
  },
};
