/**
 * One projector writes the read models at a time. The holder renews its lease well before it expires;
 * a standby keeps trying and takes over once a holder stops renewing (it died or lost its connection).
 *
 * The same store carries swap requests: a rebuild that finished its own copy of the read models asks the holder of
 * the projector lease to adopt it. Only the holder writes the live read models, so the swap needs no second writer.
 */
export interface Lease {
  /** Takes or renews the lease for `holder` if it is free, expired or already `holder`'s. */
  tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (graceful shutdown), if `holder` has it. */
  release(name: string, holder: string): Promise<void>;
  /** The holder of the unexpired lease `name`, or null when it is free or expired. */
  currentHolder(name: string): Promise<string | null>;
  /** Posts a swap request for the holder of lease `name` (replacing any earlier request for it). */
  requestSwap(name: string, request: SwapRequest): Promise<void>;
  /** The swap request waiting for the holder of lease `name` (state `requested`), if any. */
  pendingSwap(name: string): Promise<SwapRequest | null>;
  /** Moves swap `id` from `from` to `to` (compare-and-set); false when it is not in `from` any more. */
  moveSwap(name: string, id: string, from: SwapState, to: SwapState, detail?: string): Promise<boolean>;
  swapStatus(name: string, id: string): Promise<{ state: SwapState; detail: string | null } | null>;
  close(): Promise<void>;
}

export interface SwapRequest {
  id: string;
  /** who asked (a rebuild's holder id), for the logs */
  requester: string;
  /** where the rebuilt read models are (a file or database name the adopter knows how to open) */
  source: string;
}

/** requested -> adopting -> done | failed; requested -> failed when the requester gives up first. */
export type SwapState = 'requested' | 'adopting' | 'done' | 'failed';
