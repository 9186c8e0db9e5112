import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../domain/shared/errors';
import { folderShareQueries, sharedViewQueries } from '../../../projections/workspace/queries';
import { WORKSPACE_COLLECTIONS, type ScriptDoc, type SharedScriptHead } from '../../../projections/workspace/documents';
import { sendJsonWithContent, versionBodyOf, type VersionBody } from '../version-bodies';
import { withViewTotal } from '../../../projections/script-views/queries';
import type { GatewayContext } from '../http-context';
import { ifNoneMatchHits, SHARE_NOT_FOUND } from '../raw-fast-path';
import { FolderShareScriptParams, RawQuery, ShareIdParam } from '../schemas';
import { parse } from '../validation';
import { fileFields } from '../../domain/script/file-name';

const FOLDER_SCRIPT_NOT_FOUND = 'Script not found in this shared folder, or the folder is no longer shared';

/** Public share links: no account needed, nothing but what the owner shared. */
export function shareRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const bodies = ctx.versionBodies;
  const shared = sharedViewQueries(ctx.readStore);
  const inFolder = folderShareQueries(ctx.readStore);

  router.get('/share/folder/:shareId', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const folder = await shared.sharedFolder(shareId);
    if (!folder) throw new NotFoundError('Folder not found or no longer shared');
    res.json(folder);
  });

  // A folder link opens every script in the folder's subtree read-only while the link lives (checked per request).
  router.get('/share/folder/:shareId/scripts/:scriptId', async (req, res) => {
    const { shareId, scriptId } = parse(FolderShareScriptParams, req.params);
    const found = await inFolder.scriptInSharedFolder(shareId, scriptId);
    if (!found) throw new NotFoundError(FOLDER_SCRIPT_NOT_FOUND);
    const { script, path } = found;
    const text = await bodyOf(script._id, script.version);
    ctx.views.count(script._id, 'page');
    res.set('Cache-Control', 'no-cache');
    sendJsonWithContent(res, { title: script.title, ...fileFields(script.title, script.extension) }, text, { createdAt: script.createdAt, updatedAt: script.updatedAt, version: script.version, path });
  });

  router.get('/share/folder/:shareId/scripts/:scriptId/raw', async (req, res) => {
    const { shareId, scriptId } = parse(FolderShareScriptParams, req.params);
    const found = await inFolder.scriptInSharedFolder(shareId, scriptId);
    if (!found) throw new NotFoundError(FOLDER_SCRIPT_NOT_FOUND);
    const text = await bodyOf(found.script._id, found.script.version);
    ctx.views.count(found.script._id, 'raw');
    sendRaw(req, res, text);
  });

  router.get('/share/:shareId', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const doc = await withViewTotal(ctx.readStore, await headOf(shareId), (view) => view.scriptId);
    if (!doc) throw new NotFoundError(SHARE_NOT_FOUND);
    const text = await bodyOf(doc.scriptId, doc.version);
    ctx.views.count(doc.scriptId, 'page');
    sendJsonWithContent(res, { title: doc.title, ...fileFields(doc.title, doc.extension) }, text, { createdAt: doc.createdAt, updatedAt: doc.updatedAt, views: doc.views, version: doc.version });
  });

  /** Reached for pinned versions (`?version=N`) and whatever the fast path passes on. */
  router.get('/share/:shareId/raw', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const { version } = parse(RawQuery, req.query);
    const doc = await headOf(shareId);
    if (!doc) throw new NotFoundError(SHARE_NOT_FOUND);
    const wanted = version ?? doc.version;
    // A link serves only what was saved while it was shared, unless the owner shared the full history.
    if (wanted !== doc.version && !doc.fullHistory && wanted < (doc.sharedAtVersion ?? doc.version)) throw new NotFoundError('Version not found');
    const text = await bodies.get(doc.scriptId, wanted);
    if (!text && wanted !== doc.version) throw new NotFoundError('Version not found');
    ctx.views.count(doc.scriptId, 'raw');
    sendRaw(req, res, text ?? (await currentOf(doc.scriptId)));
  });

  /** What a link allows, through the raw URL's cache (kept in step with the projections): one read per change. */
  async function headOf(shareId: string): Promise<SharedScriptHead | null> {
    return (await ctx.rawCache.load(shareId))?.head ?? null;
  }

  /**
   * A version's text from the shared bodies; the current version of a script the version timeline has not caught up
   * with yet (projections commit in their own batches) comes from the workspace document instead.
   */
  async function bodyOf(scriptId: string, version: number): Promise<VersionBody> {
    return (await bodies.get(scriptId, version)) ?? (await currentOf(scriptId));
  }
  async function currentOf(scriptId: string): Promise<VersionBody> {
    const script = await ctx.readStore.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts).findOne({ _id: scriptId });
    if (!script) throw new NotFoundError(SHARE_NOT_FOUND);
    return versionBodyOf(script.content);
  }

  return router;
}

/** The raw answer of one version: the same bytes and ETag for every request, 304 when the client has them. */
function sendRaw(req: Request, res: Response, text: VersionBody): void {
  res.set({ ETag: text.etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Access-Control-Allow-Origin': '*' });
  if (ifNoneMatchHits(req.get('if-none-match'), text.etag)) {
    res.status(304).end();
    return;
  }
  res.type('text/plain; charset=utf-8').send(text.body);
}
