/**
 * Bytes a group of requests may hold at once, all together (request bodies being read and kept until their answer
 * is sent): each request within its own limit could still add up to more memory than the host has.
 */
export class ByteBudget {
  private held = 0;
  constructor(readonly limit: number) {}
  /** false when `bytes` more would go over the limit (nothing taken then) */
  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }
  give(bytes: number): void {
    this.held -= bytes;
  }
  get inUse(): number {
    return this.held;
  }
}
