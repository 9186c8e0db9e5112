import type { StartedMongoDBContainer } from '@testcontainers/mongodb';
import { startMongoContainer } from '../tests/setup/containers';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import { openMongoReadStore } from './read-store/mongo-read-store';
import { rebuildContract } from './rebuild.contract';

const reason = inject('dockerUnavailableReason');
if (reason) console.log(`Rebuild on MongoDB skipped: ${reason}`);

describe.skipIf(reason)('rebuild into shadow collections on mongo:7, swapped in when caught up', () => {
  let container: StartedMongoDBContainer | undefined;
  let url = '';
  beforeAll(async () => {
    ({ container, url } = await startMongoContainer());
  });
  afterAll(async () => {
    await container?.stop();
  });

  rebuildContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-mongo-'));
    const eventStore = openSqliteEventStore(join(dir, 'events.sqlite'));
    const readStore = await openMongoReadStore(url, `rebuild_${process.pid}`);
    return {
      eventStore,
      readStore,
      openOther: () => openMongoReadStore(url, `rebuild_copy_${process.pid}`),
      async cleanup() {
        await readStore.dropAll();
        await readStore.close();
        await eventStore.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
