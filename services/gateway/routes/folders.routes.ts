import { Router } from 'express';
import {
  createFolder,
  deleteFolder,
  folderPath,
  readOwnedFolder,
  revokeFolderShare,
  shareFolder,
  updateFolder,
} from '../../application/folders';
import { folderView, scriptView } from '../../application/views';
import { workspaceQueries } from '../../../projections/workspace/queries';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { CreateFolderBody, FolderListQuery, IdParam, UpdateFolderBody } from '../schemas';
import { parse } from '../validation';

/** `/api/folders`, behind a session. */
export function folderRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const workspace = workspaceQueries(ctx.readStore);

  router.get('/folders', async (req, res) => {
    const { parentId } = parse(FolderListQuery, req.query);
    res.json((await workspace.foldersOf(actorOf(res).userId, parentId)).map(folderView));
  });

  router.post('/folders', async (req, res) => {
    res.status(201).json(await createFolder(ctx, actorOf(res), parse(CreateFolderBody, req.body)));
  });

  router.get('/folders/:id', async (req, res) => {
    res.json(await readOwnedFolder(ctx, actorOf(res), parse(IdParam, req.params).id));
  });

  router.put('/folders/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    res.json(await updateFolder(ctx, actorOf(res), id, parse(UpdateFolderBody, req.body)));
  });

  router.delete('/folders/:id', async (req, res) => {
    await deleteFolder(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  router.get('/folders/:id/scripts', async (req, res) => {
    const folder = await readOwnedFolder(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.json((await workspace.scriptsInFolder(actorOf(res).userId, folder.id)).map(scriptView));
  });

  router.get('/folders/:id/path', async (req, res) => {
    res.json(await folderPath(ctx, actorOf(res), parse(IdParam, req.params).id));
  });

  router.post('/folders/:id/share', async (req, res) => {
    res.json(await shareFolder(ctx, actorOf(res), parse(IdParam, req.params).id));
  });

  router.delete('/folders/:id/share', async (req, res) => {
    await revokeFolderShare(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });

  return router;
}
