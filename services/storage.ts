import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Config } from './config';
import type { EventStore } from './eventstore/event-store';
import { openSqliteEventStore } from './eventstore/sqlite-event-store';
import { openEsdbEventStore } from './eventstore/esdb-event-store';
import type { ReadStore } from '../projections/read-store/read-store';
import { openEmbeddedReadStore } from '../projections/read-store/embedded-read-store';
import { openMongoReadStore } from '../projections/read-store/mongo-read-store';

export interface Storage {
  eventStore: EventStore;
  readStore: ReadStore;
  /** for the start-up banner */
  description: string;
}

/** EventStoreDB and MongoDB when their URLs are set, else the embedded SQLite stores in DATA_DIR. */
export async function openStorage(config: Config): Promise<Storage> {
  mkdirSync(config.dataDir, { recursive: true });
  const eventStore = config.eventStoreUrl
    ? openEsdbEventStore(config.eventStoreUrl)
    : openSqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const readStore = config.mongodbUrl
    ? await openMongoReadStore(config.mongodbUrl)
    : await openEmbeddedReadStore(join(config.dataDir, 'read-models.sqlite'), { cacheBytes: config.readCacheMb * 1024 * 1024 });
  const events = config.eventStoreUrl ? 'EventStoreDB' : `embedded SQLite event log (${join(config.dataDir, 'events.sqlite')})`;
  const reads = config.mongodbUrl ? 'MongoDB read models' : `embedded read models (${join(config.dataDir, 'read-models.sqlite')})`;
  return { eventStore, readStore, description: `${events} + ${reads}` };
}
