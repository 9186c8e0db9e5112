import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { openEsdbEventStore } from './esdb-event-store';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`EventStoreDB e2e skipped: ${reason}`);

describe.skipIf(reason)('EsdbEventStore on eventstore/eventstore:24.10', () => {
  let container: StartedTestContainer | undefined;
  let connectionString = '';

  beforeAll(async () => {
    container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
      })
      .withExposedPorts(2113)
      // /health/live answers 204 No Content by default
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status === 200 || status === 204))
      .withStartupTimeout(110_000)
      .start();
    // Built by hand: client 6.x cannot parse the kurrentdb:// strings newer helpers return.
    connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  });

  afterAll(async () => {
    await container?.stop();
  });

  eventStoreContract('eventstoredb', async () => {
    const store = openEsdbEventStore(connectionString);
    return { store, cleanup: () => store.close() };
  });
});
