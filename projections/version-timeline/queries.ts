import type { ReadStore } from '../read-store/read-store';
import { TIMELINE_COLLECTIONS as C, versionDocId, type AuditEntryDoc, type VersionDoc } from './documents';

export const timelineQueries = (store: ReadStore) => ({
  versionsOf: (scriptId: string) => store.collection<VersionDoc>(C.versions).find({ scriptId }, { sort: { version: -1 } }),
  version: (scriptId: string, version: number) => store.collection<VersionDoc>(C.versions).findOne({ _id: versionDocId(scriptId, version) }),
  auditTrailOf: (scriptId: string) => store.collection<AuditEntryDoc>(C.auditLog).find({ scriptId }, { sort: { _id: -1 } }),
});
