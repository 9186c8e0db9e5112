import type { AppContext } from './context';
import { purgeExpiredTrash } from './trash';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MIN_INTERVAL_MS = 100;

/** How often the purge looks: ten times per trash period, at most hourly (a short TRASH_DAYS in tests looks often). */
export function trashPurgeIntervalMs(trashDays: number): number {
  return Math.max(MIN_INTERVAL_MS, Math.min(HOUR_MS, (trashDays * DAY_MS) / 10));
}

export interface TrashPurgeJob {
  stop(): Promise<void>;
}

/**
 * The automatic purge, in the projector process (never per request): every interval it appends purge events for
 * entries trashed more than TRASH_DAYS before `ctx().now()`. `ctx` answers null while this process cannot write
 * (no projector yet); a failed run is logged and tried again at the next interval.
 */
export function startTrashPurgeJob(ctx: () => AppContext | null, trashDays: number, log: (message: string, error?: unknown) => void): TrashPurgeJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    const current = ctx();
    if (stopped || running || !current) return;
    running = purgeExpiredTrash(current)
      .then((purged) => void (purged > 0 && log(`trash: purged ${purged} expired entries`)))
      .catch((error: unknown) => log('trash purge failed', error))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, trashPurgeIntervalMs(trashDays));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
