import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { openEsdbEventStore } from './esdb-event-store';
import { startEventStoreContainer } from '../../tests/setup/containers';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`EventStoreDB e2e skipped: ${reason}`);

describe.skipIf(reason)('EsdbEventStore on eventstore/eventstore:24.10', () => {
  let container: StartedTestContainer | undefined;
  let connectionString = '';

  beforeAll(async () => {
    ({ container, url: connectionString } = await startEventStoreContainer());
  });

  afterAll(async () => {
    await container?.stop();
  });

  eventStoreContract('eventstoredb', async () => {
    const store = openEsdbEventStore(connectionString);
    return { store, cleanup: () => store.close() };
  });
});
