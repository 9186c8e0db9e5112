import type { ApiKeyDoc, UserDoc } from '../../projections/accounts/documents';
import type { FolderDoc, ScriptDoc, ScriptSummaryDoc, WithViews } from '../../projections/workspace/documents';
import type { VersionSummaryDoc } from '../../projections/version-timeline/documents';
import { contentSummary } from '../../projections/workspace/content-summary';
import { fileFields } from '../domain/script/file-name';

/** Read-model documents shaped as the API answers them (docs/api.md). Internal fields never leave. */
export const scriptView = (s: WithViews<ScriptDoc>) => {
  const { id, title, ...rest } = scriptFieldsView(s);
  return { id, title, content: s.content, ...rest };
};

/** A script's answer but its content, which the gateway may send from shared bytes (see version-bodies.ts). */
export const scriptFieldsView = (s: WithViews<ScriptSummaryDoc>) => ({
  id: s._id,
  title: s.title,
  ...fileFields(s.title, s.extension),
  folderId: s.folderId,
  shareId: s.shareId,
  shareFullHistory: s.shareId ? s.shareFullHistory === true : false,
  sharedAtVersion: s.shareId ? (s.sharedAtVersion ?? s.version) : null,
  views: s.views,
  version: s.version,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

/** A script in a list: the card's 300-character `preview` and the content's `size` in bytes instead of the content. */
export const scriptSummaryView = (s: WithViews<ScriptSummaryDoc>) => ({
  id: s._id,
  title: s.title,
  ...fileFields(s.title, s.extension),
  preview: s.preview,
  size: s.size,
  folderId: s.folderId,
  shareId: s.shareId,
  views: s.views,
  version: s.version,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const folderView = (f: FolderDoc) => ({
  id: f._id,
  name: f.name,
  parentId: f.parentId,
  isPublic: f.isPublic,
  shareId: f.shareId,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

/** A version as `GET /api/scripts/{id}/versions/{n}` answers it, but its `content`, which is sent after these fields. */
export const versionFieldsView = (v: VersionSummaryDoc) => ({
  id: v.version,
  version: v.version,
  comment: v.comment,
  createdAt: v.createdAt,
});

/** A version in a list: who made it and its size in bytes, no content (GET .../versions/{version} has it). */
export const versionSummaryView = (v: VersionSummaryDoc, authorName: string) => ({
  id: v.version,
  version: v.version,
  comment: v.comment,
  createdAt: v.createdAt,
  authorId: v.actorId,
  authorName,
  size: v.size,
  // since the version before; absent on versions projected before they were counted
  ...(typeof v.linesAdded === 'number' ? { linesAdded: v.linesAdded, linesRemoved: v.linesRemoved ?? 0 } : {}),
  automaticComment: v.automaticComment === true,
});

/** A readable name for an event's actor (`user:<id>` or `apikey:<id>`), given the names of the users involved. */
export function actorName(actorId: string, usernames: Map<string, string>): string {
  return usernames.get(actorId.replace(/^user:/, '')) ?? (actorId.startsWith('apikey:') ? 'API key' : actorId);
}

export const userView = (u: UserDoc) => ({ id: u._id, username: u.username, email: u.email, createdAt: u.createdAt });

export const apiKeyView = (k: ApiKeyDoc) => ({
  id: k._id,
  name: k.name,
  createdAt: k.createdAt,
  keyPreview: k.keyPreview,
  lastUsed: k.lastUsed,
});

export type ScriptView = ReturnType<typeof scriptView>;

/** A full script view shortened to its list form (for answers that list scripts just written, e.g. uploads). */
export const summaryOfScriptView = ({ content, ...rest }: ScriptView) => {
  const { preview, size } = contentSummary(content);
  const { extension, fileName, language } = rest;
  return { id: rest.id, title: rest.title, extension, fileName, language, preview, size, folderId: rest.folderId, shareId: rest.shareId, views: rest.views, version: rest.version, createdAt: rest.createdAt, updatedAt: rest.updatedAt };
};
