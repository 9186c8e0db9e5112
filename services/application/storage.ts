import { accountQueries } from '../../projections/accounts/queries';
import { PayloadTooLargeError } from '../domain/script/limits';
import type { AppContext } from './context';

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

/** `12.3 MB`, `450 KB`, `80 bytes`: one decimal at most, never rounded up past what is there. */
export function formatSize(bytes: number): string {
  const oneDecimal = (value: number) => String(Math.floor(value * 10) / 10);
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Refuses a write that would take the account past its storage quota (413). The tally is a read model, so writes
 * racing each other can each pass the check: the quota can be overshot by at most the versions in flight at once.
 */
export async function requireStorageFor(ctx: AppContext, userId: string, addedBytes: number): Promise<void> {
  const quotaBytes = storageQuotaBytes(ctx);
  if (quotaBytes === null) return;
  const usedBytes = await accountQueries(ctx.readStore).storageOf(userId);
  if (usedBytes + addedBytes <= quotaBytes) return;
  throw new PayloadTooLargeError(
    `Storage limit reached: ${formatSize(usedBytes)} of ${formatSize(quotaBytes)} used, and this needs ${formatSize(addedBytes)} more. Delete scripts you no longer need and empty the trash to make room.`,
    { usedBytes, quotaBytes },
  );
}
