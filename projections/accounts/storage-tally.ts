import type { ReadStore } from '../read-store/read-store';
import { guard, type ProjectedEvent } from '../projection';
import { utf8Bytes } from '../../services/domain/script/limits';
import { ACCOUNT_COLLECTIONS as C, type ScriptSizeDoc, type StorageDoc } from './documents';

/**
 * Keeps each account's storage tally from version events: a new version adds its UTF-8 bytes, a purge gives back
 * every version of the script. Replays change nothing: each write is guarded by the document's `lastPosition`
 * (one account's events arrive in log order, so its tally's guard is enough to count each event once).
 */
export async function applyStorageEvent(event: ProjectedEvent, store: ReadStore): Promise<void> {
  const sizes = store.collection<ScriptSizeDoc>(C.scriptSizes);
  switch (event.type) {
    case 'ScriptCreated': {
      const { scriptId, ownerId, content } = event.data;
      const bytes = utf8Bytes(content);
      if (!(await sizes.findOne({ _id: scriptId }))) {
        await sizes.replaceOne({ _id: scriptId }, { _id: scriptId, ownerId, bytes, lastPosition: event.positionKey }, { upsert: true });
      }
      await charge(store, ownerId, bytes, event);
      return;
    }
    case 'ScriptSaved':
    case 'ScriptRestored': {
      const size = await sizes.findOne({ _id: event.data.scriptId });
      if (!size) return; // deleted meanwhile (a replay) or never created
      const bytes = utf8Bytes(event.data.content);
      await sizes.updateOne(guard(size._id, event), { $inc: { bytes }, $set: { lastPosition: event.positionKey } });
      await charge(store, size.ownerId, bytes, event);
      return;
    }
    // A trashed script still counts; only a purge (or a deletion from before the trash) gives its bytes back.
    case 'ScriptDeleted':
    case 'ScriptPurged': {
      const size = await sizes.findOne({ _id: event.data.scriptId });
      if (!size) return;
      await charge(store, size.ownerId, -size.bytes, event);
      await sizes.deleteOne({ _id: size._id });
      return;
    }
    default:
      return;
  }
}

async function charge(store: ReadStore, userId: string, bytes: number, event: ProjectedEvent): Promise<void> {
  const storage = store.collection<StorageDoc>(C.storage);
  const current = await storage.findOne({ _id: userId });
  // No guarded upsert: a guard that fails on an existing document would make the upsert insert a duplicate id.
  if (!current) {
    await storage.replaceOne({ _id: userId }, { _id: userId, usedBytes: Math.max(0, bytes), lastPosition: event.positionKey }, { upsert: true });
    return;
  }
  await storage.updateOne(guard(userId, event), { $inc: { usedBytes: bytes }, $set: { lastPosition: event.positionKey } });
}
