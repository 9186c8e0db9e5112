import type { EventStore } from '../eventstore/event-store';
import { scriptViewsStream, type ViewKind } from '../domain/script/events';

/** What one flush records per script: a count per kind. */
type Pending = Map<string, { scriptId: string; kind: ViewKind; count: number }>;

/**
 * Counts views of shared scripts in memory and records them as one `ScriptViewsCounted` event per script and kind
 * per interval: a raw URL fetched 10,000 times a second costs one event a second, not 10,000. Page views and raw
 * fetches are separate events, so the by-day read model can tell them apart.
 */
export class ViewCounter {
  private pending: Pending = new Map();
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

  count(scriptId: string, kind: ViewKind): void {
    this.add(this.pending, scriptId, kind, 1);
  }

  private add(into: Pending, scriptId: string, kind: ViewKind, count: number): void {
    const key = `${kind}:${scriptId}`;
    const entry = into.get(key);
    if (entry) entry.count += count;
    else into.set(key, { scriptId, kind, count });
  }

  /** Records every pending count; counts that fail to record are kept for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      this.pending = new Map();
      const at = new Date().toISOString();
      for (const { scriptId, kind, count } of batch.values()) {
        try {
          await this.eventStore.appendToStream(
            scriptViewsStream(scriptId),
            [{ type: 'ScriptViewsCounted', data: { scriptId, count, kind }, metadata: { actorId: 'system:views', at, schemaVersion: 1 } }],
            { expectedRevision: 'any' },
          );
        } catch (error) {
          this.add(this.pending, scriptId, kind, count);
          this.log('recording views failed; will retry', error);
        }
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
