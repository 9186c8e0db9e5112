import type { ReadStore } from '../read-store/read-store';
import { keysetPage, type PageRequest } from '../keyset-page';
import { WORKSPACE_COLLECTIONS as C, type TrashDoc } from './documents';

/** Questions the trash answers. Ownership is part of every owner-facing filter. */
export const trashQueries = (store: ReadStore) => {
  const trash = store.collection<TrashDoc>(C.trash);
  return {
    /** What the owner deleted, newest first, one page, without contents; items trashed with a folder go with it. */
    entriesPageOf: (ownerId: string, page: PageRequest) =>
      keysetPage(trash, { filter: { ownerId, withFolderId: null }, field: 'trashedAt', direction: -1, projection: { content: 0 } }, page),
    entry: (ownerId: string, id: string) => trash.findOne({ _id: id, ownerId }),
    /** The subfolders or scripts trashed along with a folder, by id after `afterId`, one page (a restore or purge pages through them). */
    trashedWithPage: (ownerId: string, folderId: string, kind: TrashDoc['kind'], afterId: string | null, limit: number) =>
      trash.find({ ownerId, withFolderId: folderId, kind, ...(afterId === null ? {} : { _id: { $gt: afterId } }) }, { sort: { _id: 1 }, limit, projection: { content: 0 } }),
    /** Every entry of the account, at most `limit` (account deletion purges them all, page after page). */
    anyOf: (ownerId: string, limit: number) => trash.find({ ownerId }, { limit, projection: { content: 0 } }),
    /** Entries the owner deleted before `cutoff` (ISO time), oldest first: the automatic purge's next batch. */
    expired: (cutoff: string, limit: number) =>
      trash.find({ withFolderId: null, trashedAt: { $lt: cutoff } }, { sort: { trashedAt: 1 }, limit, projection: { content: 0 } }),
  };
};
