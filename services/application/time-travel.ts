import { folderStream } from '../domain/folder/events';
import { scriptStream } from '../domain/script/events';
import { NotFoundError } from '../domain/shared/errors';
import { contentSummary } from '../../projections/workspace/content-summary';
import { ownedStreamQueries } from '../../projections/owned-streams/queries';
import type { AppContext, Actor } from './context';
import { replayAsOf, type History, type HistoryEntryAsOf } from './as-of-replay';
import { scanCheckpoints } from './as-of-scans';
import { createWorkGate } from './work-gate';
import { folderAsOfFold, scriptAsOfFold, type FolderStateAsOf, type ScriptStateAsOf } from './as-of-folds';

/** What time travel reads: the log and the `ownedStreams` read model, nothing else (the bench passes just these). */
type Stores = Pick<AppContext, 'eventStore' | 'readStore'>;

/**
 * Time travel: the signed-in user's folders and scripts as they were at an instant, folded from the event log (never
 * from the current read models). Which streams to fold comes from the `ownedStreams` read model (every script and
 * folder the user ever created, deleted ones too); each stream is replayed up to its first event after `at`
 * (`replayAsOf`: its first page, and for a longer stream a scan of its headers, then the few events the answer
 * needs).
 */

/** Scripts folded per workspace page at most: the cost of one answer is bounded by this many streams. */
export const AS_OF_PAGE_MAX = 1000;
/** Folders folded per workspace answer at most (the first by id, deleted ones included): the rest are left out. */
export const AS_OF_FOLDERS_MAX = 1000;
/** Audit entries an as-of script answer lists at most (newest first). */
export const AS_OF_HISTORY_MAX = 200;
/** Activity entries a workspace answer lists at most (newest first). */
export const AS_OF_ACTIVITY_MAX = 50;
/** Streams read at once: enough to overlap EventStoreDB round trips without flooding it. */
const READ_CONCURRENCY = 16;
/** Workspace answers computed at once per process, and how many may wait: each costs up to a second of CPU. */
export const AS_OF_RUNNING_MAX = 2;
export const AS_OF_WAITING_MAX = 16;
/** One script's replay costs its events up to the instant (a long history: many pages): more run at once, as bounded. */
export const SCRIPT_AS_OF_RUNNING_MAX = 4;
export const SCRIPT_AS_OF_WAITING_MAX = 32;
export const AS_OF_BUSY = 'Time travel is busy; try again in a moment';

export const SCRIPT_DID_NOT_EXIST = 'Script did not exist then';
export const SCRIPT_DELETED_THEN = 'Script was deleted by then';
export const SCRIPT_PURGED = 'Script was purged';

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const workspaceGate = createWorkGate(AS_OF_RUNNING_MAX, AS_OF_WAITING_MAX, AS_OF_BUSY);
const scriptGate = createWorkGate(SCRIPT_AS_OF_RUNNING_MAX, SCRIPT_AS_OF_WAITING_MAX, AS_OF_BUSY);

export interface WorkspaceAsOf {
  at: string;
  folders: Array<{ id: string; name: string; parentId: string | null; createdAt: string; updatedAt: string }>;
  /** the user had created more than `AS_OF_FOLDERS_MAX` folders by then: only the first (by id) were folded */
  foldersTruncated: boolean;
  scripts: Array<{ id: string; title: string; folderId: string | null; version: number; preview: string; size: number; createdAt: string; updatedAt: string }>;
  /** the id to pass as `after` for the next page of scripts; null on the last page */
  next: string | null;
  /** who did what up to `at` on this answer's folders and scripts (deleted ones too), newest first, at most `AS_OF_ACTIVITY_MAX` */
  activity: Array<HistoryEntryAsOf & { subject: { kind: 'script' | 'folder'; id: string; name: string } }>;
}

/**
 * The workspace at `at`: one page of scripts, ordered by id, and with the first page its folders (up to
 * `AS_OF_FOLDERS_MAX`). Only streams created at or before `at` are read, so the cost is the page's streams, not
 * the log.
 */
export function workspaceAsOf(ctx: Stores, actor: Actor, at: string, page: { after?: string; limit: number }): Promise<WorkspaceAsOf> {
  return workspaceGate(() => replayWorkspace(ctx, actor, at, page));
}

type ScriptSummaryAsOf = Omit<ScriptStateAsOf, 'content'> & History & ReturnType<typeof contentSummary>;

function withContentSummary(state: (ScriptStateAsOf & History) | null): ScriptSummaryAsOf | null {
  if (!state) return null;
  const { content, ...rest } = state;
  return { ...rest, ...contentSummary(content) };
}

