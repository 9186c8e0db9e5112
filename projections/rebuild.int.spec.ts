import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import { openEmbeddedReadStore } from './read-store/embedded-read-store';
import { rebuildContract } from './rebuild.contract';

describe('rebuild on the embedded stores', () => {
  rebuildContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
    const eventStore = openSqliteEventStore(join(dir, 'events.sqlite'));
    const readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    return {
      eventStore,
      readStore,
      openOther: () => openEmbeddedReadStore(join(dir, 'copy.sqlite')),
      async cleanup() {
        await readStore.close();
        await eventStore.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
