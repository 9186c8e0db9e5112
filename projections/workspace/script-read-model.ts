import type { ProjectedEvent } from '../projection';
import type { ScriptDoc, SharedScriptDoc } from './documents';
import { contentEtag } from './etag';
import { contentSummary } from './content-summary';

export type ScriptProjectedEvent = Extract<ProjectedEvent, { data: { scriptId: string } }>;

export const isTrashed = (doc: ScriptDoc): boolean => typeof doc.trashedAt === 'string';

/**
 * The script read model as a pure fold: the document after `event`, given the document before it (null: none yet,
 * or purged). A trashed script's document carries `trashedAt` and `withFolderId`. Events already folded in (`lastPosition` at or past the event) change nothing.
 */
export function evolveScript(doc: ScriptDoc | null, event: ScriptProjectedEvent): ScriptDoc | null {
  const at = event.metadata.at;
  const lastPosition = event.positionKey;
  if (event.type === 'ScriptCreated') {
    if (doc && doc.lastPosition >= lastPosition) return doc;
    const { scriptId, ownerId, title, content, folderId, extension = null } = event.data;
    return {
      _id: scriptId,
      ownerId,
      title,
      extension,
      content,
      ...contentSummary(content),
      folderId,
      shareId: null,
      shareFullHistory: false,
      sharedAtVersion: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
      lastPosition,
    };
  }
  if (!doc || doc.lastPosition >= lastPosition) return doc;
  switch (event.type) {
    case 'ScriptSaved':
    case 'ScriptRestored': {
      const { title, content, version } = event.data;
      return { ...doc, title, content, ...contentSummary(content), version, updatedAt: at, lastPosition };
    }
    case 'ScriptMoved':
      return { ...doc, folderId: event.data.folderId, updatedAt: at, lastPosition };
    case 'ScriptShared': {
      // Events from before the share-history fields: versions since sharing, counted from the version at this point.
      const { shareId, fullHistory = false, sharedAtVersion = doc.version } = event.data;
      return { ...doc, shareId, shareFullHistory: fullHistory, sharedAtVersion, lastPosition };
    }
    case 'ScriptShareHistoryChanged':
      return { ...doc, shareFullHistory: event.data.fullHistory, lastPosition };
    case 'ScriptShareRevoked':
      return { ...doc, shareId: null, shareFullHistory: false, sharedAtVersion: null, lastPosition };
    case 'ScriptTrashed':
      // Marked here; the projection keeps a trashed script in the trash collection, out of every list.
      return { ...doc, trashedAt: at, withFolderId: event.data.withFolderId, lastPosition };
    case 'ScriptRestoredFromTrash': {
      const { trashedAt: _trashedAt, withFolderId: _with, kind: _kind, ...restored } = doc;
      return { ...(restored as ScriptDoc), lastPosition };
    }
    case 'ScriptDeleted': // from before the trash: gone for good, like a purge
    case 'ScriptPurged':
      return null;
    default:
      return doc;
  }
}

/** What a share link shows: derived from the script document alone, ETag included (computed once, here). */
export function sharedView(doc: ScriptDoc & { shareId: string }, previous: SharedScriptDoc | null): SharedScriptDoc {
  const etag = previous && previous.content === doc.content ? previous.etag : contentEtag(doc.content);
  return {
    _id: doc.shareId,
    scriptId: doc._id,
    ownerId: doc.ownerId,
    title: doc.title,
    extension: doc.extension ?? null,
    content: doc.content,
    etag,
    version: doc.version,
    fullHistory: doc.shareFullHistory === true,
    // A document projected before these fields existed: only its current version on (the safe side).
    sharedAtVersion: doc.sharedAtVersion ?? doc.version,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    lastPosition: doc.lastPosition,
  };
}
