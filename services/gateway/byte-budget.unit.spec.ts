import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget';

/** How the body budget shares itself out: large requests never reach the part kept for small ones. */

const answer = () => new EventEmitter() as EventEmitter & { once(event: 'close', listener: () => void): unknown };
const budget = () => new ByteBudget(1000, { perAccount: 300, perAddress: 400, reservedForSmall: 200, perAddressSmall: 100, smallRequest: 50 });

describe('ByteBudget', () => {
  it('large requests stop at the budget less the reserve; small ones may use all of it', () => {
    const b = budget();
    for (const address of ['a', 'b']) expect(b.heldUntilClosed(answer(), { address }, 999)(400)).toBe('held');
    expect(b.heldUntilClosed(answer(), { address: 'c' }, 999)(1)).toBe('busy'); // 800 = 1000 - 200
    for (const address of ['d', 'e', 'f', 'g']) expect(b.heldUntilClosed(answer(), { address }, 50)(50)).toBe('held');
    expect(b.heldUntilClosed(answer(), { address: 'h' }, 50)(1)).toBe('busy');
    expect(b.inUse).toBe(1000);
  });

  it('an address holds at most its share of large requests, whatever its accounts, and an account its own', () => {
    const b = budget();
    expect(b.heldUntilClosed(answer(), { account: 'm1', address: 'x' }, 999)(300)).toBe('held');
    expect(b.heldUntilClosed(answer(), { account: 'm1', address: 'y' }, 999)(1)).toBe('over-account');
    expect(b.heldUntilClosed(answer(), { account: 'm2', address: 'x' }, 999)(100)).toBe('held');
    expect(b.heldUntilClosed(answer(), { account: 'm3', address: 'x' }, 999)(1)).toBe('over-address');
    // The address's small requests count apart: its large ones do not shut them out (a shared NAT).
    expect(b.heldUntilClosed(answer(), { account: 'alice', address: 'x' }, 40)(40)).toBe('held');
  });

  it("small requests of one address stop at that address's small share", () => {
    const b = budget();
    const first = b.heldUntilClosed(answer(), { address: 'x' }, 50);
    expect(first(50)).toBe('held');
    expect(b.heldUntilClosed(answer(), { address: 'x' }, 50)(50)).toBe('held');
    expect(b.heldUntilClosed(answer(), { address: 'x' }, 50)(1)).toBe('over-address');
    expect(b.heldUntilClosed(answer(), { address: 'y' }, 50)(50)).toBe('held');
  });

  it('a request that announces no size (chunked) is large', () => {
    const b = new ByteBudget(100, { reservedForSmall: 60, smallRequest: 50 });
    expect(b.heldUntilClosed(answer())(41)).toBe('busy');
    expect(b.heldUntilClosed(answer(), {}, 10)(10)).toBe('held');
  });

  it('gives every share back when the answer closes', () => {
    const b = budget();
    const closing = answer();
    expect(b.heldUntilClosed(closing, { account: 'm', address: 'x' }, 999)(300)).toBe('held');
    closing.emit('close');
    expect(b.inUse).toBe(0);
    expect(b.heldUntilClosed(answer(), { account: 'm', address: 'x' }, 999)(300)).toBe('held');
  });
});
