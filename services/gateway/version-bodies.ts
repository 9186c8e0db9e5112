import type { Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { ReadStore } from '../../projections/read-store/read-store';
import { timelineQueries } from '../../projections/version-timeline/queries';
import type { VersionSummaryDoc } from '../../projections/version-timeline/documents';
import { contentEtag } from '../../projections/workspace/etag';
import { MAX_RESPONSE_BYTES, sendTooLarge } from './middleware/response-cap';

/** One version's text, ready to send: as bytes (a raw answer) and, once asked for, as a JSON string literal. */
export interface VersionBody {
  /** the version's other fields (comment, time, author), when read from the version timeline */
  summary: VersionSummaryDoc | null;
  body: Buffer;
  etag: string;
  /** the text as a JSON string literal, in bytes, made from `body` on first use (share pages embed it) */
  json(): Buffer;
  /** bytes this entry holds: the text's and, once made, its JSON literal's */
  heldBytes(): number;
}

/** The default budget, in bytes of texts and JSON literals held (TEXT_CACHE_MB gives it half of its own). */
export const DEFAULT_VERSION_BODIES_BYTES = 32 * 1024 * 1024;
/**
 * What a kept entry costs besides its bytes: its key, the version's summary document, the closures and the Buffer
 * objects (about 1.7 KB of V8 heap, measured with versions of a few bytes). Counted, so that many tiny versions are
 * bounded by the budget too.
 */
const ENTRY_OVERHEAD = 2048;

/**
 * The texts of script versions that share links serve, by script and version, in memory and bounded in bytes.
 * A version never changes, so an entry is never stale; who may read it (the link, its history setting, the folder it
 * sits in) is checked on every request, by the caller, before asking here. Every answer of one version sends the same
 * bytes: a flood of requests for a large version (pipelined, or from clients that never read) holds one copy, not one
 * per request, and costs no parse or hash after the first.
 */
export class VersionBodies {
  private readonly cache: LRUCache<string, VersionBody, { scriptId: string; version: number }>;

  constructor(readStore: ReadStore, maxBytes = DEFAULT_VERSION_BODIES_BYTES) {
    const timeline = timelineQueries(readStore);
    const maxEntrySize = Math.max(1, Math.floor(maxBytes / 2));
    this.cache = new LRUCache({
      maxSize: Math.max(1, Math.floor(maxBytes)),
      sizeCalculation: (entry) => entry.heldBytes() + ENTRY_OVERHEAD,
      // A fetch pushed out of the cache while it reads (a larger entry arrived meanwhile, or a budget of 0) still
      // answers its callers: by default lru-cache rejects them with 'evicted'.
      ignoreFetchAbort: true,
      // A version larger than half the budget is served but not kept: it would push out everything else. Half, not
      // less: the largest script (5 MB) stays kept at the default budget, so a flood of its page reads it once.
      maxEntrySize,
      // Requests arriving together for a version not yet kept share this one read (lru-cache coalesces fetches).
      fetchMethod: async (key, _stale, { context }) => {
        const doc = await timeline.version(context.scriptId, context.version);
        if (!doc) return undefined;
        const { content, ...summary } = doc;
        // Its JSON literal, made later, is counted then: the entry is kept again at its new size (lru-cache keeps
        // the old size when the same value is set again, hence delete and set). A literal that would not fit is not
        // kept: the entry stays, as bytes only, and each answer makes its own. A text only ever served raw costs its
        // bytes once, not twice.
        const entry: VersionBody = versionBodyOf(content, summary, (jsonBytes) => {
          if (this.cache.peek(key) !== entry) return true; // not kept (gone, or replaced): nothing to count
          const size = entry.body.length + jsonBytes + ENTRY_OVERHEAD;
          if (size > maxEntrySize) return false;
          this.cache.delete(key);
          this.cache.set(key, entry, { size });
          return true;
        });
        return entry;
      },
    });
  }

  /** Bytes the kept entries hold, as counted against the budget. */
  get heldBytes(): number {
    return this.cache.calculatedSize;
  }

  /** null when the version timeline does not hold it (yet: a projection behind by a batch, or purged). */
  async get(scriptId: string, version: number): Promise<VersionBody | null> {
    return (await this.cache.fetch(`${scriptId}:${version}`, { context: { scriptId, version } })) ?? null;
  }
}

/**
 * A text as a VersionBody (not kept). `keepJson` is asked, when the JSON literal is first made, whether the entry may
 * hold it (its size in bytes); if not, each call makes it again.
 */
export function versionBodyOf(content: string, summary: VersionSummaryDoc | null = null, keepJson?: (jsonBytes: number) => boolean): VersionBody {
  const body = Buffer.from(content, 'utf8');
  let json: Buffer | null = null;
  return {
    summary,
    body,
    etag: contentEtag(content),
    // From the bytes, not from `content`: a closure over the text would keep it alive beside its bytes in every kept
    // entry, a third copy no budget counts.
    json: () => {
      if (json) return json;
      const made = Buffer.from(JSON.stringify(body.toString('utf8')), 'utf8');
      if (keepJson && !keepJson(made.length)) return made;
      json = made;
      return json;
    },
    heldBytes: () => body.length + (json?.length ?? 0),
  };
}

/**
 * `{...head, "content": <text>, ...tail}` as JSON, the content's JSON literal written from the shared bytes: an answer
 * holding a 5 MB script costs no 5 MB string per request.
 */
export function sendJsonWithContent(res: Response, head: Record<string, unknown>, text: VersionBody, tail: Record<string, unknown>): void {
  // As `res.json` would: an ETag the caller set that the client already holds answers 304.
  if (res.get('ETag') && res.req.fresh) {
    res.status(304).end();
    return;
  }
  const open = Buffer.from(`${JSON.stringify(head).slice(0, -1)}${Object.keys(head).length > 0 ? ',' : ''}"content":`, 'utf8');
  const close = Buffer.from(Object.keys(tail).length > 0 ? `,${JSON.stringify(tail).slice(1)}` : '}', 'utf8');
  const content = text.json();
  const length = open.length + content.length + close.length;
  if (length > MAX_RESPONSE_BYTES) {
    sendTooLarge(res); // written in parts, past the response cap's check of `send`: a text escaped past the limit
    return;
  }
  res.type('application/json; charset=utf-8');
  res.set('Content-Length', String(length));
  res.write(open);
  res.write(content);
  res.end(close);
}
