import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/client';
import { fullScenario } from './full-scenario';

/**
 * The full HTTP scenario on the production stores: EventStoreDB 24.10 and MongoDB 7 in containers, the server
 * started with EVENTSTORE_URL and MONGODB_URL. Skipped, with the reason printed, where no Docker engine answers.
 */

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`full scenario on EventStoreDB + MongoDB skipped: ${reason}`);

describe.skipIf(reason)('full scenario on EventStoreDB + MongoDB (testcontainers)', () => {
  let esdb: StartedTestContainer | undefined;
  let mongo: StartedMongoDBContainer | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    [esdb, mongo] = await Promise.all([
      new GenericContainer('eventstore/eventstore:24.10')
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
        .start(),
      new MongoDBContainer('mongo:7').start(),
    ]);
    // Built by hand: client 6.x cannot parse the kurrentdb:// strings newer helpers return.
    const EVENTSTORE_URL = `esdb://${esdb.getHost()}:${esdb.getMappedPort(2113)}?tls=false`;
    // A one-node replica set announces its in-container host name: connect to the mapped port directly.
    const MONGODB_URL = `${mongo.getConnectionString()}/luavault?directConnection=true`;
    // startTestServer calls startServer({ port: 0, dataDir, env }) with these URLs over its silent, secret-free defaults.
    server = await startTestServer({ env: { EVENTSTORE_URL, MONGODB_URL } });
  });

  afterAll(async () => {
    await server?.dispose();
    await Promise.all([esdb?.stop(), mongo?.stop()]);
  });

  it('register, create, save, restore, share, raw fetch, folder share, delete', async () => {
    await fullScenario(server!.url);
  });
});
