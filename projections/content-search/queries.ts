import type { ReadStore } from '../read-store/read-store';
import { WORKSPACE_COLLECTIONS, type ScriptDoc, type ScriptSummaryDoc } from '../workspace/documents';
import { TIMELINE_COLLECTIONS, type VersionDoc } from '../version-timeline/documents';
import { holdsAnyWord, matchingLines, MAX_LINES, MAX_SCAN_CHARS, type MatchingLine } from './matching-lines';

/**
 * Full-text search of one user's scripts: the current version of live scripts (the workspace's `scripts`, text index
 * on title and content), or every version of them (the version timeline's `versions`, whose text index skips
 * nothing but whose filter leaves out versions of trashed scripts). Trash and purged scripts are never found: the
 * trash is another collection, and a purge (account deletion included) deletes the documents and their index rows.
 */
export type VersionScope = 'current' | 'all';

/**
 * Versions ranked by a search of all versions: the newest that hold every word. A word common to a long history
 * would otherwise have every version holding it ranked on each search (about 150 ms for 60,000, holding the event
 * loop). Twice the deepest result a client can page to (MAX_SEARCH_RESULTS).
 */
export const VERSION_CANDIDATES = 2000;
/** A result's lines come from the start of its text: only that much of each content is read (matching-lines.ts). */
const CONTENT_READ = { field: 'content', chars: MAX_SCAN_CHARS };
/**
 * Characters read for lines by one page of results in all, best results first; those past it show no lines. Reading
 * a text for its lines runs on the event loop (about 50 ns a character for a text that holds no query word), so a page
 * of a hundred large texts would otherwise hold every other request for over a second.
 */
export const PAGE_SCAN_CHARS = 1024 * 1024;

export interface ContentSearchRequest {
  ownerId: string;
  /** folded words (search-words.ts); every one must appear */
  words: string[];
  /** the query's words in order, repeats kept (phraseOf): lines holding them as a phrase are shown first */
  phrase?: string[];
  versions: VersionScope;
  skip: number;
  limit: number;
}

export interface ContentSearchHit {
  script: ScriptSummaryDoc;
  /** the version that matched and its title (the script's title at that version) */
  version: number;
  title: string;
  current: boolean;
  titleMatch: boolean;
  lines: MatchingLine[];
}

export const contentSearchQueries = (store: ReadStore) => {
  const scripts = store.collection<ScriptDoc>(WORKSPACE_COLLECTIONS.scripts);
  const versions = store.collection<VersionDoc>(TIMELINE_COLLECTIONS.versions);

  /** One page, best match first (ties: newest first), and whether another page follows. */
  return async function searchContent(request: ContentSearchRequest): Promise<{ hits: ContentSearchHit[]; more: boolean }> {
    const { ownerId, words, skip, limit } = request;
    const wanted = new Set(words);
    let scanLeft = PAGE_SCAN_CHARS;
    const linesOf = (content: string) => {
      const lines = matchingLines(content, wanted, MAX_LINES, scanLeft, request.phrase ?? words);
      scanLeft -= Math.min(content.length, MAX_SCAN_CHARS, scanLeft);
      return lines;
    };
    const describe = (script: ScriptSummaryDoc, found: { version: number; title: string; content: string }): ContentSearchHit => ({
      script,
      version: found.version,
      title: found.title,
      current: found.version === script.version,
      titleMatch: holdsAnyWord(found.title, wanted),
      lines: linesOf(found.content),
    });

    if (request.versions === 'current') {
      const found = await scripts.searchText(words, { filter: { ownerId }, sort: { updatedAt: -1 }, skip, limit: limit + 1, prefixOf: CONTENT_READ });
      return { hits: found.slice(0, limit).map((script) => describe(script, script)), more: found.length > limit };
    }
    const found = await versions.searchText(words, {
      filter: { ownerId, trashedAt: null },
      sort: { position: -1 },
      skip,
      limit: limit + 1,
      candidates: { newest: VERSION_CANDIDATES, by: 'position' },
      prefixOf: CONTENT_READ,
    });
    const page = found.slice(0, limit);
    const ids = [...new Set(page.map((v) => v.scriptId))];
    const live = await scripts.find({ ownerId, _id: { $in: ids } }, { projection: { content: 0 } });
    const byId = new Map(live.map((s) => [s._id, s as ScriptSummaryDoc]));
    // A version whose script is not (or no longer) live is left out: the index and the workspace may differ for an
    // instant, never for long.
    const hits = page.flatMap((v) => {
      const script = byId.get(v.scriptId);
      return script ? [describe(script, v)] : [];
    });
    return { hits, more: found.length > limit };
  };
};
