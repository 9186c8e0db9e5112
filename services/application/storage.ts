import { accountQueries } from '../../projections/accounts/queries';
import type { AppContext } from './context';
import { NOTHING_HELD, type StorageHold } from './storage-reservations';

export { formatSize } from './storage-reservations';

const MB = 1024 * 1024;

export interface StorageUse {
  usedBytes: number;
  /** null: unlimited (ACCOUNT_STORAGE_QUOTA_MB=0) */
  quotaBytes: number | null;
}

export function storageQuotaBytes(ctx: AppContext): number | null {
  const mb = ctx.config.accountStorageQuotaMb;
  return mb > 0 ? Math.floor(mb * MB) : null;
}

export async function storageOf(ctx: AppContext, userId: string): Promise<StorageUse> {
  return { usedBytes: await accountQueries(ctx.readStore).storageOf(userId), quotaBytes: storageQuotaBytes(ctx) };
}

/**
 * Takes `addedBytes` of the account's storage quota for a write about to be appended, or refuses it (413) when the
 * stored versions and the writes already in progress leave no room. The caller gives the hold back when the write
 * settled (`whileHeld`). Unlimited storage holds nothing.
 */
export async function reserveStorageFor(ctx: AppContext, userId: string, addedBytes: number): Promise<StorageHold> {
  const quotaBytes = storageQuotaBytes(ctx);
  if (quotaBytes === null) return NOTHING_HELD;
  return ctx.storageReservations.reserve(ctx, userId, addedBytes, quotaBytes);
}
