import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { SCRIPT_NOT_FOUND } from '../../domain/script/decider';
import { createScript, deleteScript, readOwnedScript, saveScript, shareScript } from '../../application/scripts';
import { createFolder, readOwnedFolder } from '../../application/folders';
import { titleFromUpload } from '../../application/uploads';
import { folderView, scriptSummaryView, scriptView, type ScriptView } from '../../application/views';
import { workspaceQueries } from '../../../projections/workspace/queries';
import { originOf, loadstringSnippet, rawUrl, type GatewayContext } from '../http-context';
import { actorOf, requireApiKey } from '../middleware/auth';
import { CONTENT_BODY_LIMIT_BYTES, jsonBody } from '../middleware/json-body';
import { readMultipart, titleFromFileName } from '../uploads/multipart';
import { extensionOfUpload, fileFields } from '../../domain/script/file-name';
import { CreateFolderBody, CreateScriptBody, FolderListQuery, IdParam, ScriptVersionParams, ShareScriptBody, UpdateScriptBody } from '../schemas';
import { parse } from '../validation';
import { baseVersionFromField, baseVersionFromIfMatch, oneBaseVersion, versionEtag } from '../base-version';
import { openApiV1Document } from '../openapi/v1';
import { ownedScriptText } from '../owned-script-text';
import { sendJsonWithContent } from '../version-bodies';
import { pageRequest, sendPage } from '../pagination';
import { sendContentSearch } from './search.routes';

async function singleUploadedFile(req: Request) {
  const body = await readMultipart(req);
  const file = body.files.find((f) => f.field === 'file');
  if (!file) throw new ValidationError('Expected a file in the "file" field');
  const field = (name: string) => body.fields.get(name)?.[0]?.trim() || undefined;
  return { file, title: field('title'), comment: field('comment'), baseVersion: field('baseVersion') };
}

export const NOT_LUA = 'A JSON file is not a Lua script: it has no loadstring snippet (its raw URL serves the text)';
/** Rojo's JSON files are text for the tree, not code a game server runs: no loadstring snippet for them. */
const runsAsLua = (script: { title: string; extension?: string | null }) => fileFields(script.title, script.extension).language !== 'json';

/** A saved script, with the ETag of its new version so the next save can name it in `If-Match`. */
function sendSaved(res: Response, script: ScriptView) {
  res.set('ETag', versionEtag(script.version)).json(script);
}

