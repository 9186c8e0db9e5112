import { Router } from 'express';
import { adminQueries } from '../../../projections/admin-stats/queries';
import { accountQueries } from '../../../projections/accounts/queries';
import type { GatewayContext } from '../http-context';
import { requireAdminKey } from '../middleware/auth';
import { AdminScriptsQuery, IdParam } from '../schemas';
import { NotFoundError } from '../../domain/shared/errors';
import { pageRequest, sendPage } from '../pagination';
import { parse } from '../validation';

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
  router.get('/users', async (req, res) => {
    const page = await accountQueries(ctx.readStore).usersPage(pageRequest('adminUsers', req.query));
    sendPage(req, res, 'adminUsers', { items: page.items.map((u) => ({ id: u._id, username: u.username, createdAt: u.createdAt })), next: page.next });
  });
  router.get('/users/:id', async (req, res) => {
    const user = await admin.user(parse(IdParam, req.params).id);
    if (!user) throw new NotFoundError('User not found');
    res.json({ id: user._id, username: user.username, createdAt: user.createdAt });
  });
  /** Script summaries (the 300-character `preview` and `size` in bytes); the content is `GET /admin-api/scripts/{id}`. */
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
        preview: s.preview,
        size: s.size,
      })),
      next: page.next,
    });
  });
  router.get('/scripts/:id', async (req, res) => {
    const script = await admin.script(parse(IdParam, req.params).id);
    if (!script) throw new NotFoundError('Script not found');
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
