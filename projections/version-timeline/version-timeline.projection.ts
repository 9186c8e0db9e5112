import { SCRIPT_EVENT_TYPES, type ScriptEvent, type ScriptReadByAdmin } from '../../services/domain/script/events';
import type { ProjectedEvent, Projection } from '../projection';
import type { ReadStore } from '../read-store/read-store';
import { auditSummary } from './audit-summary';
import { TIMELINE_COLLECTIONS as C, versionDocId, type AuditEntryDoc, type VersionDoc } from './documents';
import { lineChanges } from './line-changes';
import { automaticSaveComment } from '../../services/domain/shared/comments';

/**
 * Version timelines and audit trails. Documents are keyed by what identifies them in the log
 * (script and version, event position), so re-applying an event rewrites the same document: idempotent.
 */
export const versionTimelineProjection: Projection = {
  name: 'versionTimeline',
  collections: Object.values(C),
  indexes: [
    { collection: C.versions, keys: { scriptId: 1 } },
    { collection: C.versions, keys: { scriptId: 1, version: -1 } },
    // history pages: versions and other events, each read newest first by log position
    { collection: C.versions, keys: { scriptId: 1, position: -1 } },
    // full-text search of one's own versions (versions=all) outside the trash: title and content, the title weighing
    // ten times more; every search names both keys (`trashedAt: null`), so the filter is decided by the index alone
    { collection: C.versions, keys: { ownerId: 1, trashedAt: 1 }, text: ['title', 'content'], weights: { title: 10, content: 1 } },
    { collection: C.auditLog, keys: { scriptId: 1 } },
    { collection: C.auditLog, keys: { scriptId: 1, _id: -1 } },
  ],
  eventTypes: new Set([...SCRIPT_EVENT_TYPES, 'ScriptReadByAdmin']),
  async apply(event, store) {
    if (event.type === 'ScriptReadByAdmin') {
      // An administrator's read of a private script, in its owner's Activity. One that lands after a purge (a race) is
      // dropped: the purge removed the script's audit trail.
      const { scriptId, version } = (event as unknown as ScriptReadByAdmin).data;
      if (!(await store.collection<VersionDoc>(C.versions).findOne({ _id: versionDocId(scriptId, 1) }))) return;
      const entry: AuditEntryDoc = { _id: event.positionKey, scriptId, type: event.type, actorId: event.metadata.actorId, at: event.metadata.at, summary: `Opened by the administrator (version ${version})` };
      await store.collection<AuditEntryDoc>(C.auditLog).replaceOne({ _id: entry._id }, entry, { upsert: true });
      return;
    }
    if (!SCRIPT_EVENT_TYPES.has(event.type)) return;
    const scriptEvent = event as unknown as ScriptEvent & typeof event;
    const { actorId, at } = event.metadata;

    switch (scriptEvent.type) {
      case 'ScriptCreated':
      case 'ScriptSaved':
      case 'ScriptRestored': {
        // A version is also its own audit entry: one document per save, not two.
        const { scriptId, version, title, content, comment } = scriptEvent.data;
        const restoredFrom = scriptEvent.type === 'ScriptRestored' ? scriptEvent.data.restoredFrom : null;
        const ownerId = scriptEvent.type === 'ScriptCreated' ? scriptEvent.data.ownerId : await ownerOf(scriptId, event, store);
        // The version before, for the `+N −M` of the list and a rename's old title (one indexed read per save).
        const previous = version > 1 ? await store.collection<VersionDoc>(C.versions).findOne({ _id: versionDocId(scriptId, version - 1) }) : null;
        const changes = lineChanges(previous?.content ?? '', content);
        const doc: VersionDoc = {
          _id: versionDocId(scriptId, version),
          scriptId,
          version,
          title,
          content,
          size: Buffer.byteLength(content),
          comment,
          createdAt: at,
          actorId,
          kind: scriptEvent.type,
          restoredFrom,
          position: event.positionKey,
          ...(ownerId ? { ownerId } : {}),
          ...(version === 1 || previous ? { linesAdded: changes.added, linesRemoved: changes.removed } : {}),
          ...(previous && previous.title !== title ? { previousTitle: previous.title } : {}),
          automaticComment: scriptEvent.type === 'ScriptSaved' && comment === automaticSaveComment(at),
        };
        await store.collection<VersionDoc>(C.versions).replaceOne({ _id: doc._id }, doc, { upsert: true });
        return;
      }
      case 'ScriptDeleted':
      case 'ScriptPurged':
        // A trashed script keeps its versions (a restore brings the history back); a purge removes them.
        // The log keeps every version; the read model drops what nobody can read any more.
        await store.collection(C.versions).deleteMany({ scriptId: scriptEvent.data.scriptId });
        await store.collection(C.auditLog).deleteMany({ scriptId: scriptEvent.data.scriptId });
        return;
      case 'ScriptTrashed':
      case 'ScriptRestoredFromTrash': {
        // In the trash a script's versions stay (a restore brings its history back) but leave search.
        const trashedAt = scriptEvent.type === 'ScriptTrashed' ? at : null;
        await store.collection<VersionDoc>(C.versions).updateMany({ scriptId: scriptEvent.data.scriptId }, { $set: { trashedAt } });
        await store.collection<AuditEntryDoc>(C.auditLog).replaceOne({ _id: event.positionKey }, auditEntry(scriptEvent, event), { upsert: true });
        return;
      }
      default: {
        const entry = auditEntry(scriptEvent, event);
        await store.collection<AuditEntryDoc>(C.auditLog).replaceOne({ _id: entry._id }, entry, { upsert: true });
        return;
      }
    }
  },
};

function auditEntry(scriptEvent: ScriptEvent, event: ProjectedEvent): AuditEntryDoc {
  const { actorId, at } = event.metadata;
  const entry: AuditEntryDoc = { _id: event.positionKey, scriptId: scriptEvent.data.scriptId, type: event.type, actorId, at, summary: auditSummary(scriptEvent) };
  if (scriptEvent.type === 'ScriptMoved') return { ...entry, fromFolderId: scriptEvent.data.fromFolderId, folderId: scriptEvent.data.folderId };
  return entry;
}

/** The script's owner: named in the event's metadata since sealing, else on the script's first version. */
async function ownerOf(scriptId: string, event: ProjectedEvent, store: ReadStore): Promise<string | undefined> {
  if (event.metadata.ownerId) return event.metadata.ownerId;
  const first = await store.collection<VersionDoc>(C.versions).findOne({ _id: versionDocId(scriptId, 1) });
  return first?.ownerId;
}
