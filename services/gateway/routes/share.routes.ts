import { Router } from 'express';
import { NotFoundError } from '../../domain/shared/errors';
import { folderShareQueries, sharedViewQueries } from '../../../projections/workspace/queries';
import { timelineQueries } from '../../../projections/version-timeline/queries';
import { contentEtag } from '../../../projections/workspace/etag';
import { withViewTotal } from '../../../projections/script-views/queries';
import type { GatewayContext } from '../http-context';
import { ifNoneMatchHits, SHARE_NOT_FOUND } from '../raw-fast-path';
import { FolderShareScriptParams, RawQuery, ShareIdParam } from '../schemas';
import { parse } from '../validation';

const FOLDER_SCRIPT_NOT_FOUND = 'Script not found in this shared folder, or the folder is no longer shared';

/** Public share links: no account needed, nothing but what the owner shared. */
export function shareRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const shared = sharedViewQueries(ctx.readStore);
  const timeline = timelineQueries(ctx.readStore);
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
    ctx.views.count(script._id, 'page');
    res.set('Cache-Control', 'no-cache');
    res.json({ title: script.title, content: script.content, createdAt: script.createdAt, updatedAt: script.updatedAt, version: script.version, path });
  });

  router.get('/share/folder/:shareId/scripts/:scriptId/raw', async (req, res) => {
    const { shareId, scriptId } = parse(FolderShareScriptParams, req.params);
    const found = await inFolder.scriptInSharedFolder(shareId, scriptId);
    if (!found) throw new NotFoundError(FOLDER_SCRIPT_NOT_FOUND);
    const etag = contentEtag(found.script.content);
    ctx.views.count(found.script._id, 'raw');
    res.set({ ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Access-Control-Allow-Origin': '*' });
    if (ifNoneMatchHits(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    res.type('text/plain; charset=utf-8').send(found.script.content);
  });

  router.get('/share/:shareId', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const doc = await withViewTotal(ctx.readStore, await shared.sharedScript(shareId), (view) => view.scriptId);
    if (!doc) throw new NotFoundError(SHARE_NOT_FOUND);
    ctx.views.count(doc.scriptId, 'page');
    res.json({ title: doc.title, content: doc.content, createdAt: doc.createdAt, updatedAt: doc.updatedAt, views: doc.views, version: doc.version });
  });

  /** Reached for pinned versions (`?version=N`) and whatever the fast path passes on. */
  router.get('/share/:shareId/raw', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const { version } = parse(RawQuery, req.query);
    const doc = await shared.sharedScript(shareId);
    if (!doc) throw new NotFoundError(SHARE_NOT_FOUND);
    let content = doc.content;
    let etag = doc.etag;
    if (version !== undefined && version !== doc.version) {
      // A link serves only what was saved while it was shared, unless the owner shared the full history.
      if (!doc.fullHistory && version < (doc.sharedAtVersion ?? doc.version)) throw new NotFoundError('Version not found');
      const pinned = await timeline.version(doc.scriptId, version);
      if (!pinned) throw new NotFoundError('Version not found');
      content = pinned.content;
      etag = contentEtag(content);
    }
    ctx.views.count(doc.scriptId, 'raw');
    res.set({ ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Access-Control-Allow-Origin': '*' });
    if (ifNoneMatchHits(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    res.type('text/plain; charset=utf-8').send(content);
  });

  return router;
}
