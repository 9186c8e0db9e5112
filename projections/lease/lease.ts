/**
 * One projector writes the read models at a time. The holder renews its lease well before it expires;
 * a standby keeps trying and takes over once a holder stops renewing (it died or lost its connection).
 */
export interface Lease {
  /** Takes or renews the lease for `holder` if it is free, expired or already `holder`'s. */
  tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (graceful shutdown), if `holder` has it. */
  release(name: string, holder: string): Promise<void>;
  close(): Promise<void>;
}
