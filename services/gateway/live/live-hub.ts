import type { ReadStore } from '../../../projections/read-store/read-store';
import { toPositionKey } from '../../../projections/projection';
import { changeFeedProjection } from '../../../projections/change-feed/change-feed.projection';
import { changeFeedQueries } from '../../../projections/change-feed/queries';
import type { ChangeEntryDoc } from '../../../projections/change-feed/documents';

/** One message on a user's stream: `id` is the log position (decimal), `type` the SSE event name. */
export interface LiveMessage {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export interface LiveStream {
  send(message: LiveMessage): void;
  /** ends the HTTP response (the client reconnects, with its Last-Event-ID) */
  close(): void;
}

export interface LiveHubOptions {
  /** most open streams per user; opening one more closes the oldest */
  maxStreamsPerUser: number;
  /** how often the feed is read while anyone listens (a gateway without its own projector); null: only when woken */
  pollMs: number | null;
  /**
   * Which of these sessions are still live (signed in, not expired, account not deleted). Asked on every poll for a
   * slice of the open streams: a gateway without its own projector never sees the events that end sessions.
   */
  liveSessions?: (sessions: { userId: string; sessionId: string }[]) => Promise<Set<string>>;
  log: (message: string, error?: unknown) => void;
}

const PAGE = 500;
/** Streams whose session one poll checks (one query); the next poll goes on with the next ones. */
const SESSIONS_PER_SWEEP = 500;

type Subscriber = { userId: string; sessionId: string | null; stream: LiveStream; cursor: string; replaying: boolean; queued: ChangeEntryDoc[] };
/** What `projected` needs of an event. */
type SessionEvent = { type: string; data: unknown };

/**
 * Fans the change feed out to open streams. It keeps no state another gateway needs: every gateway reads the same
 * feed (a read model, committed with its checkpoint), woken by its in-process projector's batches or by polling.
 * One read per wake-up serves every listener; positions only move forward, so nothing is sent twice or skipped.
 */
export class LiveHub {
  private readonly feed;
  private readonly byUser = new Map<string, Subscriber[]>();
  /** feed entries up to this position have been handed out (null while nobody listens) */
  private dispatched: string | null = null;
  private refreshing: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private sweepFrom = 0;
  private sweeping = false;

  constructor(
    private readonly readStore: ReadStore,
    private readonly options: LiveHubOptions,
  ) {
    this.feed = changeFeedQueries(readStore);
  }

  get listeners(): number {
    let n = 0;
    for (const list of this.byUser.values()) n += list.length;
    return n;
  }

  /**
   * The in-process projector committed `events`: streams of a deleted account, or of a session signed out (by itself,
   * from another device, or by a password change), end at once rather than at their next heartbeat; then the feed is
   * read.
   */
  projected(events: readonly SessionEvent[]): void {
    for (const { type, data } of events) {
      if (type !== 'AccountDeleted' && type !== 'UserSignedOut') continue;
      const { userId, sessionId } = data as { userId: string; sessionId?: string };
      // a copy: closing a stream removes it from the list
      for (const s of [...(this.byUser.get(userId) ?? [])]) if (type === 'AccountDeleted' || s.sessionId === sessionId) s.stream.close();
    }
    this.wake();
  }

