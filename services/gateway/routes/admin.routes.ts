import { Router } from 'express';
import { adminQueries } from '../../../projections/admin-stats/queries';
import { accountQueries } from '../../../projections/accounts/queries';
import type { GatewayContext } from '../http-context';
import { requireAdminKey } from '../middleware/auth';
import { AdminScriptsQuery } from '../schemas';
import { parse } from '../validation';

/** `/admin-api`: projected statistics, all users, all scripts. The key is checked on the server, never in the browser. */
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
  router.get('/users', async (_req, res) => {
    res.json((await accountQueries(ctx.readStore).allUsers()).map((u) => ({ id: u._id, username: u.username, createdAt: u.createdAt })));
  });
  router.get('/scripts', async (req, res) => {
    const { userId } = parse(AdminScriptsQuery, req.query);
    res.json(
      (await admin.allScripts(userId)).map((s) => ({
        id: s._id,
        title: s.title,
        userId: s.ownerId,
        views: s.views,
        updatedAt: s.updatedAt,
        content: s.content,
      })),
    );
  });
  return router;
}
