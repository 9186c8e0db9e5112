import type { ReadStore } from '../read-store/read-store';
import { TIMELINE_COLLECTIONS as C, versionDocId, type AuditEntryDoc, type VersionDoc } from './documents';
import { versionSummary } from './audit-summary';

export const timelineQueries = (store: ReadStore) => ({
  versionsOf: (scriptId: string) => store.collection<VersionDoc>(C.versions).find({ scriptId }, { sort: { version: -1 } }),
  version: (scriptId: string, version: number) => store.collection<VersionDoc>(C.versions).findOne({ _id: versionDocId(scriptId, version) }),
  /** Every recorded event of the script, newest first: its versions and its other events, merged by log position. */
  async auditTrailOf(scriptId: string): Promise<AuditEntryDoc[]> {
    const [versions, others] = await Promise.all([
      store.collection<VersionDoc>(C.versions).find({ scriptId }),
      store.collection<AuditEntryDoc>(C.auditLog).find({ scriptId }),
    ]);
    const fromVersions: AuditEntryDoc[] = versions.map((v) => ({
      _id: v.position,
      scriptId,
      type: v.kind,
      actorId: v.actorId,
      at: v.createdAt,
      summary: versionSummary(v),
    }));
    return [...fromVersions, ...others].sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
  },
});
