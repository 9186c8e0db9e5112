import type { ReadStore, Update } from '../read-store/read-store';
import type { ProjectedEvent, Projection } from '../projection';
import {
  CHANGE_FEED_COLLECTIONS as C,
  CHANGE_FEED_MAX_AGE_MS,
  CHANGE_FEED_MAX_ENTRIES,
  type ChangeEntryDoc,
  type MarkDoc,
  type OwnerDoc,
} from './documents';
import { describeChange, ownerKeyOf } from './describe-change';

/** Pruning runs once a user's feed is this much over its cap, so it is not a delete per event. */
const PRUNE_SLACK = Math.ceil(CHANGE_FEED_MAX_ENTRIES / 10);

/**
 * Change feed: each user's recent changes to their own scripts and folders, one entry per event keyed by its log
 * position. `GET /api/events` streams new entries and replays them after `Last-Event-ID`; the feed is bounded per
 * user (entries and age), and a client behind what was pruned is told to reload.
 */
export const changeFeedProjection: Projection = {
  name: 'changeFeed',
  collections: Object.values(C),
  indexes: [
    { collection: C.entries, keys: { positionKey: 1 } },
    { collection: C.entries, keys: { userId: 1, positionKey: 1 } },
    { collection: C.entries, keys: { userId: 1, at: 1 } },
    { collection: C.owners, keys: { ownerId: 1 } },
  ],
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const owners = store.collection<OwnerDoc>(C.owners);
  const entries = store.collection<ChangeEntryDoc>(C.entries);
  const marks = store.collection<MarkDoc>(C.marks);
  const cache = new Map<string, OwnerDoc | null>();
  const changed = new Set<string>();
  const users = new Map<string, UserBatch>();
  // Wall-clock age: a rebuild or catch-up over an old log writes no entry it would prune at once.
  const cutoff = new Date(Date.now() - CHANGE_FEED_MAX_AGE_MS).toISOString();
  const userBatch = async (userId: string) => {
    let batch = users.get(userId);
    if (!batch) {
      const mark = await marks.findOne({ _id: userId });
      batch = { seqBefore: mark?.seq ?? 0, seq: mark?.seq ?? 0, skippedThrough: null };
      users.set(userId, batch);
    }
    return batch;
  };

  for (const event of events) {
    if (event.type === 'AccountDeleted') {
      await forgetUser(store, event.data.userId, cache);
      users.delete(event.data.userId);
      continue;
    }
    const key = ownerKeyOf(event);
    if (!key) continue;
    const creates = event.type === 'ScriptCreated' || event.type === 'FolderCreated';
    if (!cache.has(key)) cache.set(key, creates ? null : await owners.findOne({ _id: key }));
    const before = cache.get(key) ?? null;
    const { owner, change } = describeChange(event, before);
    if (owner === before) {
      // Unknown, or already applied (a replay). A batch that failed part-way may have written this entry and moved the
      // owner on without storing the user's count: the entries after it must still be numbered after it.
      if (before) await keepNumberOf(await entries.findOne({ _id: event.positionKey }), userBatch);
      continue;
    }
    cache.set(key, owner);
    changed.add(key);
    if (!owner || !change) continue;
    const batch = await userBatch(owner.ownerId);
    if (event.metadata.at < cutoff) {
      batch.skippedThrough = event.positionKey;
      continue;
    }
    // A batch that failed part-way (MongoDB: no transaction) may have written this entry already: it keeps its number,
    // so a replay numbers the feed exactly as a single pass would.
    const written = await entries.findOne({ _id: event.positionKey });
    const seq = written ? written.seq : ++batch.seq;
    batch.seq = Math.max(batch.seq, seq);
    const entry: ChangeEntryDoc = { _id: event.positionKey, userId: owner.ownerId, positionKey: event.positionKey, seq, at: event.metadata.at, ...change };
    await entries.replaceOne({ _id: entry._id }, entry, { upsert: true });
  }
  for (const key of changed) {
    const owner = cache.get(key);
    if (owner) await owners.replaceOne({ _id: key }, owner, { upsert: true });
  }
  for (const [userId, batch] of users) await prune(store, userId, cutoff, batch);
}

/** An entry already written keeps its number, and the user's count does not fall behind it. */
async function keepNumberOf(written: ChangeEntryDoc | null, userBatch: (userId: string) => Promise<UserBatch>): Promise<void> {
  if (!written) return;
  const batch = await userBatch(written.userId);
  batch.seq = Math.max(batch.seq, written.seq);
}

/** One user's place in the feed during a batch: entries are numbered 1, 2, 3... per user (`seq`). */
interface UserBatch {
  seqBefore: number;
  seq: number;
  /** newest position of this batch not written (older than the age limit) */
  skippedThrough: string | null;
}

/**
 * Entries numbered at or below this go: the cap, moved in steps of PRUNE_SLACK, so what is kept depends only on how
 * many entries a user ever had, not on how events fell into batches (a resumed projector equals a fresh rebuild).
 */
const capFloor = (seq: number) => Math.max(0, Math.floor((seq - CHANGE_FEED_MAX_ENTRIES) / PRUNE_SLACK) * PRUNE_SLACK);

/**
 * Keeps a user's feed bounded: entries older than the age limit and entries beyond the cap go, and the newest position
 * removed (or never written) is remembered, so a client that last saw an older one is told to reload.
 */
async function prune(store: ReadStore, userId: string, cutoff: string, batch: UserBatch): Promise<void> {
  const entries = store.collection<ChangeEntryDoc>(C.entries);
  let through = batch.skippedThrough;
  const later = (key: string | undefined) => {
    if (key !== undefined && (through === null || key > through)) through = key;
  };
  const [newestOld] = await entries.find({ userId, at: { $lt: cutoff } }, { sort: { positionKey: -1 }, limit: 1, projection: { positionKey: 1 } });
  later(newestOld?.positionKey);
  const floor = capFloor(batch.seq);
  if (floor > capFloor(batch.seqBefore)) {
    const [lastToGo] = await entries.find({ userId, seq: { $lte: floor } }, { sort: { positionKey: -1 }, limit: 1, projection: { positionKey: 1 } });
    later(lastToGo?.positionKey);
  }
  if (through !== null) await entries.deleteMany({ userId, positionKey: { $lte: through } });
  const update: Update = { $set: { seq: batch.seq } };
  if (through !== null) update.$max = { prunedThrough: through };
  if (through !== null || batch.seq !== batch.seqBefore) await store.collection<MarkDoc>(C.marks).updateOne({ _id: userId }, update, { upsert: true });
}

/** A deleted account's feed goes with it. */
async function forgetUser(store: ReadStore, userId: string, cache: Map<string, OwnerDoc | null>): Promise<void> {
  await store.collection(C.entries).deleteMany({ userId });
  await store.collection(C.marks).deleteOne({ _id: userId });
  await store.collection(C.owners).deleteMany({ ownerId: userId });
  for (const [key, owner] of cache) if (owner?.ownerId === userId) cache.set(key, null);
}
