import { Router } from 'express';
import { ValidationError } from '../../domain/shared/errors';
import { uploadRepository, uploadScripts, uploadStructure, type UploadItem } from '../../application/uploads';
import { summaryOfScriptView } from '../../application/views';
import type { GatewayContext } from '../http-context';
import { actorOf } from '../middleware/auth';
import { folderSegments, readMultipart, titleFromFileName, type MultipartBody } from '../uploads/multipart';
import { FolderIdOrNullParam, OptionalFolderQuery } from '../schemas';
import { parse } from '../validation';
import { extensionOfUpload } from '../../domain/script/file-name';

function filesOf(body: MultipartBody, field: string) {
  return body.files.filter((file) => file.field === field);
}

/** Files paired with their `paths` entries (same order), each path sanitised to folder segments. */
function itemsWithPaths(body: MultipartBody): UploadItem[] {
  const paths = body.fields.get('paths') ?? [];
  return filesOf(body, 'files').map((file, index) => ({ ...named(file.fileName), content: file.content, folders: folderSegments(paths[index] ?? file.fileName) }));
}

/** A script's names from its file's: the title without the extension, and the extension it keeps. */
const named = (fileName: string) => ({ title: titleFromFileName(fileName), extension: extensionOfUpload(fileName), fileName });

const flatItems = (body: MultipartBody, field: string): UploadItem[] =>
  filesOf(body, field).map((file) => ({ ...named(file.fileName), content: file.content, folders: [] }));

/** `/api/upload/*` (multipart, behind a session). Limits are enforced while streaming; nothing is written before every check passes. */
export function uploadRoutes(ctx: GatewayContext): Router {
  const router = Router();

  router.post('/upload/script', async (req, res) => {
    const { folderId } = parse(OptionalFolderQuery, req.query);
    const body = await readMultipart(req);
    const items = flatItems(body, 'file');
    if (items.length !== 1) throw new ValidationError('Expected exactly one file in the "file" field');
    const [script] = await uploadScripts(ctx, actorOf(res), items, folderId);
    res.status(201).json(script);
  });

  router.post('/upload/folder/:folderId', async (req, res) => {
    const { folderId } = parse(FolderIdOrNullParam, req.params);
    const body = await readMultipart(req);
    const scripts = await uploadScripts(ctx, actorOf(res), flatItems(body, 'files'), folderId);
    // summaries, not contents: 500 files of up to 5 MB would make an unbounded answer
    res.status(201).json({ scriptsCreated: scripts.length, scripts: scripts.map(summaryOfScriptView) });
  });

  router.post('/upload/structure', async (req, res) => {
    const body = await readMultipart(req);
    const { folderId } = parse(OptionalFolderQuery, { folderId: body.fields.get('parentFolderId')?.[0] ?? req.query.parentFolderId });
    res.status(201).json(await uploadStructure(ctx, actorOf(res), itemsWithPaths(body), folderId));
  });

  router.post('/upload/repository', async (req, res) => {
    const body = await readMultipart(req);
    const name = body.fields.get('repositoryName')?.[0] ?? '';
    res.status(201).json(await uploadRepository(ctx, actorOf(res), name, itemsWithPaths(body)));
  });

  return router;
}
