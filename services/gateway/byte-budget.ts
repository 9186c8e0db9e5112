/** What taking bytes from a budget came to. */
export type HoldOutcome = 'held' | 'busy' | 'over-share';

/**
 * Bytes a group of requests may hold at once, all together (request bodies being read and kept until their answer
 * is sent): each request within its own limit could still add up to more memory than the host has. One holder (an
 * account) may hold at most `perHolder` of it, so a few slow requests of one account cannot take every byte and
 * turn everyone else away.
 */
export class ByteBudget {
  private held = 0;
  private readonly byHolder = new Map<string, number>();
  constructor(
    readonly limit: number,
    readonly perHolder = limit,
  ) {}

  /**
   * What one request holds: taken as it reads (`hold(bytes)` takes nothing unless it answers 'held') and given back
   * all at once when `answer` closes (sent, or its connection dropped). `holder`: whose share it counts against.
   */
  heldUntilClosed(answer: { once(event: 'close', listener: () => void): unknown }, holder?: string): (bytes: number) => HoldOutcome {
    let held = 0;
    answer.once('close', () => {
      this.held -= held;
      if (holder !== undefined) {
        const left = (this.byHolder.get(holder) ?? 0) - held;
        if (left > 0) this.byHolder.set(holder, left);
        else this.byHolder.delete(holder);
      }
      held = 0;
    });
    return (bytes) => {
      if (holder !== undefined && (this.byHolder.get(holder) ?? 0) + bytes > this.perHolder) return 'over-share';
      if (this.held + bytes > this.limit) return 'busy';
      this.held += bytes;
      held += bytes;
      if (holder !== undefined) this.byHolder.set(holder, (this.byHolder.get(holder) ?? 0) + bytes);
      return 'held';
    };
  }

  get inUse(): number {
    return this.held;
  }
}
