import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { startMongoContainer } from '../../tests/setup/containers';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openMongoReadStore } from './mongo-read-store';
import { readStoreContract } from './read-store.contract';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`MongoReadStore e2e skipped: ${reason}`);

describe.skipIf(reason)('MongoReadStore against mongo:7 (testcontainers)', () => {
  let container: StartedMongoDBContainer | undefined;
  let url = '';
  let databases = 0;

  beforeAll(async () => {
    ({ container, url } = await startMongoContainer());
  });

  afterAll(async () => {
    await container?.stop();
  });

  readStoreContract('mongo', async () => {
    const store = await openMongoReadStore(url, `contract_${process.pid}_${++databases}`);
    return {
      store,
      cleanup: async () => {
        await store.dropAll();
        await store.close();
      },
    };
  });
});
