import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../../projections/projection';
import { accountsProjection } from '../../projections/accounts/accounts.projection';
import { liveSessionIds } from './accounts';
import type { AppContext } from './context';

let position = 0n;
function event(type: string, data: Record<string, unknown>): ProjectedEvent {
  position += 1n;
  return { type, data, streamName: 'test', position, positionKey: toPositionKey(position), metadata: { actorId: 'user:u1', at: '2026-11-30T10:00:00.000Z', schemaVersion: 1 } } as unknown as ProjectedEvent;
}

const stores: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe('liveSessionIds (the live-updates sweep of a gateway without a projector)', () => {
  it('keeps signed-in sessions of their own user; drops signed-out, expired and deleted-account ones', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    stores.push(store);
    const events = [
      event('UserRegistered', { userId: 'u1', username: 'ann', email: null, passwordHash: 'h' }),
      event('UserRegistered', { userId: 'u2', username: 'bob', email: null, passwordHash: 'h' }),
      event('UserSignedIn', { userId: 'u1', sessionId: 'live', expiresAt: '2026-12-30T10:00:00.000Z' }),
      event('UserSignedIn', { userId: 'u1', sessionId: 'out', expiresAt: '2026-12-30T10:00:00.000Z' }),
      event('UserSignedIn', { userId: 'u1', sessionId: 'old', expiresAt: '2026-11-30T11:00:00.000Z' }),
      event('UserSignedIn', { userId: 'u2', sessionId: 'gone', expiresAt: '2026-12-30T10:00:00.000Z' }),
      event('UserSignedOut', { userId: 'u1', sessionId: 'out' }),
      event('AccountDeleted', { userId: 'u2' }),
    ];
    for (const e of events) await accountsProjection.apply(e, store);
    const ctx = { readStore: store, now: () => '2026-11-30T12:00:00.000Z' } as unknown as AppContext;
    const asked = ['live', 'out', 'old', 'gone'].map((sessionId) => ({ userId: sessionId === 'gone' ? 'u2' : 'u1', sessionId }));
    expect(await liveSessionIds(ctx, asked)).toEqual(new Set(['live']));
    expect(await liveSessionIds(ctx, [{ userId: 'u2', sessionId: 'live' }])).toEqual(new Set()); // another user's session id
  });
});
