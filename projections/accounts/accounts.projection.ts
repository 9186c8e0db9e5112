import type { ProjectedEvent, Projection } from '../projection';
import type { ReadStore } from '../read-store/read-store';
import type { LuaVaultEventType } from '../../services/domain/events';
import { ACCOUNT_COLLECTIONS as C, type ApiKeyDoc, type SessionDoc, type UserDoc } from './documents';
import { StorageTally } from './storage-tally';

/** Users (with their password hash, never served), live sessions, API keys (hash and preview only) and storage used. */
export const accountsProjection: Projection = {
  name: 'accounts',
  collections: Object.values(C),
  indexes: [
    { collection: C.users, keys: { usernameKey: 1 }, unique: true },
    { collection: C.sessions, keys: { userId: 1 } },
    // keyset pages of a user's sessions list
    { collection: C.sessions, keys: { userId: 1, expiresAt: -1, _id: -1 } },
    { collection: C.apiKeys, keys: { keyHash: 1 }, unique: true },
    { collection: C.apiKeys, keys: { ownerId: 1 } },
    // keyset pages of the API-key list and the admin user list
    { collection: C.apiKeys, keys: { ownerId: 1, createdAt: -1, _id: -1 } },
    { collection: C.users, keys: { createdAt: 1, _id: 1 } },
  ],
  // storage and scriptSizes are read by _id only
  eventTypes: new Set([
    'UserRegistered',
    'UserSignedIn',
    'UserSignedOut',
    'UserPasswordChanged',
    'AccountDeleted',
    'ApiKeyCreated',
    'ApiKeyUsed',
    'ApiKeyDeleted',
    'ScriptCreated',
    'ScriptSaved',
    'ScriptRestored',
    'ScriptDeleted',
    'ScriptPurged',
  ] satisfies LuaVaultEventType[]),
  apply: (event, store) => applyEvents([event], store),
  applyBatch: applyEvents,
};

/** Account events one by one, in order; the storage tally folded over the batch and written at its end. */
async function applyEvents(events: ProjectedEvent[], store: ReadStore): Promise<void> {
  const tally = new StorageTally(store);
  for (const event of events) await applyEvent(event, store, tally);
  await tally.write();
}

async function applyEvent(event: ProjectedEvent, store: ReadStore, tally: StorageTally): Promise<void> {
  const at = event.metadata.at;
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, username, email, passwordHash } = event.data;
      const doc: UserDoc = { _id: userId, username, usernameKey: username.toLowerCase(), email, passwordHash, createdAt: at };
      await store.collection<UserDoc>(C.users).replaceOne({ _id: userId }, doc, { upsert: true });
      return;
    }
    case 'UserSignedIn': {
      const { sessionId, userId, expiresAt } = event.data;
      await store.collection<SessionDoc>(C.sessions).replaceOne({ _id: sessionId }, { _id: sessionId, userId, expiresAt, createdAt: at }, { upsert: true });
      return;
    }
    case 'UserSignedOut':
      await store.collection(C.sessions).deleteOne({ _id: event.data.sessionId });
      return;
    case 'UserPasswordChanged':
      await store.collection(C.users).updateOne({ _id: event.data.userId }, { $set: { passwordHash: event.data.passwordHash } });
      return;
    case 'AccountDeleted': {
      // Scripts and keys went by their own events; this removes the account, every session and anything left over.
      const userId = event.data.userId;
      await store.collection(C.users).deleteOne({ _id: userId });
      await store.collection(C.sessions).deleteMany({ userId });
      await store.collection(C.apiKeys).deleteMany({ ownerId: userId });
      await tally.forget(userId);
      return;
    }
    case 'ApiKeyCreated': {
      const { keyId, ownerId, name, keyHash, keyPreview } = event.data;
      // A key whose creation raced its account's deletion (appended after AccountDeleted) never authenticates.
      if (!(await store.collection<UserDoc>(C.users).findOne({ _id: ownerId }))) return;
      const doc: ApiKeyDoc = { _id: keyId, ownerId, name, keyHash, keyPreview, createdAt: at, lastUsed: null };
      await store.collection<ApiKeyDoc>(C.apiKeys).replaceOne({ _id: keyId }, doc, { upsert: true });
      return;
    }
    case 'ApiKeyUsed':
      // $max keeps the newest use whatever order replays happen in.
      await store.collection(C.apiKeys).updateOne({ _id: event.data.keyId }, { $max: { lastUsed: event.data.usedAt } });
      return;
    case 'ApiKeyDeleted':
      await store.collection(C.apiKeys).deleteOne({ _id: event.data.keyId });
      return;
    case 'ScriptCreated':
    case 'ScriptSaved':
    case 'ScriptRestored':
    case 'ScriptDeleted':
    case 'ScriptPurged':
      await tally.apply(event);
      return;
    default:
      return;
  }
}
