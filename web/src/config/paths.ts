/** Every route path of the app, in one place (spec section 2, route table). */
export const paths = {
  home: '/',
  auth: '/auth',
  scriptNew: '/script/new',
  script: (id: string) => `/script/${encodeURIComponent(id)}`,
  scriptPattern: '/script/:id',
  /** a script opened at a line (search results); `version`: that older version's read-only view in the editor */
  scriptAt: (id: string, at: { line?: number; version?: number; folderId?: string | null }) => {
    const query = new URLSearchParams();
    if (at.folderId) query.set('folderId', at.folderId);
    if (at.version !== undefined) query.set('version', String(at.version));
    if (at.line !== undefined) query.set('line', String(at.line));
    const q = query.toString();
    return `/script/${encodeURIComponent(id)}${q ? `?${q}` : ''}`;
  },
  /** one version, read-only, with a URL of its own (features/versions) */
  scriptVersion: (id: string, version: number) => `/script/${encodeURIComponent(id)}/versions/${version}`,
  scriptVersionPattern: '/script/:id/versions/:version',
  /** two versions side by side: `from` (left) and `to` */
  scriptCompare: (id: string, from: number, to: number) => `/script/${encodeURIComponent(id)}/compare/${from}/${to}`,
  scriptComparePattern: '/script/:id/compare/:from/:to',
  profile: '/profile',
  folderAll: '/folder',
  folder: (id: string) => `/folder/${encodeURIComponent(id)}`,
  folderPattern: '/folder/:id',
  /** Repository creation navigates here; it redirects to /folder/:id. */
  foldersLegacyPattern: '/folders/:id',
  apiKeys: '/api-keys',
  trash: '/trash',
  settings: '/settings',
  share: (shareId: string) => `/share/${encodeURIComponent(shareId)}`,
  sharePattern: '/share/:shareId',
  shareFolder: (shareId: string) => `/share/folder/${encodeURIComponent(shareId)}`,
  shareFolderPattern: '/share/folder/:shareId',
  /** a script opened through its folder's link (read-only, lives as long as the folder link) */
  shareFolderScript: (shareId: string, scriptId: string) => `/share/folder/${encodeURIComponent(shareId)}/scripts/${encodeURIComponent(scriptId)}`,
  shareFolderScriptPattern: '/share/folder/:shareId/scripts/:scriptId',
  terms: '/terms',
  privacy: '/privacy',
  help: '/help',
  docs: '/docs',
  admin: '/admin',
  adminScripts: '/admin/scripts',
  adminAny: '/admin/*',
} as const;

/** The page's own origin: the base address for share, raw and loadstring URLs. */
export function appOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export const shareUrls = {
  script: (shareId: string) => `${appOrigin()}/share/${shareId}`,
  folder: (shareId: string) => `${appOrigin()}/share/folder/${shareId}`,
  raw: (shareId: string, version?: number) =>
    `${appOrigin()}/api/share/${shareId}/raw${version === undefined ? '' : `?version=${version}`}`,
  loadstring: (shareId: string, version?: number) => `loadstring(game:HttpGet("${shareUrls.raw(shareId, version)}"))()`,
  /** a script of a shared folder: its page, raw URL and loadstring through the folder's link */
  folderScript: (shareId: string, scriptId: string) => `${appOrigin()}${paths.shareFolderScript(shareId, scriptId)}`,
  folderScriptRaw: (shareId: string, scriptId: string) => `${appOrigin()}/api/share/folder/${shareId}/scripts/${scriptId}/raw`,
  folderScriptLoadstring: (shareId: string, scriptId: string) => `loadstring(game:HttpGet("${shareUrls.folderScriptRaw(shareId, scriptId)}"))()`,
};
