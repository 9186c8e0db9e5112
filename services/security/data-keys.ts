import { randomBytes } from 'node:crypto';
import { DomainError } from '../domain/shared/errors';

/**
 * Per-account data keys (AES-256), kept outside the append-only log so that destroying one makes that account's
 * sealed events unreadable for good (crypto-shredding). Two adapters: SQLite in DATA_DIR and a MongoDB collection;
 * one contract suite (`data-keys.contract.ts`) covers both.
 */
export interface DataKeyStore {
  /** The account's key, created on first use. Throws `DataKeyDestroyedError` once the key was destroyed. */
  keyFor(ownerId: string): Promise<Buffer>;
  /** The account's key, or null when it never existed or was destroyed. */
  find(ownerId: string): Promise<Buffer | null>;
  /** Destroys the key for good and leaves a tombstone, so no new key is ever made for this account. */
  destroy(ownerId: string): Promise<void>;
  close(): Promise<void>;
}

export const DATA_KEY_BYTES = 32;

export const newDataKey = (): Buffer => randomBytes(DATA_KEY_BYTES);

/**
 * Content for a deleted account must not be written readable, so sealing refuses rather than make a fresh key.
 * A request racing the deletion gets a 410, not a 500.
 */
export class DataKeyDestroyedError extends DomainError {
  constructor(readonly ownerId: string) {
    super(410, 'This account has been deleted');
  }
}

/** What account deletion needs: destroy the key, and forget it in this process at once. */
export interface KeyShredder {
  destroyKey(ownerId: string): Promise<void>;
}
