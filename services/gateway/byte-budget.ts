import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { userIdOf } from './middleware/auth';
import { addressKey } from './rate-limit/client-address';

/** What taking bytes from a budget came to. */
export type HoldOutcome = 'held' | 'busy' | 'over-account' | 'over-address';

/** How a budget is shared out. Every figure counts the budget's own units (bytes, or bytes times a factor). */
export interface BudgetShares {
  /** most one account may hold in large requests */
  perAccount: number;
  /** most one client address may hold in large requests, all its accounts together */
  perAddress: number;
  /** kept for small requests: large ones stop at `limit - reservedForSmall` */
  reservedForSmall: number;
  /** most one client address may hold in small requests */
  perAddressSmall: number;
  /** a request announcing (Content-Length) at most this much is small; one announcing nothing (chunked) is large */
  smallRequest: number;
}

/** Whose shares a request counts against. */
export interface Holders {
  account?: string;
  address?: string;
}

/**
 * Bytes a group of requests may hold at once, all together (request bodies being read and kept until their answer
 * is sent): each request within its own limit could still add up to more memory than the host has.
 * Large requests held open must never starve small ones (five accounts of one address trickling large saves once
 * held the whole budget, and every other user's 300-byte save answered 503): large requests may fill the budget only
 * up to `limit - reservedForSmall`, one account at most `perAccount` of it and one address at most `perAddress`
 * (perAccount < perAddress < limit - reservedForSmall). Small requests may use the whole budget, one address at most
 * `perAddressSmall` of it at once; what an address holds in large requests does not count there, so a small save
 * still passes behind the NAT of an attacker holding large ones.
 */
export class ByteBudget {
  private held = 0;
  private readonly byAccount = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private readonly byAddressSmall = new Map<string, number>();
  readonly shares: BudgetShares;

  constructor(
    readonly limit: number,
    shares: Partial<BudgetShares> = {},
  ) {
    this.shares = { perAccount: Infinity, perAddress: Infinity, reservedForSmall: 0, perAddressSmall: Infinity, smallRequest: 0, ...shares };
  }

  /**
   * What one request holds: taken as it reads (`hold(bytes)` takes nothing unless it answers 'held') and given back
   * all at once when `answer` closes (sent, or its connection dropped). `announced`: the size its Content-Length
   * declared, in the budget's units (undefined: chunked); the parser never lets a body pass what it declared.
   */
  heldUntilClosed(answer: { once(event: 'close', listener: () => void): unknown }, holders: Holders = {}, announced?: number): (bytes: number) => HoldOutcome {
    let held = 0;
    const { account, address } = holders;
    const small = announced !== undefined && announced <= this.shares.smallRequest;
    // Small requests count per address apart from large ones; only large ones count per account.
    const perAccount = small ? undefined : account;
    const tally = small ? this.byAddressSmall : this.byAddress;
    const { perAccount: accountShare, reservedForSmall } = this.shares;
    const addressShare = small ? this.shares.perAddressSmall : this.shares.perAddress;
    const ceiling = small ? this.limit : this.limit - reservedForSmall;
    answer.once('close', () => {
      this.held -= held;
      if (perAccount !== undefined) give(this.byAccount, perAccount, held);
      if (address !== undefined) give(tally, address, held);
      held = 0;
    });
    return (bytes) => {
      if (perAccount !== undefined && (this.byAccount.get(perAccount) ?? 0) + bytes > accountShare) return 'over-account';
      if (address !== undefined && (tally.get(address) ?? 0) + bytes > addressShare) return 'over-address';
      if (this.held + bytes > ceiling) return 'busy';
      this.held += bytes;
      held += bytes;
      if (perAccount !== undefined) this.byAccount.set(perAccount, (this.byAccount.get(perAccount) ?? 0) + bytes);
      if (address !== undefined) tally.set(address, (tally.get(address) ?? 0) + bytes);
      return 'held';
    };
  }

  get inUse(): number {
    return this.held;
  }
}

function give(tally: Map<string, number>, holder: string, bytes: number): void {
  const left = (tally.get(holder) ?? 0) - bytes;
  if (left > 0) tally.set(holder, left);
  else tally.delete(holder);
}

/** The request's account (once authenticated) and client address (as rate limits see it: TRUST_PROXY, IPv6 /64). */
export function holdersOf(req: Pick<Request, 'ip' | 'socket'>, res: Pick<Response, 'locals'>): Holders {
  const ip = req.ip ?? req.socket.remoteAddress;
  return { account: userIdOf(res), address: ip === undefined ? undefined : addressKey(ip) };
}

/** The body size a request's Content-Length declares; NaN when it declares none (chunked). */
export function announcedBytes(req: IncomingMessage): number {
  const length = req.headers['content-length'];
  return length === undefined ? Number.NaN : Number(length);
}
