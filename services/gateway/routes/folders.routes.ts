import { Router } from 'express';
import { z } from 'zod';
import {
  createFolder,
  deleteFolder,
  folderPath,
  readOwnedFolder,
  revokeFolderShare,
  shareFolder,
  updateFolder,
} from '../../application/folders';
import { folderView, scriptSummaryView } from '../../application/views';
import { workspaceQueries } from '../../../projections/workspace/queries';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { CreateFolderBody, FolderListQuery, IdParam, MoveFolderBody, UpdateFolderBody } from '../schemas';
import { parse } from '../validation';
import { pageRequest, sendPage } from '../pagination';

const CONTENTS_CHOICE = 'contents must be root (the default: scripts and subfolders move to the root) or trash (everything goes to the trash)';
const DeleteFolderQuery = z.object({ contents: z.enum(['root', 'trash'], { error: CONTENTS_CHOICE }).default('root') });

/** `/api/folders`, behind a session. */
export function folderRoutes(ctx: GatewayContext): Router {
  const router = Router();
  const workspace = workspaceQueries(ctx.readStore);

  router.get('/folders', async (req, res) => {
    const { parentId } = parse(FolderListQuery, req.query);
    const ownerId = actorOf(res).userId;
    const page = await workspace.foldersPageOf(ownerId, parentId, pageRequest('folders', req.query));
    // Cards list one level and show what each folder holds directly; the whole-tree list (pickers) goes without.
    const counts = parentId === undefined ? null : await workspace.folderCounts(ownerId, page.items.map((f) => f._id));
    const items = page.items.map((f) => (counts ? { ...folderView(f), ...(counts.get(f._id) ?? { scriptCount: 0, folderCount: 0 }) } : folderView(f)));
    sendPage(req, res, 'folders', { items, next: page.next });
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

  // A move alone (the tree's drag and drop, "Move to..."): the FolderMoved event, with the checks of PUT's parentId.
  router.post('/folders/:id/move', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    res.json(await updateFolder(ctx, actorOf(res), id, { parentId: parse(MoveFolderBody, req.body).parentId }));
  });

  /** Default: the folder's scripts and subfolders move to the root; `?contents=trash`: they go to the trash with it. */
  router.delete('/folders/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { contents } = parse(DeleteFolderQuery, req.query);
    await deleteFolder(ctx, actorOf(res), id, contents);
    res.status(204).end();
  });

  router.get('/folders/:id/scripts', async (req, res) => {
    const request = pageRequest('scripts', req.query);
    const folder = await readOwnedFolder(ctx, actorOf(res), parse(IdParam, req.params).id);
    const page = await workspace.scriptsPageOf(actorOf(res).userId, folder.id, request);
    sendPage(req, res, 'scripts', { items: page.items.map(scriptSummaryView), next: page.next });
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
