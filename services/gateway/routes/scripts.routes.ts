import { Router } from 'express';
import { NotFoundError } from '../../domain/shared/errors';
import {
  createScript,
  deleteScript,
  moveScript,
  readOwnedScript,
  restoreVersion,
  revokeScriptShare,
  saveScript,
  shareScript,
} from '../../application/scripts';
import { scriptView, versionView } from '../../application/views';
import { workspaceQueries } from '../../../projections/workspace/queries';
import { timelineQueries } from '../../../projections/version-timeline/queries';
import { accountQueries } from '../../../projections/accounts/queries';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { CreateScriptBody, IdParam, MoveScriptBody, ScriptVersionParams, ShareScriptBody, UpdateScriptBody } from '../schemas';
import { parse } from '../validation';

/** `/api/scripts` and `/api/root-scripts`, behind a session. Every handler passes the actor: ownership is checked below. */
export function scriptRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const workspace = workspaceQueries(ctx.readStore);
  const timeline = timelineQueries(ctx.readStore);

  router.get('/scripts', async (_req, res) => {
    res.json((await workspace.scriptsOf(actorOf(res).userId)).map(scriptView));
  });

  router.get('/root-scripts', async (_req, res) => {
    res.json((await workspace.rootScriptsOf(actorOf(res).userId)).map(scriptView));
  });

  router.post('/scripts', async (req, res) => {
    const body = parse(CreateScriptBody, req.body);
    res.status(201).json(await createScript(ctx, actorOf(res), body));
  });

  router.get('/scripts/:id', async (req, res) => {
    res.json(await readOwnedScript(ctx, actorOf(res), parse(IdParam, req.params).id));
  });

  router.put('/scripts/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { folderId, ...changes } = parse(UpdateScriptBody, req.body);
    const actor = actorOf(res);
    if (folderId !== undefined) await moveScript(ctx, actor, id, folderId);
    res.json(await saveScript(ctx, actor, id, changes));
  });

  router.delete('/scripts/:id', async (req, res) => {
    await deleteScript(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  router.get('/scripts/:id/versions', async (req, res) => {
    const script = await readOwnedScript(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.json((await timeline.versionsOf(script.id)).map(versionView));
  });

  router.get('/scripts/:id/versions/:versionId', async (req, res) => {
    const { id, versionId } = parse(ScriptVersionParams, req.params);
    const script = await readOwnedScript(ctx, actorOf(res), id);
    const version = await timeline.version(script.id, versionId);
    if (!version) throw new NotFoundError('Version not found');
    res.json(versionView(version));
  });

  router.post('/scripts/:id/restore/:versionId', async (req, res) => {
    const { id, versionId } = parse(ScriptVersionParams, req.params);
    res.json(await restoreVersion(ctx, actorOf(res), id, versionId));
  });

  router.get('/scripts/:id/history', async (req, res) => {
    const script = await readOwnedScript(ctx, actorOf(res), parse(IdParam, req.params).id);
    const entries = await timeline.auditTrailOf(script.id);
    const userIds = [...new Set(entries.map((e) => e.actorId.replace(/^user:/, '')))];
    const names = new Map((await accountQueries(ctx.readStore).usersByIds(userIds)).map((u) => [u._id, u.username]));
    res.json(
      entries.map((e) => ({
        position: e._id.replace(/^0+(?=\d)/, ''),
        type: e.type,
        actorId: e.actorId,
        actorName: names.get(e.actorId.replace(/^user:/, '')) ?? (e.actorId.startsWith('apikey:') ? 'API key' : e.actorId),
        at: e.at,
        summary: e.summary,
      })),
    );
  });

  router.post('/scripts/:id/share', async (req, res) => {
    res.json(await shareScript(ctx, actorOf(res), parse(IdParam, req.params).id, parse(ShareScriptBody, req.body)));
  });

  router.delete('/scripts/:id/share', async (req, res) => {
    await revokeScriptShare(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  router.post('/scripts/:id/move', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { folderId } = parse(MoveScriptBody, req.body);
    res.json(await moveScript(ctx, actorOf(res), id, folderId));
  });

  return router;
}
