import type { Lease, SwapRequest } from './lease/lease';

export const PROJECTOR_LEASE = 'projector';

export interface LeaseOptions {
  holder: string;
  ttlMs?: number;
  /** which lease (default: the projector's) */
  name?: string;
  log?: (message: string, error?: unknown) => void;
  /**
   * Adopts rebuilt read models named by a swap request. Called while this instance holds the lease and nothing
   * else of it writes the read models; `signal` aborts once the lease may be lost (stop writing then).
   */
  adopt?: (swap: SwapRequest, signal: AbortSignal) => Promise<void>;
}

/** What the lease holder is doing: `waiting` for the lease, `holding` it, `stopped` on purpose, or `failed` (a bug). */
export type LeaseStatus = 'waiting' | 'holding' | 'stopped' | 'failed';

interface Work {
  stop(): Promise<void>;
}

/**
 * The holder's clock. A renewal is sent every third of the TTL and must answer within a quarter of it. The lease
 * counts as ours only until `sentAt + ttl - safetyMargin` of the last confirmed renewal (the store set its expiry
 * no earlier than `sentAt + ttl`), so the holder stops writing a quarter TTL before any standby can take over,
 * even while a renewal hangs. That quarter is the time a batch in flight has to finish.
 */
export function leaseTiming(ttlMs: number) {
  return {
    renewEveryMs: ttlMs / 3,
    renewTimeoutMs: ttlMs / 4,
    safetyMarginMs: ttlMs / 4,
    /** poll interval while another instance holds the lease */
    pollMs: Math.min(ttlMs / 3, 1000),
    /** first and longest wait after an error (store unreachable, start failed) */
    backoffMs: (failures: number) => Math.min(Math.min(ttlMs / 10, 500) * 2 ** failures, Math.max(ttlMs, 1000)),
  };
}

class TimedOut extends Error {}

/**
 * Keeps a lease while some work (the projector) runs, and only then. One loop, one step at a time:
 * acquire (polling while another instance holds the lease, backing off on errors), start the work, renew
 * sequentially; a renewal that fails, is refused, or is not confirmed in time fences the work (stops it) and the
 * loop goes back to acquiring. A local watchdog fences the work when the lease may have expired, even while a
 * renewal still hangs. A start that throws is logged and retried. Swap requests (a finished rebuild) are checked
 * after each renewal and adopted while the work is stopped.
 */
export class LeasedRunner {
  private readonly ttlMs: number;
  private readonly name: string;
  private readonly timing: ReturnType<typeof leaseTiming>;
  private stopped = false;
  private failure: unknown = null;
  private loopDone: Promise<void> | null = null;
  /** the lease is confirmed ours until this local time */
  private validUntil = 0;
  private watchdog: NodeJS.Timeout | null = null;
  /** work currently running (projector), its pending start, or an adoption */
  private running: Work | null = null;
  private starting: Promise<void> | null = null;
  private adopting: { done: Promise<void>; abort: AbortController } | null = null;
  private startFailed = false;
  private wake: (() => void) | null = null;
  private firstStart: { resolve(): void; reject(error: Error): void } | null = null;
  private lastError = '';

  constructor(
    private readonly lease: Lease,
    private readonly options: LeaseOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.name = options.name ?? PROJECTOR_LEASE;
    this.timing = leaseTiming(this.ttlMs);
  }

  /**
   * Starts the loop; resolves once the lease is first held and `start` has run. With `waitForLease: false` it
   * rejects (and stops) when the lease is still held by another after one TTL, or when the first start fails:
   * a lease left behind by an instance that died expires within its TTL, so a restart right after a crash must
   * not fail, while one still held after a full TTL is being renewed by a live instance.
   */
  start(start: () => Promise<Work>, waitForLease = true): Promise<void> {
    const first = new Promise<void>((resolve, reject) => (this.firstStart = { resolve, reject }));
    const giveUpAt = waitForLease ? Number.POSITIVE_INFINITY : Date.now() + this.ttlMs + this.timing.pollMs;
    this.loopDone = this.loop(start, giveUpAt, !waitForLease).catch((error: unknown) => {
      this.failure = error;
      this.firstStart?.reject(error as Error);
      // Nobody renews the lease any more: stop writing now, not when the watchdog fires.
      this.validUntil = 0;
      void this.fence().catch(() => undefined);
      try {
        this.options.log?.(`the ${this.name} lease loop stopped on an unexpected error`, error);
      } catch {
        // the logger itself is what failed; /healthz says so
      }
    });
    return first;
  }

  /** true while the work runs under a confirmed lease */
  get holding(): boolean {
    return this.running !== null;
  }

  get status(): LeaseStatus {
    if (this.failure) return 'failed';
    if (this.stopped || !this.loopDone) return 'stopped';
    return this.validUntil > Date.now() ? 'holding' : 'waiting';
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.fence();
    await this.loopDone; // releases the lease if held
    await this.lease.close().catch(() => undefined);
  }

