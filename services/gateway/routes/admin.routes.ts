import { Router } from 'express';
import { adminQueries } from '../../../projections/admin-stats/queries';
import { accountQueries } from '../../../projections/accounts/queries';
import type { GatewayContext } from '../http-context';
import { requireAdminKey } from '../middleware/auth';
import { AdminScriptsQuery, AdminViewsQuery, IdParam } from '../schemas';
import { topScriptViews } from '../../application/script-views';
import { NotFoundError } from '../../domain/shared/errors';
import { pageRequest, sendPage } from '../pagination';
import { parse } from '../validation';
import { recordAdminRead } from '../../application/admin-reads';

/**
 * `/admin-api`: projected statistics, all users, all scripts. The key is checked on the server, never in the browser.
 * Scripts carry their owner's `username` (null once the account is gone), looked up per page, so no table shows ids.
 */
export function adminRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const admin = adminQueries(ctx.readStore);
  router.use(requireAdminKey(ctx.adminKey));

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/stats', async (_req, res) => {
    res.json(await admin.stats());
  });
  /** Top scripts over time: the `top` scripts with the most views in the last `days` days, with their daily series. */
  router.get('/stats/views', async (req, res) => {
    const { days, top } = parse(AdminViewsQuery, req.query);
    const scripts = await topScriptViews(ctx, days, top);
    const names = await admin.usernamesOf(scripts.map((s) => s.ownerId));
    res.json({
      days,
      scripts: scripts.map((s) => ({ id: s.scriptId, title: s.title, username: names.get(s.ownerId) ?? null, totals: s.totals, days: s.days })),
    });
  });
  router.get('/users', async (req, res) => {
    const page = await accountQueries(ctx.readStore).usersPage(pageRequest('adminUsers', req.query));
    sendPage(req, res, 'adminUsers', { items: page.items.map((u) => ({ id: u._id, username: u.username, createdAt: u.createdAt })), next: page.next });
  });
  router.get('/users/:id', async (req, res) => {
    const user = await admin.user(parse(IdParam, req.params).id);
    if (!user) throw new NotFoundError('User not found');
    res.json({ id: user._id, username: user.username, createdAt: user.createdAt });
  });
  /**
   * Script summaries (`size` in bytes; the 300-character `preview` of shared scripts only, null for a private one);
   * the content is `GET /admin-api/scripts/{id}`, whose reads of private scripts are recorded for their owners.
   */
  router.get('/scripts', async (req, res) => {
    const { userId } = parse(AdminScriptsQuery, req.query);
    const page = await admin.scriptsPage(userId, pageRequest('adminScripts', req.query));
    const names = await admin.usernamesOf(page.items.map((s) => s.ownerId));
    sendPage(req, res, 'adminScripts', {
      items: page.items.map((s) => ({
        id: s._id,
        title: s.title,
        userId: s.ownerId,
        username: names.get(s.ownerId) ?? null,
        views: s.views,
        updatedAt: s.updatedAt,
        // A private script's text is read only by opening it, which its owner sees (recordAdminRead).
        preview: s.shareId ? s.preview : null,
        size: s.size,
      })),
      next: page.next,
    });
  });
  router.get('/scripts/:id', async (req, res) => {
    const script = await admin.script(parse(IdParam, req.params).id);
    if (!script) throw new NotFoundError('Script not found');
    await recordAdminRead(ctx, { id: script._id, ownerId: script.ownerId, version: script.version, shareId: script.shareId });
    const names = await admin.usernamesOf([script.ownerId]);
    res.json({
      id: script._id,
      title: script.title,
      userId: script.ownerId,
      username: names.get(script.ownerId) ?? null,
      views: script.views,
      updatedAt: script.updatedAt,
      content: script.content,
    });
  });
  return router;
}
