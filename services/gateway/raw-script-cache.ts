import { SCRIPT_EVENT_TYPES } from '../domain/script/events';
import type { ReadStore } from '../../projections/read-store/read-store';
import { sharedViewQueries } from '../../projections/workspace/queries';
import type { SharedScriptHead } from '../../projections/workspace/documents';
import type { ProjectedEvent } from '../../projections/projection';

export interface RawEntry {
  scriptId: string;
  /** the share view without its content: what the link allows (pinned versions, history), for the Express share routes */
  head: SharedScriptHead;
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

export const RAW_CACHE_ENTRIES = 10_000;

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
  private readonly loading = new Map<string, Promise<RawEntry | null>>();
  private readonly queries;
  private bytes = 0;

  constructor(
    readStore: ReadStore,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly maxEntries = RAW_CACHE_ENTRIES,
    /** bodies live outside the V8 heap: bound them in bytes too, not just in entries (TEXT_CACHE_MB gives half of its own) */
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {
    this.queries = sharedViewQueries(readStore);
  }

  /** Bytes of the bodies kept, as counted against the budget. */
  get heldBytes(): number {
    return this.bytes;
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

  load(shareId: string): Promise<RawEntry | null> {
    const cached = this.peek(shareId);
    if (cached) return Promise.resolve(cached);
    // Misses of one link arriving together share one read (a burst on a large script would parse it once each).
    let loading = this.loading.get(shareId);
    if (!loading) {
      loading = this.read(shareId).finally(() => this.loading.delete(shareId));
      this.loading.set(shareId, loading);
    }
    return loading;
  }

  private async read(shareId: string): Promise<RawEntry | null> {
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
    const { content: _content, ...head } = doc;
    const entry: RawEntry = { scriptId: doc.scriptId, head, body, etag: doc.etag, ...responseHeaders(doc.etag, body.length), loadedAt: Date.now() };
    if (body.length > this.maxBytes) return entry; // served, never cached
    // The read may have seen the document before an event of its script was projected (a save, a revoke) whose
    // eviction found nothing to evict yet: served once, as the request began before it, but not kept.
    if (projectedMeanwhile.has(doc.scriptId)) return entry;
    if (this.entries.has(shareId)) this.evict(shareId); // a load that outlived an eviction and a newer load
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
      // A request arriving from now on must not join a read that began before this event: it reads afresh.
      if (this.loading.size > 0) this.loading.clear();
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
