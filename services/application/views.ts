import type { ApiKeyDoc, UserDoc } from '../../projections/accounts/documents';
import type { FolderDoc, ScriptDoc } from '../../projections/workspace/documents';
import type { VersionDoc } from '../../projections/version-timeline/documents';

/** Read-model documents shaped as the API answers them (docs/api.md). Internal fields never leave. */
export const scriptView = (s: ScriptDoc) => ({
  id: s._id,
  title: s.title,
  content: s.content,
  folderId: s.folderId,
  shareId: s.shareId,
  shareFullHistory: s.shareId ? s.shareFullHistory === true : false,
  sharedAtVersion: s.shareId ? (s.sharedAtVersion ?? s.version) : null,
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

export const versionView = (v: VersionDoc) => ({
  id: v.version,
  version: v.version,
  comment: v.comment,
  createdAt: v.createdAt,
  content: v.content,
});

export const userView = (u: UserDoc) => ({ id: u._id, username: u.username, email: u.email, createdAt: u.createdAt });

export const apiKeyView = (k: ApiKeyDoc) => ({
  id: k._id,
  name: k.name,
  createdAt: k.createdAt,
  keyPreview: k.keyPreview,
  lastUsed: k.lastUsed,
});

export type ScriptView = ReturnType<typeof scriptView>;