  /** New events were projected (the in-process projector's batch hook). */
  wake(): void {
    if (this.dispatched === null) return;
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = this.refresh()
      .catch((error) => this.options.log('live updates: reading the change feed failed', error))
      .finally(() => {
        this.refreshing = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Opens a user's stream. With `lastEventId` the entries after it are replayed first, or, when the feed no longer
   * holds them all (or the id is from the future), a `reset` tells the client to reload. Without one a `ready`
   * message names the current position, so even a stream that received nothing resumes exactly.
   */
  async subscribe(userId: string, lastEventId: bigint | null, stream: LiveStream, sessionId: string | null = null): Promise<() => void> {
    if (this.dispatched === null) {
      const start = await this.checkpointKey();
      // Another first stream may have started reading while this one read the checkpoint: one timer, not two.
      if (this.dispatched === null) {
        this.dispatched = start;
        if (this.options.pollMs) this.timer = setInterval(() => (this.wake(), this.sweepSessions()), this.options.pollMs);
      }
    }
    const subscriber: Subscriber = { userId, sessionId, stream, cursor: this.dispatched, replaying: true, queued: [] };
    const list = this.byUser.get(userId) ?? [];
    list.push(subscriber);
    this.byUser.set(userId, list);
    while (list.length > this.options.maxStreamsPerUser) list.shift()!.stream.close();
    const unsubscribe = () => this.remove(subscriber);

    try {
      const here = this.dispatched;
      const after = lastEventId === null ? null : keyOf(lastEventId);
      if (after === null) stream.send({ id: fromKey(here), type: 'ready', data: {} });
      else if (after > (await this.checkpointKey()) || after < ((await this.feed.prunedThrough(userId)) ?? '')) {
        stream.send({ id: fromKey(here), type: 'reset', data: { reason: 'The change feed no longer holds every change since your last event: reload.' } });
      } else {
        subscriber.cursor = after;
        for (;;) {
          const page = await this.feed.forUserAfter(userId, subscriber.cursor, PAGE);
          for (const entry of page) this.send(subscriber, entry);
          if (page.length < PAGE) break;
        }
      }
    } finally {
      subscriber.replaying = false;
      for (const entry of subscriber.queued.splice(0)) this.deliver(subscriber, entry);
    }
    return unsubscribe;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const list of this.byUser.values()) for (const s of list) s.stream.close();
    this.byUser.clear();
    this.dispatched = null;
  }

  /** Ends the streams, among the next slice, whose session is no longer live (see `liveSessions`). */
  private sweepSessions(): void {
    const liveSessions = this.options.liveSessions;
    if (!liveSessions || this.sweeping) return;
    const all = [...this.byUser.values()].flat().filter((s): s is Subscriber & { sessionId: string } => s.sessionId !== null);
    if (this.sweepFrom >= all.length) this.sweepFrom = 0;
    const slice = all.slice(this.sweepFrom, this.sweepFrom + SESSIONS_PER_SWEEP);
    this.sweepFrom += slice.length;
    if (slice.length === 0) return;
    this.sweeping = true;
    liveSessions(slice.map((s) => ({ userId: s.userId, sessionId: s.sessionId })))
      .then((live) => {
        for (const s of slice) if (!live.has(s.sessionId)) s.stream.close();
      })
      .catch((error) => this.options.log('live updates: checking sessions failed', error)) // the next poll tries again
      .finally(() => (this.sweeping = false));
  }

  private async refresh(): Promise<void> {
    const through = await this.checkpointKey();
    while (this.dispatched !== null && this.dispatched < through) {
      const page = await this.feed.between(this.dispatched, through, PAGE);
      for (const entry of page) for (const s of this.byUser.get(entry.userId) ?? []) this.deliver(s, entry);
      if (this.dispatched === null) return; // everyone left meanwhile
      this.dispatched = page.length < PAGE ? through : page[page.length - 1]!.positionKey;
    }
  }

  private deliver(subscriber: Subscriber, entry: ChangeEntryDoc): void {
    if (subscriber.replaying) {
      subscriber.queued.push(entry);
      return;
    }
    this.send(subscriber, entry);
  }

  private send(subscriber: Subscriber, entry: ChangeEntryDoc): void {
    if (entry.positionKey <= subscriber.cursor) return;
    subscriber.cursor = entry.positionKey;
    subscriber.stream.send({ id: fromKey(entry.positionKey), type: entry.type, data: entry.data });
  }

  private remove(subscriber: Subscriber): void {
    const list = this.byUser.get(subscriber.userId);
    if (!list) return;
    const at = list.indexOf(subscriber);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.byUser.delete(subscriber.userId);
    if (this.byUser.size === 0) {
      // Nobody listens: stop reading; the next stream starts from the checkpoint of its time.
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      this.dispatched = null;
    }
  }

  private async checkpointKey(): Promise<string> {
    return keyOf((await this.readStore.getCheckpoint(changeFeedProjection.name)) ?? -1n);
  }
}

/** Positions as comparable strings; before the first event (-1) sorts below every key. */
const keyOf = (position: bigint) => (position < 0n ? '' : toPositionKey(position));
/** A position key back to the plain decimal clients see. */
const fromKey = (key: string) => (key === '' ? '-1' : BigInt(key).toString());
