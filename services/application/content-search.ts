import { ValidationError } from '../domain/shared/errors';
import { contentSearchQueries, type VersionScope } from '../../projections/content-search/queries';
import { phraseOf, type MatchingLine } from '../../projections/content-search/matching-lines';
import { searchWords } from '../../projections/read-store/search-words';
import { workspaceQueries, type PathItem } from '../../projections/workspace/queries';
import type { Actor, AppContext } from './context';
import { createWorkGate } from './work-gate';

/** One item of a content search (docs/api.md "Search"): one per matching version. */
export interface ContentSearchItem {
  scriptId: string;
  title: string;
  folderId: string | null;
  path: PathItem[];
  version: number;
  current: boolean;
  titleMatch: boolean;
  lines: MatchingLine[];
}

/** The deepest a search pages: results beyond the first 1,000 are not offered (a narrower query finds them). */
export const MAX_SEARCH_RESULTS = 1000;

/**
 * Searches run at once per process, and how many may wait. A search of a history of huge texts ranks for a second or
 * more (on the embedded store one at a time, on its worker thread); beyond these, a search is answered 503 at once
 * rather than queued without bound behind others. Each account's own searches are also limited (RATE_LIMIT_SEARCH).
 */
export const SEARCH_RUNNING_MAX = 4;
export const SEARCH_WAITING_MAX = 32;
export const SEARCH_BUSY = 'Search is busy; try again in a moment';
const searchGate = createWorkGate(SEARCH_RUNNING_MAX, SEARCH_WAITING_MAX, SEARCH_BUSY);

export interface ContentSearchInput {
  q: string;
  versions: VersionScope;
  limit: number;
  /** results of earlier pages */
  skip: number;
}

/**
 * Searches the actor's own live scripts for every word of `q` (titles and contents; `versions: 'all'` every version),
 * best first, and describes one page: which lines match and where (computed for this page only), and each script's
 * folder path. `next` is the `skip` of the following page, null on the last one.
 */
export async function searchOwnContent(ctx: Pick<AppContext, 'readStore'>, actor: Actor, input: ContentSearchInput): Promise<{ items: ContentSearchItem[]; next: number | null }> {
  const words = searchWords(input.q);
  if (words.length === 0) throw new ValidationError('q must hold at least one letter or digit', { field: 'q' });
  if (input.skip >= MAX_SEARCH_RESULTS) return { items: [], next: null };
  const limit = Math.min(input.limit, MAX_SEARCH_RESULTS - input.skip);
  const search = contentSearchQueries(ctx.readStore);
  const { hits, more } = await searchGate(() => search({ ownerId: actor.userId, words, phrase: phraseOf(input.q), versions: input.versions, skip: input.skip, limit }));
  const folderIds = hits.map((hit) => hit.script.folderId).filter((id): id is string => !!id);
  const paths = await workspaceQueries(ctx.readStore).folderPaths(actor.userId, folderIds);
  const items = hits.map(
    (hit): ContentSearchItem => ({
      scriptId: hit.script._id,
      title: hit.title,
      folderId: hit.script.folderId,
      path: hit.script.folderId ? (paths.get(hit.script.folderId) ?? []) : [],
      version: hit.version,
      current: hit.current,
      titleMatch: hit.titleMatch,
      lines: hit.lines,
    }),
  );
  const next = input.skip + limit;
  return { items, next: more && next < MAX_SEARCH_RESULTS ? next : null };
}
