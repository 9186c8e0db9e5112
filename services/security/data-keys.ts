import { randomBytes } from 'node:crypto';
import { DomainError } from '../domain/shared/errors';

/**
 * Data keys (AES-256), kept outside the append-only log so that destroying one makes what it sealed unreadable for
 * good (crypto-shredding). A key belongs to an account (its id is the account's) or to one script or folder of an
 * account (id `scriptKeyId(id)` / `folderKeyId(id)`, recorded as belonging to that account): purging the script or
 * folder destroys its key, deleting the account destroys the account's key and every key that belongs to it. Two adapters: SQLite in DATA_DIR and a
 * MongoDB collection; one contract suite (`data-keys.contract.ts`) covers both.
 */
export interface DataKeyStore {
  /**
   * The key `keyId`, created on first use; `account`: the account a new key belongs to (a script's key). Throws
   * `DataKeyDestroyedError` once the key, or the account it belongs to, was destroyed.
   */
  keyFor(keyId: string, account?: string): Promise<Buffer>;
  /** The key, or null when it never existed or was destroyed. */
  find(keyId: string): Promise<Buffer | null>;
  /**
   * Destroys the key for good and leaves a tombstone, so no new key is ever made under this id; with it every key that
   * belongs to it (an account's script keys).
   */
  destroy(keyId: string): Promise<void>;
  close(): Promise<void>;
}

/** The ids of a script's and a folder's own keys. Account ids never have this shape (no `:`). */
export const scriptKeyId = (scriptId: string): string => `script:${scriptId}`;
export const folderKeyId = (folderId: string): string => `folder:${folderId}`;

export const DATA_KEY_BYTES = 32;

export const newDataKey = (): Buffer => randomBytes(DATA_KEY_BYTES);

/**
 * Content for a deleted account must not be written readable, so sealing refuses rather than make a fresh key.
 * A request racing the deletion gets a 410, not a 500.
 */
export class DataKeyDestroyedError extends DomainError {
  constructor(readonly ownerId: string) {
    super(410, ownerId.startsWith('script:') ? 'This script was purged' : ownerId.startsWith('folder:') ? 'This folder was purged' : 'This account has been deleted');
  }
}

/** What account deletion and a script's purge need: destroy the key (and its dependants), and forget it in this process at once. */
export interface KeyShredder {
  destroyKey(keyId: string): Promise<void>;
}
