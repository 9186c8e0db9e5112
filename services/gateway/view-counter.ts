import type { EventStore } from '../eventstore/event-store';
import { scriptViewsStream } from '../domain/script/events';

/**
 * Counts views of shared scripts in memory and records them as one `ScriptViewsCounted` event per script
 * per interval: a raw URL fetched 10,000 times a second costs one event a second, not 10,000.
 */
export class ViewCounter {
  private pending = new Map<string, number>();
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

  count(scriptId: string): void {
    this.pending.set(scriptId, (this.pending.get(scriptId) ?? 0) + 1);
  }

  /** Records every pending count; counts that fail to record are kept for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      this.pending = new Map();
      const at = new Date().toISOString();
      for (const [scriptId, count] of batch) {
        try {
          await this.eventStore.appendToStream(
            scriptViewsStream(scriptId),
            [{ type: 'ScriptViewsCounted', data: { scriptId, count }, metadata: { actorId: 'system:views', at, schemaVersion: 1 } }],
            { expectedRevision: 'any' },
          );
        } catch (error) {
          this.pending.set(scriptId, (this.pending.get(scriptId) ?? 0) + count);
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
