import type { ReadStore } from '../read-store/read-store';
import { keysetPage, type PageRequest } from '../keyset-page';
import { ACCOUNT_COLLECTIONS as C, type ApiKeyDoc, type SessionDoc, type StorageDoc, type UserDoc } from './documents';

export const accountQueries = (store: ReadStore) => ({
  userById: (userId: string) => store.collection<UserDoc>(C.users).findOne({ _id: userId }),
  userByName: (username: string) => store.collection<UserDoc>(C.users).findOne({ usernameKey: username.trim().toLowerCase() }),
  usersByIds: (ids: string[]) => store.collection<UserDoc>(C.users).find({ _id: { $in: ids } }),
  /** Oldest account first, one page. */
  usersPage: (page: PageRequest) => keysetPage(store.collection<UserDoc>(C.users), { filter: {}, field: 'createdAt', direction: 1 }, page),
  /** Newest sign-in first (sessions all last as long, so the latest expiry is the latest sign-in), one page. */
  sessionsPageOf: (userId: string, page: PageRequest) =>
    keysetPage(store.collection<SessionDoc>(C.sessions), { filter: { userId }, field: 'expiresAt', direction: -1 }, page),
  session: (sessionId: string) => store.collection<SessionDoc>(C.sessions).findOne({ _id: sessionId }),
  sessionsByIds: (sessionIds: string[]) => store.collection<SessionDoc>(C.sessions).find({ _id: { $in: sessionIds } }),
  /** One of the owner's keys by id (its owner is part of the filter). */
  apiKeyOf: (ownerId: string, keyId: string) => store.collection<ApiKeyDoc>(C.apiKeys).findOne({ _id: keyId, ownerId }),
  storageOf: async (userId: string) => (await store.collection<StorageDoc>(C.storage).findOne({ _id: userId }))?.usedBytes ?? 0,
  /** Newest key first, one page. */
  apiKeysPageOf: (ownerId: string, page: PageRequest) =>
    keysetPage(store.collection<ApiKeyDoc>(C.apiKeys), { filter: { ownerId }, field: 'createdAt', direction: -1 }, page),
  apiKeyByHash: (keyHash: string) => store.collection<ApiKeyDoc>(C.apiKeys).findOne({ keyHash }),
});
