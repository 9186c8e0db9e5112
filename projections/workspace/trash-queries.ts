import type { ReadStore } from '../read-store/read-store';
import { keysetPage, type PageRequest } from '../keyset-page';
import { eachPage } from '../read-store/each-page';
import { WORKSPACE_COLLECTIONS as C, type TrashDoc } from './documents';

const ALONG_PAGE = 200;

/** Questions the trash answers. Ownership is part of every owner-facing filter. */
export const trashQueries = (store: ReadStore) => {
  const trash = store.collection<TrashDoc>(C.trash);
  return {
    /** What the owner deleted, newest first, one page, without contents; items trashed with a folder go with it. */
    entriesPageOf: (ownerId: string, page: PageRequest) =>
      keysetPage(trash, { filter: { ownerId, withFolderId: null }, field: 'trashedAt', direction: -1, projection: { content: 0 } }, page),
    entry: (ownerId: string, id: string) => trash.findOne({ _id: id, ownerId }),
    /**
     * Visits the subfolders or scripts trashed along with a folder, ALONG_PAGE at a time by id (a restore or purge
     * goes through them all, never holding them all).
     */
    eachTrashedWith: (ownerId: string, folderId: string, kind: TrashDoc['kind'], visit: (items: TrashDoc[]) => Promise<void>) =>
      eachPage<TrashDoc>(store, C.trash, visit, { filter: { ownerId, withFolderId: folderId, kind }, projection: { content: 0 }, pageSize: ALONG_PAGE }),
    /** Every entry of the account, at most `limit` (account deletion purges them all, page after page). */
    anyOf: (ownerId: string, limit: number) => trash.find({ ownerId }, { limit, projection: { content: 0 } }),
    /** Entries the owner deleted before `cutoff` (ISO time), oldest first: the automatic purge's next batch. */
    expired: (cutoff: string, limit: number) =>
      trash.find({ withFolderId: null, trashedAt: { $lt: cutoff } }, { sort: { trashedAt: 1 }, limit, projection: { content: 0 } }),
  };
};
