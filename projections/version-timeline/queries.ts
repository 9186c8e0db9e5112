import type { ReadStore } from '../read-store/read-store';
import { keysetPage, type Page, type PageRequest } from '../keyset-page';
import { TIMELINE_COLLECTIONS as C, versionDocId, type AuditEntryDoc, type VersionDoc, type VersionSummaryDoc } from './documents';
import { versionSummary } from './audit-summary';

export const timelineQueries = (store: ReadStore) => {
  const versions = store.collection<VersionDoc>(C.versions);
  const auditLog = store.collection<AuditEntryDoc>(C.auditLog);
  return {
    /** Latest first, one page, without contents (`size` is stored at projection time). */
    async versionsPageOf(scriptId: string, page: PageRequest): Promise<Page<VersionSummaryDoc>> {
      const found = await keysetPage(versions, { filter: { scriptId }, field: 'version', direction: -1, projection: { content: 0 } }, page);
      const missing = found.items.filter((v) => typeof v.size !== 'number');
      if (missing.length === 0) return found;
      // versions projected before `size` existed: measured from their content, for those documents only
      const sizes = new Map((await versions.find({ _id: { $in: missing.map((v) => v._id) } })).map((v) => [v._id, Buffer.byteLength(v.content)]));
      return { ...found, items: found.items.map((v) => (typeof v.size === 'number' ? v : { ...v, size: sizes.get(v._id) ?? 0 })) };
    },
    version: (scriptId: string, version: number) => versions.findOne({ _id: versionDocId(scriptId, version) }),
    /**
     * The script's recorded events newest first, one page: its versions and its other events, merged by log position.
     * Each source is read as a keyset page of its own (position, then `_id`), so a page costs the same at any depth.
     */
    async auditTrailPageOf(scriptId: string, page: { limit: number; before?: string }): Promise<{ items: AuditEntryDoc[]; next: string | null }> {
      const fromVersions = await versions.find(
        page.before ? { scriptId, position: { $lt: page.before } } : { scriptId },
        { sort: { position: -1 }, limit: page.limit + 1, projection: { content: 0 } },
      );
      const others = await auditLog.find(page.before ? { scriptId, _id: { $lt: page.before } } : { scriptId }, { sort: { _id: -1 }, limit: page.limit + 1 });
      const merged: AuditEntryDoc[] = [
        ...fromVersions.map((v) => ({ _id: v.position, scriptId, type: v.kind, actorId: v.actorId, at: v.createdAt, summary: versionSummary(v) })),
        ...others,
      ].sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
      const items = merged.slice(0, page.limit);
      const last = items[items.length - 1];
      return { items, next: merged.length > page.limit && last ? last._id : null };
    },
  };
};
