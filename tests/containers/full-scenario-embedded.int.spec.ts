import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/client';
import { fullScenario } from './full-scenario';

/** The full HTTP scenario on the embedded default (SQLite event log + embedded read models): runs everywhere. */

let server: TestServer | undefined;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

describe('full scenario on the embedded default', () => {
  it('register, create, save, restore, share, raw fetch, folder share, delete', async () => {
    await fullScenario(server!.url);
  });
});