/** The documented public API under `/api/v1`, authenticated with `X-API-Key`. Same use cases as the web app. */
export function publicApiRoutes(ctx: GatewayContext, searchLimit: RequestHandler): Router {
  const router = Router();
  const workspace = workspaceQueries(ctx.readStore);

  router.get('/openapi.json', (_req, res) => {
    res.json(openApiV1Document);
  });

  router.use(requireApiKey(ctx, ctx.log), jsonBody(CONTENT_BODY_LIMIT_BYTES));

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/scripts', async (req, res) => {
    const page = await workspace.scriptsPageOf(actorOf(res).userId, undefined, pageRequest('scripts', req.query));
    sendPage(req, res, 'scripts', { items: page.items.map(scriptSummaryView), next: page.next });
  });
  // Full-text search of the key owner's scripts, as `GET /api/search?type=content` answers the web app.
  router.get('/search', searchLimit, (req, res) => sendContentSearch(ctx, req, res));
  router.get('/folders', async (req, res) => {
    // `?parentId=` (an id, or `null` for the root) lists one level; without it, every folder
    const { parentId } = parse(FolderListQuery, req.query);
    const page = await workspace.foldersPageOf(actorOf(res).userId, parentId, pageRequest('folders', req.query));
    sendPage(req, res, 'folders', { items: page.items.map(folderView), next: page.next });
  });
  // Folder and delete routes the command-line sync needs (cli/): create a tree, list one folder, delete with --delete.
  router.post('/folders', async (req, res) => {
    res.status(201).json(await createFolder(ctx, actorOf(res), parse(CreateFolderBody, req.body)));
  });
  router.get('/folders/:id/scripts', async (req, res) => {
    const request = pageRequest('scripts', req.query);
    const folder = await readOwnedFolder(ctx, actorOf(res), parse(IdParam, req.params).id);
    const page = await workspace.scriptsPageOf(actorOf(res).userId, folder.id, request);
    sendPage(req, res, 'scripts', { items: page.items.map(scriptSummaryView), next: page.next });
  });
  router.delete('/scripts/:id', async (req, res) => {
    await deleteScript(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.status(204).end();
  });
  router.get('/scripts/:id/content', async (req, res) => {
    const { fields, text } = await ownedScriptText(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.set('ETag', versionEtag(fields.version));
    sendJsonWithContent(res, { id: fields._id, title: fields.title, ...fileFields(fields.title, fields.extension) }, text, { version: fields.version, updatedAt: fields.updatedAt });
  });
  // One version by number: the command-line sync's three-way merge reads the version a directory last saw as its base.
  router.get('/scripts/:id/versions/:versionId', async (req, res) => {
    const { id, versionId } = parse(ScriptVersionParams, req.params);
    if (!(await workspace.ownsScript(actorOf(res).userId, id))) throw new NotFoundError(SCRIPT_NOT_FOUND);
    const text = await ctx.versionBodies.get(id, versionId);
    if (!text?.summary) throw new NotFoundError('Version not found');
    res.set('ETag', versionEtag(versionId));
    sendJsonWithContent(res, { id, version: versionId }, text, { comment: text.summary.comment, createdAt: text.summary.createdAt });
  });
  router.get('/scripts/:id/raw', async (req, res) => {
    const { text } = await ownedScriptText(ctx, actorOf(res), parse(IdParam, req.params).id);
    res.set('X-Content-Type-Options', 'nosniff').type('text/plain; charset=utf-8').send(text.body);
  });
  router.get('/scripts/:id/loadstring', async (req, res) => {
    const script = await workspace.scriptFields(actorOf(res).userId, parse(IdParam, req.params).id);
    if (!script) throw new NotFoundError(SCRIPT_NOT_FOUND);
    if (!script.shareId) throw new ConflictError('Script is not shared: share it first (POST /api/v1/scripts/{id}/share) to get a public raw URL');
    if (!runsAsLua(script)) throw new ConflictError(NOT_LUA);
    res.type('text/plain; charset=utf-8').send(loadstringSnippet(originOf(ctx, req), script.shareId));
  });
  router.post('/scripts/:id/share', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const shared = await shareScript(ctx, actorOf(res), id, parse(ShareScriptBody, req.body));
    const origin = originOf(ctx, req);
    const script = await workspace.scriptFields(actorOf(res).userId, id);
    const loadstring = script && runsAsLua(script) ? loadstringSnippet(origin, shared.shareId) : null;
    res.json({ ...shared, rawUrl: rawUrl(origin, shared.shareId), loadstring });
  });
  router.post('/scripts', async (req, res) => {
    res.status(201).json(await createScript(ctx, actorOf(res), parse(CreateScriptBody, req.body)));
  });
  router.post('/scripts/upload', async (req, res) => {
    const { file, title, comment } = await singleUploadedFile(req);
    // The file's extension is kept even when a title is given: the file name a pull writes is title + extension.
    const extension = extensionOfUpload(file.fileName) ?? undefined;
    const input = parse(CreateScriptBody, { title: title ?? titleFromUpload(titleFromFileName(file.fileName)), extension, content: file.content, comment });
    res.status(201).json(await createScript(ctx, actorOf(res), input));
  });
  router.patch('/scripts/:id', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { folderId: _ignored, baseVersion, ...changes } = parse(UpdateScriptBody, req.body);
    const base = oneBaseVersion(baseVersion, baseVersionFromIfMatch(req.get('if-match')));
    sendSaved(res, await saveScript(ctx, actorOf(res), id, { ...changes, baseVersion: base }));
  });
  router.patch('/scripts/:id/upload', async (req, res) => {
    const { id } = parse(IdParam, req.params);
    const { file, comment, baseVersion } = await singleUploadedFile(req);
    const changes = parse(UpdateScriptBody, { content: file.content, comment });
    const base = oneBaseVersion(baseVersionFromField(baseVersion), baseVersionFromIfMatch(req.get('if-match')));
    sendSaved(res, await saveScript(ctx, actorOf(res), id, { ...changes, baseVersion: base }));
  });

  return router;
}
