import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMongoContainer } from '../../../tests/setup/containers';
import { MongoRateLimitStore, RATE_LIMIT_COLLECTION } from './mongo-store';
import { rateLimitStoreContract } from './rate-limit-store.contract';
import { MongoClient } from 'mongodb';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`MongoRateLimitStore e2e skipped: ${reason}`);

describe.skipIf(reason)('MongoRateLimitStore against mongo:7 (testcontainers)', () => {
  let container: StartedMongoDBContainer | undefined;
  let url = '';
  let databases = 0;

  beforeAll(async () => {
    ({ container, url } = await startMongoContainer());
  });

  afterAll(async () => {
    await container?.stop();
  });

  rateLimitStoreContract('mongo', async (clock) => {
    const store = await MongoRateLimitStore.open(url, { database: `ratelimit_${process.pid}_${++databases}`, now: clock.now });
    return {
      store,
      cleanup: async () => {
        await store.drop();
        await store.close();
      },
    };
  });

  it('two gateways (two clients) take from one bucket, and refilled buckets carry a TTL index', async () => {
    const database = `ratelimit_${process.pid}_shared`;
    const now = () => Date.UTC(2026, 10, 24, 12, 0, 10); // one instant for both, whenever the test runs
    const [first, second] = await Promise.all([MongoRateLimitStore.open(url, { database, now }), MongoRateLimitStore.open(url, { database, now })]);
    await first.take('k', 2000);
    expect(await second.take('k', 3000, 60_000)).toEqual({ allowed: true, tat: now() + 5000 });
    expect(await second.take('k', 56_000, 60_000)).toEqual({ allowed: false, tat: now() + 5000 });
    const client = await new MongoClient(url).connect();
    const indexes = await client.db(database).collection(RATE_LIMIT_COLLECTION).indexes();
    expect(indexes.find((index) => index.key.expiresAt === 1)?.expireAfterSeconds).toBe(0);
    await client.close();
    await first.drop();
    await Promise.all([first.close(), second.close()]);
  });
});
