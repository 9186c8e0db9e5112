import { Router } from 'express';
import { NotFoundError } from '../../domain/shared/errors';
import { sharedViewQueries } from '../../../projections/workspace/queries';
import { timelineQueries } from '../../../projections/version-timeline/queries';
import { contentEtag } from '../../../projections/workspace/etag';
import type { GatewayContext } from '../http-context';
import { ifNoneMatchHits, SHARE_NOT_FOUND } from '../raw-fast-path';
import { RawQuery, ShareIdParam } from '../schemas';
import { parse } from '../validation';

/** Public share links: no account needed, nothing but what the owner shared. */
export function shareRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const shared = sharedViewQueries(ctx.readStore);
  const timeline = timelineQueries(ctx.readStore);

  router.get('/share/folder/:shareId', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const folder = await shared.sharedFolder(shareId);
    if (!folder) throw new NotFoundError('Folder not found or no longer shared');
    res.json(folder);
  });

  router.get('/share/:shareId', async (req, res) => {
    const { shareId } = parse(ShareIdParam, req.params);
    const doc = await shared.sharedScript(shareId);
    if (!doc) throw new NotFoundError(SHARE_NOT_FOUND);
    ctx.views.count(doc.scriptId);
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
    ctx.views.count(doc.scriptId);
    res.set({ ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', 'Access-Control-Allow-Origin': '*' });
    if (ifNoneMatchHits(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    res.type('text/plain; charset=utf-8').send(content);
  });

  return router;
}
