import { accountQueries } from '../../projections/accounts/queries';
import { StoredNotVisibleError } from '../domain/shared/errors';
import { PayloadTooLargeError } from '../domain/script/limits';
import type { AppContext } from './context';

/** One account's writes in progress: `held` bytes reserved; `released` counts every byte ever given back (see reserve). */
interface AccountHolds {
  held: number;
  released: number;
  /** reserve calls awaiting the tally: the entry must outlive them */
  pending: number;
}

/** Bytes of a write in progress, taken from the account's quota before the append and given back once settled. */
export interface StorageHold {
  /** gives back `bytes` (default: all still held); never more than held */
  release(bytes?: number): void;
  /** what is still held */
  readonly bytes: number;
}

export const NOTHING_HELD: StorageHold = { release: () => undefined, bytes: 0 };
/** Reads of the tally retried when writes of the account settled meanwhile (each read is then counted conservatively). */
const TALLY_READS = 3;

/**
 * The storage quota's writes in progress, per account, in this process. The tally (a read model) includes a write only
 * once it is projected, so ten parallel 4 MB saves each saw 91 MB used and all passed a 100 MB quota. A write now
 * reserves its bytes here first: the quota is checked against the tally plus what is reserved, and the reservation is
 * given back when the write failed, or when the tally includes it (the use cases wait for the read models).
 * Per process: gateways do not see each other's reservations (docs/security.md).
 */
export class StorageReservations {
  private readonly accounts = new Map<string, AccountHolds>();

  /** Bytes reserved for the account's writes in progress. */
  heldBy(userId: string): number {
    return this.accounts.get(userId)?.held ?? 0;
  }

  /**
   * Reserves `bytes` for the account, or refuses with the quota's 413. A write that settles while the tally is read may
   * or may not be in what was read: its bytes are counted as well (never under the quota; at worst a refusal is retried).
   */
  async reserve(ctx: AppContext, userId: string, bytes: number, quotaBytes: number): Promise<StorageHold> {
    const account = this.entry(userId);
    account.pending++;
    try {
      for (let read = 1; ; read++) {
        const releasedBefore = account.released;
        const usedBytes = await accountQueries(ctx.readStore).storageOf(userId);
        const settledMeanwhile = account.released - releasedBefore;
        const inProgress = account.held + settledMeanwhile;
        if (usedBytes + inProgress + bytes <= quotaBytes) {
          account.held += bytes;
          return this.hold(userId, account, bytes);
        }
        if (settledMeanwhile === 0 || read >= TALLY_READS) throw quotaError(usedBytes, inProgress, bytes, quotaBytes);
      }
    } finally {
      account.pending--;
      this.forgetIfIdle(userId, account);
    }
  }

  private entry(userId: string): AccountHolds {
    let account = this.accounts.get(userId);
    if (!account) this.accounts.set(userId, (account = { held: 0, released: 0, pending: 0 }));
    return account;
  }

  private hold(userId: string, account: AccountHolds, bytes: number): StorageHold {
    let left = bytes;
    return {
      release: (some = left) => {
        const given = Math.min(Math.max(0, some), left);
        if (given === 0) return;
        left -= given;
        account.held -= given;
        account.released += given;
        this.forgetIfIdle(userId, account);
      },
      get bytes() {
        return left;
      },
    };
  }

  private forgetIfIdle(userId: string, account: AccountHolds): void {
    if (account.held === 0 && account.pending === 0 && this.accounts.get(userId) === account) this.accounts.delete(userId);
  }
}

function quotaError(usedBytes: number, inProgress: number, addedBytes: number, quotaBytes: number): PayloadTooLargeError {
  const pending = inProgress > 0 ? ` (and ${formatSize(inProgress)} more being saved right now)` : '';
  return new PayloadTooLargeError(
    `Storage limit reached: ${formatSize(usedBytes)} of ${formatSize(quotaBytes)} used${pending}, and this needs ${formatSize(addedBytes)} more. Delete scripts you no longer need and empty the trash to make room.`,
    { usedBytes, inProgressBytes: inProgress, quotaBytes },
  );
}

const MB = 1024 * 1024;

/** `12.3 MB`, `450 KB`, `80 bytes`: one decimal at most, never rounded up past what is there. */
export function formatSize(bytes: number): string {
  const oneDecimal = (value: number) => String(Math.floor(value * 10) / 10);
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Runs `write` with `hold` taken, and gives `bytes` of it (default: all it then holds) back once the write settled: at
 * once when it failed or succeeded (the caller's write resolves after the read models include it), or, when it was
 * stored but is not visible yet, once the tally catches up (else the stored bytes would count nowhere for a while).
 */
export async function whileHeld<T>(ctx: AppContext, hold: StorageHold, write: () => Promise<T>, bytes?: number): Promise<T> {
  try {
    const result = await write();
    hold.release(bytes);
    return result;
  } catch (error) {
    if (error instanceof StoredNotVisibleError) void releaseOnceVisible(ctx, hold, bytes, error);
    else hold.release(bytes);
    throw error;
  }
}

/** A few bounded waits for the stored write's position, then the bytes go back whatever happened (never held forever). */
async function releaseOnceVisible(ctx: AppContext, hold: StorageHold, bytes: number | undefined, error: StoredNotVisibleError): Promise<void> {
  const position = error.details.position;
  try {
    if (typeof position === 'string') {
      for (let wait = 0; wait < 12; wait++) if ((await ctx.watermark.waitFor(BigInt(position))) !== false) break;
    }
  } catch {
    // the watermark failed: give the bytes back below
  } finally {
    hold.release(bytes);
  }
}

/**
 * A hold for a command decided on state read per attempt (a title-only save stores the current content again): each
 * attempt takes what it needs with `take`, giving back what an earlier attempt took.
 */
export function retakableHold(reserve: (bytes: number) => Promise<StorageHold>): { hold: StorageHold; take(bytes: number): Promise<void> } {
  let current = NOTHING_HELD;
  return {
    hold: {
      release: (bytes?: number) => current.release(bytes),
      get bytes() {
        return current.bytes;
      },
    },
    async take(bytes) {
      current.release();
      current = NOTHING_HELD;
      current = await reserve(bytes);
    },
  };
}