async function replayWorkspace(ctx: Stores, actor: Actor, at: string, page: { after?: string; limit: number }): Promise<WorkspaceAsOf> {
  const owned = ownedStreamQueries(ctx.readStore);
  const [folderDocs, scriptDocs] = await Promise.all([
    // The folders come with the first page only: later pages add scripts to the tree it drew.
    page.after === undefined ? owned.createdBy(actor.userId, 'folder', at, { limit: AS_OF_FOLDERS_MAX + 1 }) : [],
    owned.createdBy(actor.userId, 'script', at, { afterId: page.after, limit: page.limit + 1 }),
  ]);
  const foldersTruncated = folderDocs.length > AS_OF_FOLDERS_MAX;
  folderDocs.length = Math.min(folderDocs.length, AS_OF_FOLDERS_MAX);
  const hasMore = scriptDocs.length > page.limit;
  const pageDocs = scriptDocs.slice(0, page.limit);
  const keep = AS_OF_ACTIVITY_MAX; // the answer's newest entries are among each stream's newest
  const checkpoints = scanCheckpoints(ctx.readStore);
  const [folders, scripts] = await Promise.all([
    mapBounded(folderDocs, READ_CONCURRENCY, (d) => replayAsOf(ctx.eventStore, folderStream(d.entityId), at, folderAsOfFold, keep, checkpoints)),
    // Summarised once replayed: the page holds previews, never every script's whole content at once.
    mapBounded(pageDocs, READ_CONCURRENCY, async (d) => withContentSummary(await replayAsOf(ctx.eventStore, scriptStream(d.entityId), at, scriptAsOfFold, keep, checkpoints))),
  ]);
  const activity = [
    ...folders.flatMap((f) => (f ? f.history.map((e) => ({ ...e, subject: { kind: 'folder' as const, id: f.id, name: f.name } })) : [])),
    ...scripts.flatMap((s) => (s ? s.history.map((e) => ({ ...e, subject: { kind: 'script' as const, id: s.id, name: s.title } })) : [])),
  ]
    .sort((a, b) => (BigInt(b.position) > BigInt(a.position) ? 1 : -1))
    .slice(0, AS_OF_ACTIVITY_MAX);
  return {
    at,
    activity,
    folders: folders
      .filter((f): f is FolderStateAsOf & History => f !== null && !f.deleted)
      .map(({ id, name, parentId, createdAt, updatedAt }) => ({ id, name, parentId, createdAt, updatedAt })),
    scripts: scripts
      .filter((s): s is ScriptSummaryAsOf => s !== null && !s.deleted)
      .map((s) => ({ id: s.id, title: s.title, folderId: s.folderId, version: s.version, preview: s.preview, size: s.size, createdAt: s.createdAt, updatedAt: s.updatedAt })),
    foldersTruncated,
    next: hasMore ? pageDocs[pageDocs.length - 1]!.entityId : null,
  };
}

export type ScriptAsOf = Omit<ScriptStateAsOf, 'deleted'> & {
  at: string;
  /** the audit trail up to `at`, newest first, at most `AS_OF_HISTORY_MAX` entries */
  history: HistoryEntryAsOf[];
  historyTruncated: boolean;
};

/**
 * One of the actor's scripts at `at`: 404 if it is not theirs, did not exist yet, or was deleted by then; and at every
 * instant once it was purged (its content is shredded; nothing of it is read again).
 */
export async function scriptAsOf(ctx: Stores, actor: Actor, scriptId: string, at: string): Promise<ScriptAsOf> {
  const owned = await ownedStreamQueries(ctx.readStore).owned(actor.userId, 'script', scriptId);
  if (!owned) throw new NotFoundError('Script not found');
  if (owned.purgedAt) throw new NotFoundError(SCRIPT_PURGED);
  if (owned.createdAt > at) throw new NotFoundError(SCRIPT_DID_NOT_EXIST);
  const state = await scriptGate(() => replayAsOf(ctx.eventStore, scriptStream(scriptId), at, scriptAsOfFold, AS_OF_HISTORY_MAX, scanCheckpoints(ctx.readStore)));
  if (!state) throw new NotFoundError(SCRIPT_DID_NOT_EXIST);
  if (state.deleted) throw new NotFoundError(SCRIPT_DELETED_THEN);
  return {
    at,
    id: state.id,
    title: state.title,
    content: state.content,
    folderId: state.folderId,
    version: state.version,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    history: state.history.slice().reverse(),
    historyTruncated: state.historyCount > AS_OF_HISTORY_MAX,
  };
}
