import type { ReadCollection, ReadStore, Update } from '../read-store/read-store';
import type { ProjectedEvent, Projection } from '../projection';
import {
  CHANGE_FEED_COLLECTIONS as C,
  CHANGE_FEED_MAX_AGE_MS,
  CHANGE_FEED_MAX_ENTRIES,
  type ChangeChunkDoc,
  type ChangeEntry,
  type MarkDoc,
  type OwnerDoc,
} from './documents';
import { describeChange, ownerKeyOf } from './describe-change';
import { scrubPurged } from './scrub-purged';

/** Pruning runs once a user's feed is this much over its cap, so it is not a delete per event. */
const PRUNE_SLACK = Math.ceil(CHANGE_FEED_MAX_ENTRIES / 10);

/**
 * Change feed: each user's recent changes to their own scripts and folders, one entry per event keyed by its log
 * position, stored one document per user per batch (ChangeChunkDoc). `GET /api/events` streams new entries and replays
 * them after `Last-Event-ID`; the feed is bounded per user (entries and age), and a client behind what was pruned is
 * told to reload.
 */
export const changeFeedProjection: Projection = {
  // the checkpoint's name changed with the collections (see CHANGE_FEED_COLLECTIONS): the feed projects anew
  name: 'changeFeedChunks',
  collections: Object.values(C),
  indexes: [
    { collection: C.chunks, keys: { lastKey: 1 } },
    { collection: C.chunks, keys: { userId: 1, lastKey: 1 } },
    { collection: C.chunks, keys: { userId: 1, oldestAt: 1 } },
    { collection: C.chunks, keys: { userId: 1, firstSeq: 1 } },
    { collection: C.owners, keys: { ownerId: 1 } },
  ],
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

/** Events after which a script or folder never has another event about it (purges, and deletes from before the trash). */
const GONE_FOR_GOOD = new Set(['ScriptPurged', 'ScriptDeleted', 'FolderPurged', 'FolderDeleted']);

async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const first = events[0];
  if (!first) return;
  const owners = store.collection<OwnerDoc>(C.owners);
  const chunks = store.collection<ChangeChunkDoc>(C.chunks);
  const marks = store.collection<MarkDoc>(C.marks);
  const cache = new Map<string, OwnerDoc | null>();
  const changed = new Set<string>();
  const gone = new Set<string>();
  /** per user, what this batch purged (owner keys) */
  const purged = new Map<string, Set<string>>();
  const users = new Map<string, UserBatch>();
  // Wall-clock age: a rebuild or catch-up over an old log writes no entry it would prune at once.
  const cutoff = new Date(Date.now() - CHANGE_FEED_MAX_AGE_MS).toISOString();
  const userBatch = async (userId: string) => {
    let batch = users.get(userId);
    if (!batch) {
      const mark = await marks.findOne({ _id: userId });
      batch = { seqBefore: mark?.seq ?? 0, seq: mark?.seq ?? 0, skippedThrough: null, entries: [] };
      users.set(userId, batch);
    }
    return batch;
  };
  // A batch that failed part-way (MongoDB: no transaction) may have written chunks with some of these entries (and
  // later ones) already: their entries keep their numbers, so a replay numbers the feed exactly as a single pass
  // would, and stay (the replay may not make them again: the owner records may be written too). One range query per
  // batch finds them (none, almost always).
  const written = new Map<string, number>();
  const earlier = new Map<string, ChangeChunkDoc[]>();
  for (const chunk of await chunks.find({ lastKey: { $gte: first.positionKey } })) {
    for (const entry of chunk.entries) written.set(entry.positionKey, entry.seq);
    earlier.set(chunk.userId, [...(earlier.get(chunk.userId) ?? []), chunk]);
  }
  // The user's count includes them even when the failed batch also wrote the owner records (the replay then makes no
  // entry for those events) but not the count.
  for (const [userId, list] of earlier) {
    const batch = await userBatch(userId);
    for (const chunk of list) for (const entry of chunk.entries) batch.seq = Math.max(batch.seq, entry.seq);
  }

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
    if (owner === before) continue; // unknown, or already applied (a replay)
    cache.set(key, owner);
    changed.add(key);
    if (GONE_FOR_GOOD.has(event.type)) {
      gone.add(key);
      if (owner) purged.set(owner.ownerId, (purged.get(owner.ownerId) ?? new Set()).add(key));
    }
    if (!owner || !change) continue;
    const batch = await userBatch(owner.ownerId);
    if (event.metadata.at < cutoff) {
      batch.skippedThrough = event.positionKey;
      continue;
    }
    const seq = written.get(event.positionKey) ?? ++batch.seq;
    batch.seq = Math.max(batch.seq, seq);
    batch.entries.push({ positionKey: event.positionKey, seq, at: event.metadata.at, ...change });
  }

  for (const [userId, batch] of users) {
    const before = batch.entries.length > 0 ? (earlier.get(userId) ?? []) : [];
    const entries = before.length === 0 ? batch.entries : merged(before, batch.entries);
    const chunk = chunkOf(entries[0]?.positionKey, userId, entries);
    if (!chunk) continue;
    await chunks.replaceOne({ _id: chunk._id }, chunk, { upsert: true });
    // their entries are all in this chunk now
    const replaced = before.filter((other) => other._id !== chunk._id).map((other) => other._id);
    if (replaced.length > 0) await chunks.deleteMany({ _id: { $in: replaced } });
  }
  for (const [userId, keys] of purged) await scrubPurged(chunks, userId, keys);
  // Each user's numbering (`marks`) before the owner documents: a replay skips events its owner documents already
  // include, so a batch that failed after writing owners but before marks would leave the numbering behind for good.
  for (const [userId, batch] of users) await prune(chunks, marks, userId, cutoff, batch);
  for (const key of changed) {
    const owner = cache.get(key);
    // A purged script or folder has no event to come: its record goes, so records do not pile up with churn.
    if (gone.has(key)) await owners.deleteOne({ _id: key });
    else if (owner) await owners.replaceOne({ _id: key }, owner, { upsert: true });
  }
}

