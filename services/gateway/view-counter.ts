import type { EventStore } from '../eventstore/event-store';
import { scriptViewsStream, VIEW_KINDS, type ViewKind } from '../domain/script/events';

/** What one flush records: per kind, a count per script. */
type Pending = Record<ViewKind, Map<string, number>>;
const noneYet = (): Pending => ({ page: new Map(), raw: new Map() });

/**
 * Counts views of shared scripts in memory and records them as one `ScriptViewsCounted` event per script and kind
 * per interval: a raw URL fetched 10,000 times a second costs one event a second, not 10,000. Page views and raw
 * fetches are separate events, so the by-day read model can tell them apart.
 */
export class ViewCounter {
  private pending: Pending = noneYet();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** One view (or `count` of them: a failed flush's, kept for the next). */
  count(scriptId: string, kind: ViewKind, count = 1): void {
    const counts = this.pending[kind];
    counts.set(scriptId, (counts.get(scriptId) ?? 0) + count);
  }

  /** Records every pending count; counts that fail to record are kept for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      this.pending = noneYet();
      const at = new Date().toISOString();
      for (const kind of VIEW_KINDS) {
        for (const [scriptId, count] of batch[kind]) await this.record(scriptId, kind, count, at);
      }
    });
    return this.flushing;
  }

  /** One event for one script and kind; a count that fails to record goes back for the next flush. */
  private async record(scriptId: string, kind: ViewKind, count: number, at: string): Promise<void> {
    try {
      await this.eventStore.appendToStream(
        scriptViewsStream(scriptId),
        [{ type: 'ScriptViewsCounted', data: { scriptId, count, kind }, metadata: { actorId: 'system:views', at, schemaVersion: 1 } }],
        { expectedRevision: 'any' },
      );
    } catch (error) {
      this.count(scriptId, kind, count);
      this.log('recording views failed; will retry', error);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
