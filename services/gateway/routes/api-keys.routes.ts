import { Router } from 'express';
import { createApiKey, deleteApiKey } from '../../application/accounts';
import { apiKeyView } from '../../application/views';
import { accountQueries } from '../../../projections/accounts/queries';
import { pageRequest, sendPage } from '../pagination';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { CreateApiKeyBody, IdParam } from '../schemas';
import { parse } from '../validation';

/** `/api/api-keys`, behind a session. The full key appears once, in the creation answer. */
export function apiKeyRoutes(ctx: GatewayContext): Router {
  const router = Router();
  router.get('/api-keys', async (req, res) => {
    const page = await accountQueries(ctx.readStore).apiKeysPageOf(actorOf(res).userId, pageRequest('apiKeys', req.query));
    sendPage(req, res, 'apiKeys', { items: page.items.map(apiKeyView), next: page.next });
  });
  router.post('/api-keys', async (req, res) => {
    const { name } = parse(CreateApiKeyBody, req.body);
    res.status(201).json(await createApiKey(ctx, actorOf(res), name));
  });
  router.delete('/api-keys/:id', async (req, res) => {
    await deleteApiKey(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });
  return router;
}