  private async loop(start: () => Promise<Work>, giveUpAt: number, failFirstStart: boolean): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const sentAt = Date.now();
      const acquired = await this.attempt('acquiring');
      if (this.stopped) {
        if (acquired) await this.release();
        break;
      }
      if (acquired !== true) {
        if (Date.now() >= giveUpAt) {
          this.stopped = true;
          const who = this.name === PROJECTOR_LEASE ? 'Another LuaVault projector holds the lease (is another instance running on this DATA_DIR?)' : `Another process holds the ${this.name} lease`;
          this.firstStart?.reject(new Error(who));
          return;
        }
        await this.sleep(acquired === false ? this.timing.pollMs : this.timing.backoffMs(failures++));
        continue;
      }
      this.confirm(sentAt);
      this.options.log?.(`${this.name} lease taken by ${this.options.holder}`);
      this.startWork(start, failFirstStart);
      await this.hold();
      await this.fence();
      // Stopping, or a failed start: give a standby its chance (and whatever failed, e.g. storage, time to recover).
      if (this.stopped || this.startFailed) await this.release();
      this.validUntil = 0;
      if (this.startFailed && !this.stopped) await this.sleep(this.timing.backoffMs(failures++));
      else if (!this.startFailed) failures = 0;
    }
  }

  /** Renews in sequence until the lease is lost, the work failed to start, or the runner stops. */
  private async hold(): Promise<void> {
    while (!this.stopped && !this.startFailed && this.validUntil > Date.now()) {
      // Paced from the last send, not its answer: a slow store must not push the next renewal past the deadline.
      await this.sleep(Math.max(0, this.lastSentAt + this.timing.renewEveryMs - Date.now()));
      if (this.stopped || this.startFailed || this.validUntil <= Date.now()) return;
      const sentAt = Date.now();
      const kept = await this.attempt('renewing');
      if (kept !== true) {
        this.options.log?.(`${this.name} lease ${kept === false ? 'taken by another instance' : 'not renewed in time'}: stopping until it is ours again`);
        return;
      }
      if (this.validUntil <= Date.now()) return; // the watchdog fenced the work while the renewal hung
      this.confirm(sentAt);
      await this.checkSwap();
    }
  }

  /** One lease call, bounded by the renewal timeout: true/false as answered, null on an error or timeout. */
  private async attempt(what: string): Promise<boolean | null> {
    try {
      const result = await this.bounded(this.lease.tryAcquire(this.name, this.options.holder, this.ttlMs));
      this.lastError = '';
      return result;
    } catch (error) {
      const message = error instanceof TimedOut ? 'timed out' : String((error as Error)?.message ?? error);
      // once per kind of error, not every retry
      if (message !== this.lastError) this.options.log?.(`${what} the ${this.name} lease failed (${message}), retrying`, error instanceof TimedOut ? undefined : error);
      this.lastError = message;
      return null;
    }
  }

  private async release(): Promise<void> {
    await this.bounded(this.lease.release(this.name, this.options.holder)).catch(() => undefined);
  }

  private bounded<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimedOut()), this.timing.renewTimeoutMs)));
    promise.catch(() => undefined); // a late failure after the timeout is not an unhandled rejection
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  private lastSentAt = 0;

  private confirm(sentAt: number): void {
    this.lastSentAt = sentAt;
    this.validUntil = sentAt + this.ttlMs - this.timing.safetyMarginMs;
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.options.log?.(`${this.name} lease may have expired (renewal not confirmed in time): stopping the work`);
      this.validUntil = 0;
      void this.fence();
      this.wake?.();
    }, Math.max(0, this.validUntil - Date.now()));
  }

  private startWork(start: () => Promise<Work>, failFirstStart: boolean): void {
    this.startFailed = false;
    this.starting = (async () => {
      try {
        const work = await start();
        if (this.validUntil > Date.now() && !this.stopped) {
          this.running = work;
          this.firstStart?.resolve();
          this.firstStart = null;
        } else {
          await work.stop(); // fenced while starting
        }
      } catch (error) {
        this.options.log?.('starting the projector failed, retrying', error);
        this.startFailed = true;
        this.wake?.();
        if (failFirstStart && this.firstStart) {
          this.stopped = true;
          this.firstStart.reject(error as Error);
        }
      }
    })();
    this.starting.finally(() => (this.starting = null)).catch(() => undefined);
    this.restart = () => this.startWork(start, false);
  }

  private restart: (() => void) | null = null;

  /** Stops the work (projector or adoption) and waits until it wrote its last. */
  private async fence(): Promise<void> {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    this.adopting?.abort.abort();
    await this.starting;
    await this.adopting?.done;
    const running = this.running;
    this.running = null;
    await running?.stop();
  }

  /** A swap request while we hold the lease: stop projecting, adopt (renewals go on meanwhile), start again. */
  private async checkSwap(): Promise<void> {
    if (!this.options.adopt || this.adopting || this.starting) return;
    const swap = await this.bounded(this.lease.pendingSwap(this.name)).catch(() => null);
    if (!swap || !(await this.bounded(this.lease.moveSwap(this.name, swap.id, 'requested', 'adopting')).catch(() => false))) return;
    this.options.log?.(`adopting the read models rebuilt by ${swap.requester}`);
    const abort = new AbortController();
    const adopt = this.options.adopt;
    const done = (async () => {
      const running = this.running;
      this.running = null;
      await running?.stop();
      try {
        await adopt(swap, abort.signal);
        await this.lease.moveSwap(this.name, swap.id, 'adopting', 'done');
        this.options.log?.('rebuilt read models adopted; projecting from their checkpoints');
      } catch (error) {
        this.options.log?.('adopting the rebuilt read models failed', error);
        await this.lease.moveSwap(this.name, swap.id, 'adopting', 'failed', String((error as Error)?.message ?? error)).catch(() => undefined);
      }
    })();
    this.adopting = { done, abort };
    void done.finally(() => {
      this.adopting = null;
      if (!abort.signal.aborted && !this.stopped && this.validUntil > Date.now()) this.restart?.();
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
