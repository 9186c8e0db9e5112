import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { accountsProjection } from './accounts.projection';
import { accountQueries } from './queries';

let position = 0n;
function event(type: string, data: Record<string, unknown>): ProjectedEvent {
  position += 1n;
  return {
    type,
    data,
    streamName: 'test',
    position,
    positionKey: toPositionKey(position),
    metadata: { actorId: 'user:u1', at: '2026-11-30T10:00:00.000Z', schemaVersion: 1 },
  } as unknown as ProjectedEvent;
}

const stores: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe('API keys of a deleted account (accounts projection)', () => {
  const registered = event('UserRegistered', { userId: 'u1', username: 'ann', email: null, passwordHash: 'h' });
  const key = (keyId: string) => event('ApiKeyCreated', { keyId, ownerId: 'u1', name: 'ci', keyHash: `hash-${keyId}`, keyPreview: 'lv_…' });

  it('a key created after its account was deleted (a create racing the deletion) never authenticates', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    stores.push(store);
    const before = key('k1');
    const deleted = event('AccountDeleted', { userId: 'u1' });
    const raced = key('k2');
    for (const e of [registered, before, deleted, raced]) await accountsProjection.apply(e, store);
    expect(await accountQueries(store).apiKeyByHash('hash-k1')).toBeNull();
    expect(await accountQueries(store).apiKeyByHash('hash-k2')).toBeNull();
  });
});
