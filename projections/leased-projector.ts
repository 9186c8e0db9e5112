import type { Lease } from './lease/lease';

export const PROJECTOR_LEASE = 'projector';

export interface LeaseOptions {
  holder: string;
  ttlMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Keeps a lease while a projector runs: `run` starts once the lease is ours (waiting if another instance has it),
 * renewal happens every third of the TTL, and if renewal ever fails the projector is stopped at once, so two
 * instances never write the read models together. `waitForLease: false` fails fast instead of waiting.
 */
export class LeasedRunner {
  private renewTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: { stop(): Promise<void> } | null = null;
  private readonly ttlMs: number;

  constructor(
    private readonly lease: Lease,
    private readonly options: LeaseOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
  }

  /**
   * Resolves once the lease is held and `start` has run. Even with `waitForLease: false` it tries for one TTL:
   * a lease left behind by an instance that died (kill -9, power loss) expires within its TTL, so a restart right
   * after a crash must not fail; a lease still held after a full TTL is being renewed by a live instance.
   */
  async start(start: () => Promise<{ stop(): Promise<void> }>, waitForLease = true): Promise<void> {
    const giveUpAt = Date.now() + this.ttlMs + Math.min(this.ttlMs / 3, 1000);
    while (!(await this.lease.tryAcquire(PROJECTOR_LEASE, this.options.holder, this.ttlMs))) {
      if (!waitForLease && Date.now() >= giveUpAt) {
        throw new Error('Another LuaVault projector holds the lease (is another instance running on this DATA_DIR?)');
      }
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.ttlMs / 3, 1000)));
    }
    if (this.stopped) return;
    this.running = await start();
    this.renewTimer = setInterval(() => void this.renew(), this.ttlMs / 3);
  }

  get holding(): boolean {
    return this.running !== null;
  }

  private async renew(): Promise<void> {
    let kept = false;
    try {
      kept = await this.lease.tryAcquire(PROJECTOR_LEASE, this.options.holder, this.ttlMs);
    } catch (error) {
      this.options.log?.('renewing the projector lease failed', error);
    }
    if (!kept && this.running) {
      this.options.log?.('projector lease lost: stopping this projector');
      await this.stopRunning();
    }
  }

  private async stopRunning(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    const running = this.running;
    this.running = null;
    await running?.stop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const held = this.running !== null;
    await this.stopRunning();
    if (held) await this.lease.release(PROJECTOR_LEASE, this.options.holder).catch(() => undefined);
    await this.lease.close();
  }
}
