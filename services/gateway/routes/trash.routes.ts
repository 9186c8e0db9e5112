import { Router } from 'express';
import { emptyTrash, listTrash, purgeFromTrash, readTrashedScript, restoreFolderFromTrash, restoreScriptFromTrash } from '../../application/trash';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { pageRequest, sendPage } from '../pagination';
import { IdParam } from '../schemas';
import { parse } from '../validation';

/** `/api/trash`, behind a session: what the owner deleted, restore, purge one entry, empty. */
export function trashRoutes(ctx: GatewayContext): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    sendPage(req, res, 'trash', await listTrash(ctx, actorOf(res), pageRequest('trash', req.query)));
  });

  router.delete('/', async (_req, res) => {
    res.json({ purged: await emptyTrash(ctx, actorOf(res)) });
  });

  router.get('/scripts/:id', async (req, res) => {
    res.json(await readTrashedScript(ctx, actorOf(res), parse(IdParam, req.params).id));
  });

  router.post('/scripts/:id/restore', async (req, res) => {
    await restoreScriptFromTrash(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  router.post('/folders/:id/restore', async (req, res) => {
    await restoreFolderFromTrash(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  router.delete('/scripts/:id', async (req, res) => {
    await purgeFromTrash(ctx, actorOf(res), parse(IdParam, req.params).id, 'script');
    res.status(204).end();
  });

  router.delete('/folders/:id', async (req, res) => {
    await purgeFromTrash(ctx, actorOf(res), parse(IdParam, req.params).id, 'folder');
    res.status(204).end();
  });

  return router;
}
