import { SCRIPT_EVENT_TYPES } from '../domain/script/events';
import type { ReadStore } from '../../projections/read-store/read-store';
import { sharedViewQueries } from '../../projections/workspace/queries';
import type { ProjectedEvent } from '../../projections/projection';

export interface RawEntry {
  scriptId: string;
  body: Buffer;
  etag: string;
  /** response headers built once per entry, in Node's flat [name, value, ...] form */
  headers: string[];
  notModifiedHeaders: string[];
  loadedAt: number;
}

function responseHeaders(etag: string, length: number) {
  const common = ['ETag', etag, 'Cache-Control', 'no-cache', 'X-Content-Type-Options', 'nosniff', 'Access-Control-Allow-Origin', '*'];
  return { headers: [...common, 'Content-Type', 'text/plain; charset=utf-8', 'Content-Length', String(length)], notModifiedHeaders: common };
}

/**
 * The raw URL's answers, kept in memory as ready-to-send bytes with the ETag the projection computed.
 * Entries are dropped when the projector applies an event of their script (in-process) or after `maxAgeMs`
 * (a gateway without a projector of its own), so a save is visible on the raw URL as soon as it is projected.
 */
export class RawScriptCache {
  private readonly entries = new Map<string, RawEntry>();
  private readonly shareIdsByScript = new Map<string, string>();
  /** per load in flight: the scripts whose events were projected while it read (its answer may predate them) */
  private readonly inFlight = new Set<Set<string>>();
  private readonly queries;
  private bytes = 0;

  constructor(
    readStore: ReadStore,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly maxEntries = 10_000,
    /** bodies live outside the V8 heap: bound them in bytes too, not just in entries */
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {
    this.queries = sharedViewQueries(readStore);
  }

  /** The cached entry if fresh: lets the hot path answer without awaiting anything. */
  peek(shareId: string): RawEntry | undefined {
    const entry = this.entries.get(shareId);
    if (entry && Date.now() - entry.loadedAt > this.maxAgeMs) {
      this.evict(shareId);
      return undefined;
    }
    return entry;
  }

  async load(shareId: string): Promise<RawEntry | null> {
    const cached = this.peek(shareId);
    if (cached) return cached;
    const projectedMeanwhile = new Set<string>();
    this.inFlight.add(projectedMeanwhile);
    let doc;
    try {
      doc = await this.queries.sharedScript(shareId);
    } finally {
      this.inFlight.delete(projectedMeanwhile);
    }
    if (!doc) return null;
    const body = Buffer.from(doc.content, 'utf8');
    const entry: RawEntry = { scriptId: doc.scriptId, body, etag: doc.etag, ...responseHeaders(doc.etag, body.length), loadedAt: Date.now() };
    if (body.length > this.maxBytes) return entry; // served, never cached
    // The read may have seen the document before an event of its script was projected (a save, a revoke) whose
    // eviction found nothing to evict yet: served once, as the request began before it, but not kept.
    if (projectedMeanwhile.has(doc.scriptId)) return entry;
    if (this.entries.has(shareId)) this.evict(shareId); // two concurrent misses of one link
    while (this.entries.size >= this.maxEntries || this.bytes + body.length > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.evict(oldest);
    }
    this.entries.set(shareId, entry);
    this.bytes += body.length;
    this.shareIdsByScript.set(doc.scriptId, shareId);
    return entry;
  }

  /** Called after each projected batch: drop entries of scripts whose content or sharing changed. */
  onProjected(events: ProjectedEvent[]): void {
    for (const event of events) {
      if (!SCRIPT_EVENT_TYPES.has(event.type)) continue;
      const scriptId = (event.data as { scriptId: string }).scriptId;
      for (const touched of this.inFlight) touched.add(scriptId);
      const shareId = this.shareIdsByScript.get(scriptId);
      if (shareId) this.evict(shareId);
    }
  }

  private evict(shareId: string): void {
    const entry = this.entries.get(shareId);
    this.entries.delete(shareId);
    if (entry) {
      this.shareIdsByScript.delete(entry.scriptId);
      this.bytes -= entry.body.length;
    }
  }
}
