import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMongoContainer } from '../../tests/setup/containers';
import { openMongoReadStore } from '../../projections/read-store/mongo-read-store';
import { openMongoLease } from '../../projections/lease/mongo-lease';
import { MongoDataKeyStore } from '../security/mongo-data-keys';
import { MongoRateLimitStore, RATE_LIMIT_COLLECTION } from '../gateway/rate-limit/mongo-store';
import { newMongoClient } from './connect';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`MongoDB database naming skipped: ${reason}`);

describe.skipIf(reason)('one database for every MongoDB adapter on mongo:7', () => {
  let container: StartedMongoDBContainer | undefined;
  let bare = '';
  beforeAll(async () => {
    const started = await startMongoContainer();
    container = started.container;
    // The same server, through a URL that names no database.
    bare = `${started.container.getConnectionString()}/?directConnection=true`;
  }, 120_000);
  afterAll(async () => {
    await container?.stop();
  });

  it('puts read models, checkpoints, lease, data keys and rate-limit counters in luavault, nothing in test', async () => {
    const readStore = await openMongoReadStore(bare);
    await readStore.collection('scripts').replaceOne({ _id: 's1' }, { _id: 's1', title: undefined, ownerId: 'u1' }, { upsert: true });
    await readStore.commitBatch('workspace', 1n, async () => {});
    const lease = await openMongoLease(bare);
    expect(await lease.tryAcquire('projector', 'me', 10_000)).toBe(true);
    const keys = await MongoDataKeyStore.open(bare);
    await keys.keyFor('u1');
    const limits = await MongoRateLimitStore.open(bare);
    await limits.take('k', 1000, 60_000);

    const client = await newMongoClient(bare).connect();
    try {
      const names = async (db: string) => (await client.db(db).listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
      expect(await names('luavault')).toEqual(expect.arrayContaining(['checkpoints', 'dataKeys', 'projectorLeases', RATE_LIMIT_COLLECTION, 'scripts']));
      expect(await names('test')).toEqual([]);
      // undefined left out, as on the embedded store
      const raw = await client.db('luavault').collection('scripts').findOne({ _id: 's1' as never });
      expect(raw).toEqual({ _id: 's1', ownerId: 'u1' });
    } finally {
      await client.close();
      await Promise.all([readStore.close(), lease.close(), keys.close(), limits.close()]);
    }
  });
});
