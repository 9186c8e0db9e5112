import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';

/** EventStoreDB 24.10, insecure single node in memory, and the connection string client 6.x understands. */
export async function startEventStoreContainer(): Promise<{ container: StartedTestContainer; url: string }> {
  const container = await new GenericContainer('eventstore/eventstore:24.10')
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
  return { container, url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false` };
}

/** mongo:7 as a one-node replica set; `url` reaches it through the mapped port (`directConnection`). */
export async function startMongoContainer(database = 'luavault'): Promise<{ container: StartedMongoDBContainer; url: string }> {
  const container = await new MongoDBContainer('mongo:7').start();
  // A one-node replica set announces its in-container host name: connect to the mapped port directly.
  return { container, url: `${container.getConnectionString()}/${database}?directConnection=true` };
}