/** One user's place in the feed during a batch: entries are numbered 1, 2, 3... per user (`seq`). */
interface UserBatch {
  seqBefore: number;
  seq: number;
  /** newest position of this batch not written (older than the age limit) */
  skippedThrough: string | null;
  /** this batch's entries for the user, oldest first */
  entries: ChangeEntry[];
}

/** The entries of a failed batch's chunks and a replay's, each once, oldest first. */
function merged(chunks: ChangeChunkDoc[], entries: ChangeEntry[]): ChangeEntry[] {
  const byPosition = new Map<string, ChangeEntry>();
  for (const chunk of chunks) for (const entry of chunk.entries) byPosition.set(entry.positionKey, entry);
  for (const entry of entries) byPosition.set(entry.positionKey, entry);
  return [...byPosition.values()].sort((a, b) => (a.positionKey < b.positionKey ? -1 : 1));
}

/** The chunk holding `entries` (oldest first) under `id`, or null when none is left. */
function chunkOf(id: string | undefined, userId: string, entries: ChangeEntry[]): ChangeChunkDoc | null {
  const oldest = entries[0];
  const newest = entries[entries.length - 1];
  if (id === undefined || !oldest || !newest) return null;
  let oldestAt = oldest.at;
  for (const entry of entries) if (entry.at < oldestAt) oldestAt = entry.at;
  return { _id: id, userId, lastKey: newest.positionKey, firstSeq: oldest.seq, oldestAt, entries };
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
async function prune(
  chunks: ReadCollection<ChangeChunkDoc>,
  marks: ReadCollection<MarkDoc>,
  userId: string,
  cutoff: string,
  batch: UserBatch,
): Promise<void> {
  let through = batch.skippedThrough;
  const later = (key: string) => {
    if (through === null || key > through) through = key;
  };
  for (const chunk of await chunks.find({ userId, oldestAt: { $lt: cutoff } })) {
    for (const entry of chunk.entries) if (entry.at < cutoff) later(entry.positionKey);
  }
  const floor = capFloor(batch.seq);
  if (floor > capFloor(batch.seqBefore)) {
    for (const chunk of await chunks.find({ userId, firstSeq: { $lte: floor } })) {
      for (const entry of chunk.entries) if (entry.seq <= floor) later(entry.positionKey);
    }
  }
  if (through !== null) await dropThrough(chunks, userId, through);
  const update: Update = { $set: { seq: batch.seq } };
  if (through !== null) update.$max = { prunedThrough: through };
  if (through !== null || batch.seq !== batch.seqBefore) await marks.updateOne({ _id: userId }, update, { upsert: true });
}

/** Removes a user's entries up to and including `through`: whole chunks, then the older part of the one across it. */
async function dropThrough(chunks: ReadCollection<ChangeChunkDoc>, userId: string, through: string): Promise<void> {
  await chunks.deleteMany({ userId, lastKey: { $lte: through } });
  for (const chunk of await chunks.find({ userId, lastKey: { $gt: through }, _id: { $lte: through } })) {
    const rest = chunkOf(chunk._id, userId, chunk.entries.filter((entry) => entry.positionKey > through));
    if (rest) await chunks.replaceOne({ _id: chunk._id }, rest);
    else await chunks.deleteOne({ _id: chunk._id });
  }
}

/** A deleted account's feed goes with it. */
async function forgetUser(store: ReadStore, userId: string, cache: Map<string, OwnerDoc | null>): Promise<void> {
  await store.collection(C.chunks).deleteMany({ userId });
  await store.collection(C.marks).deleteOne({ _id: userId });
  await store.collection(C.owners).deleteMany({ ownerId: userId });
  for (const [key, owner] of cache) if (owner?.ownerId === userId) cache.set(key, null);
}
