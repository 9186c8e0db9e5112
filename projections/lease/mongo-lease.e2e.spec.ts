import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { startMongoContainer } from '../../tests/setup/containers';
import { leaseContract } from './lease.contract';
import { openMongoLease } from './mongo-lease';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`MongoDB lease skipped: ${reason}`);

describe.skipIf(reason)('projector lease on mongo:7', () => {
  let container: StartedMongoDBContainer | undefined;
  let url = '';
  let run = 0;
  beforeAll(async () => {
    ({ container, url } = await startMongoContainer());
  });
  afterAll(async () => {
    await container?.stop();
  });

  leaseContract(async (clock) => {
    // a database per test: every test starts with no lease and no swap request
    const dbUrl = url.replace(/\/[^/?]*(\?|$)/, `/lease_${process.pid}_${run++}$1`);
    const first = await openMongoLease(dbUrl, () => clock.now);
    const second = await openMongoLease(dbUrl, () => clock.now);
    return {
      first,
      second,
      async cleanup() {
        await first.close();
        await second.close();
      },
    };
  });
});
