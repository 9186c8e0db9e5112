import { folderStream } from '../../services/domain/folder/events';
import { scriptStream } from '../../services/domain/script/events';
import type { Projection } from '../projection';
import type { LuaVaultEventType } from '../../services/domain/events';
import { OWNED_STREAMS, type OwnedStreamDoc } from './documents';

/**
 * One document per script or folder ever created, kept after deletion (removed only with the account); a purged
 * script's or folder's is marked so, and time travel never reads it again.
 */
export const ownedStreamsProjection: Projection = {
  // renamed when purges were marked: an existing install projects the log again (idempotent) and so marks old purges
  name: 'ownedStreams.purges',
  collections: [OWNED_STREAMS],
  indexes: [
    { collection: OWNED_STREAMS, keys: { ownerId: 1 } },
    { collection: OWNED_STREAMS, keys: { ownerId: 1, kind: 1, entityId: 1 } },
  ],
  eventTypes: new Set(['ScriptCreated', 'FolderCreated', 'ScriptPurged', 'FolderPurged', 'AccountDeleted'] satisfies LuaVaultEventType[]),
  async apply(event, store) {
    const collection = store.collection<OwnedStreamDoc>(OWNED_STREAMS);
    switch (event.type) {
      case 'ScriptCreated':
      case 'FolderCreated': {
        const isScript = event.type === 'ScriptCreated';
        const entityId = isScript ? event.data.scriptId : event.data.folderId;
        const _id = isScript ? scriptStream(entityId) : folderStream(entityId);
        const doc: OwnedStreamDoc = {
          _id,
          ownerId: event.data.ownerId,
          kind: isScript ? 'script' : 'folder',
          entityId,
          createdAt: event.metadata.at,
          lastPosition: event.positionKey,
        };
        // Written once per stream: the same event replayed rewrites the same document.
        await collection.replaceOne({ _id }, doc, { upsert: true });
        return;
      }
      case 'ScriptPurged':
      case 'FolderPurged': {
        const _id = event.type === 'ScriptPurged' ? scriptStream(event.data.scriptId) : folderStream(event.data.folderId);
        await collection.updateOne({ _id }, { $set: { purgedAt: event.metadata.at } });
        return;
      }
      case 'AccountDeleted':
        // The account's content keys are destroyed; nothing of it can be read at any instant any more.
        await collection.deleteMany({ ownerId: event.data.userId });
        return;
      default:
        return;
    }
  },
};
