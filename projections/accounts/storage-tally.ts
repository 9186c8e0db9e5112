import type { ReadCollection, ReadStore } from '../read-store/read-store';
import type { ProjectedEvent } from '../projection';
import { utf8Bytes } from '../../services/domain/script/limits';
import { ACCOUNT_COLLECTIONS as C, type ScriptSizeDoc, type StorageDoc } from './documents';

/** A document as the batch found it and as it is now (null: none). */
interface Tracked<T> {
  loaded: T | null;
  current: T | null;
}

/**
 * Keeps each account's storage tally from version events: a new version adds its UTF-8 bytes, a purge gives back
 * every version of the script. A batch is folded in memory, each script size and account tally read once and written
 * once (a rebuild saves a script many times per batch). Replays change nothing: an event counts for a document only
 * if it is newer than the document's `lastPosition` (one account's events arrive in log order, so its tally's
 * position is enough to count each event once); tallies are written before sizes, so a batch that fails between the
 * two (MongoDB: no transaction) leaves sizes the replay folds again over tallies that skip what they already count.
 */
export class StorageTally {
  private readonly sizes = new Map<string, Tracked<ScriptSizeDoc>>();
  private readonly tallies = new Map<string, Tracked<StorageDoc>>();

  constructor(private readonly store: ReadStore) {}

  async apply(event: ProjectedEvent): Promise<void> {
    switch (event.type) {
      case 'ScriptCreated': {
        const { scriptId, ownerId, content } = event.data;
        const bytes = utf8Bytes(content);
        const size = await this.size(scriptId);
        if (!size.current) size.current = { _id: scriptId, ownerId, bytes, lastPosition: event.positionKey };
        await this.charge(ownerId, bytes, event);
        return;
      }
      case 'ScriptSaved':
      case 'ScriptRestored': {
        const size = await this.size(event.data.scriptId);
        const current = size.current;
        if (!current) return; // deleted meanwhile (a replay) or never created
        const bytes = utf8Bytes(event.data.content);
        if (event.positionKey > current.lastPosition) size.current = { ...current, bytes: current.bytes + bytes, lastPosition: event.positionKey };
        await this.charge(current.ownerId, bytes, event);
        return;
      }
      // A trashed script still counts; only a purge (or a deletion from before the trash) gives its bytes back.
      case 'ScriptDeleted':
      case 'ScriptPurged': {
        const size = await this.size(event.data.scriptId);
        const current = size.current;
        if (!current) return;
        await this.charge(current.ownerId, -current.bytes, event);
        size.current = null;
        return;
      }
      default:
        return;
    }
  }

  /** The account is gone: so is its tally. */
  async forget(userId: string): Promise<void> {
    (await this.tally(userId)).current = null;
  }

  /** Writes what the batch changed: tallies first, then sizes. */
  async write(): Promise<void> {
    await writeTracked(this.store.collection<StorageDoc>(C.storage), this.tallies);
    await writeTracked(this.store.collection<ScriptSizeDoc>(C.scriptSizes), this.sizes);
  }

  private size(scriptId: string): Promise<Tracked<ScriptSizeDoc>> {
    return trackedDoc(this.store.collection<ScriptSizeDoc>(C.scriptSizes), this.sizes, scriptId);
  }

  private tally(userId: string): Promise<Tracked<StorageDoc>> {
    return trackedDoc(this.store.collection<StorageDoc>(C.storage), this.tallies, userId);
  }

  private async charge(userId: string, bytes: number, event: ProjectedEvent): Promise<void> {
    const tally = await this.tally(userId);
    const current = tally.current;
    if (!current) tally.current = { _id: userId, usedBytes: Math.max(0, bytes), lastPosition: event.positionKey };
    else if (event.positionKey > current.lastPosition) tally.current = { ...current, usedBytes: current.usedBytes + bytes, lastPosition: event.positionKey };
  }
}

/** A document as this batch tracks it: read once, on first use. */
async function trackedDoc<T extends { _id: string }>(
  collection: ReadCollection<T & { [key: string]: unknown }>,
  tracked: Map<string, Tracked<T>>,
  id: string,
): Promise<Tracked<T>> {
  let doc = tracked.get(id);
  if (!doc) {
    const loaded: T | null = await collection.findOne({ _id: id });
    tracked.set(id, (doc = { loaded, current: loaded }));
  }
  return doc;
}

/** Each changed document written once: guarded by the position it was read at, created, or deleted. */
async function writeTracked<T extends { _id: string; lastPosition: string }>(
  collection: ReadCollection<T & { [key: string]: unknown }>,
  tracked: Map<string, Tracked<T>>,
): Promise<void> {
  for (const [id, { loaded, current }] of tracked) {
    if (current === loaded) continue;
    if (!current) await collection.deleteOne({ _id: id });
    else if (!loaded) await collection.replaceOne({ _id: id }, current, { upsert: true });
    else await collection.replaceOne({ _id: id, lastPosition: loaded.lastPosition }, current, { upsert: false });
  }
}
