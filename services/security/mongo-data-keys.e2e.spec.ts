import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { describe } from 'vitest';
import { startMongoContainer } from '../../tests/setup/containers';
import { dataKeyStoreContract } from './data-keys.contract';
import { MongoDataKeyStore } from './mongo-data-keys';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`MongoDataKeyStore e2e skipped: ${reason}`);

describe.skipIf(reason)('MongoDataKeyStore against mongo:7 (testcontainers)', () => {
  let container: StartedMongoDBContainer | undefined;
  let url = '';
  let databases = 0;

  beforeAll(async () => {
    ({ container, url } = await startMongoContainer());
  });

  afterAll(async () => {
    await container?.stop();
  });

  dataKeyStoreContract('mongo', async () => {
    const database = `datakeys_${process.pid}_${++databases}`;
    return {
      open: () => MongoDataKeyStore.open(url, { database }),
      cleanup: async () => {
        const store = await MongoDataKeyStore.open(url, { database });
        await store.drop();
        await store.close();
      },
    };
  });
});
