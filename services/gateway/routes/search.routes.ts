import { Router, type Request, type RequestHandler, type Response } from 'express';
import { folderView, scriptSummaryView } from '../../application/views';
import { workspaceQueries } from '../../../projections/workspace/queries';
import type { GatewayContext } from '../http-context';
import { actorOf, requireSession } from '../middleware/auth';
import { ContentSearchQuery, SearchQuery, SearchType } from '../schemas';
import { parse } from '../validation';
import { offsetAfter, offsetPageRequest, pageRequest, sendPage } from '../pagination';
import { searchOwnContent } from '../../application/content-search';

/**
 * `GET /api/search?q=&type=scripts|folders|content`, behind a session: the owner's scripts by title or folders by
 * name, anywhere in the tree, each with its folder path (root-first); `content` is the full-text search of titles and
 * contents (`versions=all`: every version), with the matching lines. Paginated like every list (limit, cursor, Link).
 */
export function searchRoutes(ctx: GatewayContext, contentSearchLimit: RequestHandler): Router {
  const router = Router();
  const workspace = workspaceQueries(ctx.readStore);

  router.get('/search', requireSession(ctx, ctx.tokens), contentSearchLimit, async (req, res) => {
    if (parse(SearchType, req.query).type === 'content') return sendContentSearch(ctx, req, res);
    const { q, type } = parse(SearchQuery, req.query);
    const ownerId = actorOf(res).userId;
    if (type === 'folders') {
      const page = await workspace.searchFolders(ownerId, q, pageRequest('searchFolders', req.query));
      const parents = page.items.map((f) => f.parentId).filter((p): p is string => !!p);
      const paths = await workspace.folderPaths(ownerId, parents);
      const items = page.items.map((f) => ({ ...folderView(f), path: f.parentId ? (paths.get(f.parentId) ?? []) : [] }));
      return sendPage(req, res, 'searchFolders', { items, next: page.next });
    }
    const page = await workspace.searchScripts(ownerId, q, pageRequest('searchScripts', req.query));
    const folderIds = page.items.map((s) => s.folderId).filter((f): f is string => !!f);
    const paths = await workspace.folderPaths(ownerId, folderIds);
    const items = page.items.map((s) => ({ ...scriptSummaryView(s), path: s.folderId ? (paths.get(s.folderId) ?? []) : [] }));
    sendPage(req, res, 'searchScripts', { items, next: page.next });
  });

  return router;
}

/** One page of the caller's full-text search: `GET /api/search?type=content` (session) and `GET /api/v1/search` (key). */
export async function sendContentSearch(ctx: GatewayContext, req: Request, res: Response): Promise<void> {
  const { q, versions } = parse(ContentSearchQuery, req.query);
  const found = await searchOwnContent(ctx, actorOf(res), { q, versions, ...offsetPageRequest('searchContent', req.query) });
  sendPage(req, res, 'searchContent', { items: found.items, next: offsetAfter(found.next) });
}
