import { Router } from 'express';
import { NotFoundError } from '../../domain/shared/errors';
import { SCRIPT_NOT_FOUND } from '../../domain/script/decider';
import { sendJsonWithContent } from '../version-bodies';
import {
  createScript,
  deleteScript,
  moveScript,
  requireOwnFolder,
  restoreVersion,
  revokeScriptShare,
  saveScript,
  shareScript,
} from '../../application/scripts';
import { ownScriptViews } from '../../application/script-views';
import { actorNames, describeActivity } from '../../application/script-activity';
import { scriptFieldsView, scriptSummaryView, versionFieldsView, versionSummaryView } from '../../application/views';
import { withViewTotal } from '../../../projections/script-views/queries';
import { ownedScriptText } from '../owned-script-text';
import { workspaceQueries } from '../../../projections/workspace/queries';
import { timelineQueries } from '../../../projections/version-timeline/queries';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { CreateScriptBody, IdParam, MoveScriptBody, ScriptListQuery, ScriptVersionParams, ShareScriptBody, UpdateScriptBody } from '../schemas';
import { parse } from '../validation';
import { pageRequest, sendPage } from '../pagination';

/** Each order of All Scripts pages with its own cursor kind. */
const SCRIPT_LIST_KIND = { updated: 'scripts', title: 'scriptsByTitle', size: 'scriptsBySize' } as const;

/** `/api/scripts` and `/api/root-scripts`, behind a session. Every handler passes the actor: ownership is checked below. */
export function scriptRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const workspace = workspaceQueries(ctx.readStore);
  const timeline = timelineQueries(ctx.readStore);
  /** Ownership without reading the script (a count on key columns): another user's script is not found. */
  const requireOwnScript = async (userId: string, scriptId: string) => {
    if (!(await workspace.ownsScript(userId, scriptId))) throw new NotFoundError(SCRIPT_NOT_FOUND);
  };

  router.get('/scripts', async (req, res) => {
    const { sort } = parse(ScriptListQuery, req.query);
    const kind = SCRIPT_LIST_KIND[sort];
    const page = await workspace.allScriptsPage(actorOf(res).userId, pageRequest(kind, req.query), sort);
    sendPage(req, res, kind, { items: page.items.map(scriptSummaryView), next: page.next });
  });

  router.get('/root-scripts', async (req, res) => {
    const page = await workspace.scriptsPageOf(actorOf(res).userId, null, pageRequest('scripts', req.query));
    sendPage(req, res, 'scripts', { items: page.items.map(scriptSummaryView), next: page.next });
  });

  router.post('/scripts', async (req, res) => {
    const body = parse(CreateScriptBody, req.body);
    res.status(201).json(await createScript(ctx, actorOf(res), body));
  });

  router.get('/scripts/:id', async (req, res) => {
    const { fields, text } = await ownedScriptText(ctx, actorOf(res), parse(IdParam, req.params).id);
    const { id, title, ...rest } = scriptFieldsView((await withViewTotal(ctx.readStore, fields))!);
    sendJsonWithContent(res, { id, title }, text, rest);
  });

  router.put('/scripts/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { folderId, ...changes } = parse(UpdateScriptBody, req.body);
    const actor = actorOf(res);
    if (folderId !== undefined) {
      // A save refused (a stale base, too large, over the quota) must change nothing: the folder is checked, the
      // save made, and only then the script moved.
      await requireOwnFolder(ctx, actor, folderId);
      await saveScript(ctx, actor, id, changes);
      res.json(await moveScript(ctx, actor, id, folderId));
      return;
    }
    res.json(await saveScript(ctx, actor, id, changes));
  });

  router.delete('/scripts/:id', async (req, res) => {
    await deleteScript(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  /** Views per UTC day over the last 90 days (oldest first, zero-filled), page views and raw fetches apart. */
  router.get('/scripts/:id/views', async (req, res) => {
    res.json(await ownScriptViews(ctx, actorOf(res), parse(IdParam, req.params).id));
  });

  router.get('/scripts/:id/versions', async (req, res) => {
    const request = pageRequest('versions', req.query);
    const { id } = parse(IdParam, req.params);
    await requireOwnScript(actorOf(res).userId, id);
    const page = await timeline.versionsPageOf(id, request);
    const names = await actorNames(ctx, actorOf(res).userId, page.items.map((v) => v.actorId));
    sendPage(req, res, 'versions', { items: page.items.map((v) => versionSummaryView(v, names(v.actorId))), next: page.next });
  });

  router.get('/scripts/:id/versions/:versionId', async (req, res) => {
    const { id, versionId } = parse(ScriptVersionParams, req.params);
    await requireOwnScript(actorOf(res).userId, id);
    // The text from the shared version bodies: reading a large version again costs no parse, and no copy per answer.
    const text = await ctx.versionBodies.get(id, versionId);
    if (!text?.summary) throw new NotFoundError('Version not found');
    sendJsonWithContent(res, versionFieldsView(text.summary), text, {});
  });

  router.post('/scripts/:id/restore/:versionId', async (req, res) => {
    const { id, versionId } = parse(ScriptVersionParams, req.params);
    res.json(await restoreVersion(ctx, actorOf(res), id, versionId));
  });

  router.get('/scripts/:id/history', async (req, res) => {
    const request = pageRequest('history', req.query);
    const { id } = parse(IdParam, req.params);
    await requireOwnScript(actorOf(res).userId, id);
    const page = await timeline.auditTrailPageOf(id, { limit: request.limit, before: request.after ? String(request.after.value) : undefined });
    sendPage(req, res, 'history', {
      items: await describeActivity(ctx, actorOf(res).userId, page.items),
      next: page.next === null ? null : { value: page.next, id: '' },
    });
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
