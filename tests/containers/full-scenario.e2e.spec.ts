import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/client';
import { fullScenario } from './full-scenario';
import { startEventStoreContainer, startMongoContainer } from '../setup/containers';

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
    const [eventStore, readStore] = await Promise.all([startEventStoreContainer(), startMongoContainer()]);
    esdb = eventStore.container;
    mongo = readStore.container;
    const EVENTSTORE_URL = eventStore.url;
    const MONGODB_URL = readStore.url;
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
