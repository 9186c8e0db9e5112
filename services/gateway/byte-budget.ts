/**
 * Bytes a group of requests may hold at once, all together (request bodies being read and kept until their answer
 * is sent): each request within its own limit could still add up to more memory than the host has.
 */
export class ByteBudget {
  private held = 0;
  constructor(readonly limit: number) {}

  /**
   * What one request holds: taken as it reads (`hold(bytes)` is false, taking nothing, once the budget is spent) and
   * given back all at once when `answer` closes (sent, or its connection dropped).
   */
  heldUntilClosed(answer: { once(event: 'close', listener: () => void): unknown }): (bytes: number) => boolean {
    let held = 0;
    answer.once('close', () => {
      this.held -= held;
      held = 0;
    });
    return (bytes) => {
      if (this.held + bytes > this.limit) return false;
      this.held += bytes;
      held += bytes;
      return true;
    };
  }

  get inUse(): number {
    return this.held;
  }
}
