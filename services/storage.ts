import { join } from 'node:path';
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import type { Config } from './config';
import type { EventStore } from './eventstore/event-store';
import { openSqliteEventStore } from './eventstore/sqlite-event-store';
import { openEsdbEventStore } from './eventstore/esdb-event-store';
import type { SubscriptionErrors } from './eventstore/subscription-errors';
import type { ReadStore } from '../projections/read-store/read-store';
import { openEmbeddedReadStore } from '../projections/read-store/embedded-read-store';
import { openMongoReadStore } from '../projections/read-store/mongo-read-store';
import type { DataKeyStore, KeyShredder } from './security/data-keys';
import { openSqliteDataKeyStore } from './security/sqlite-data-keys';
import { MongoDataKeyStore } from './security/mongo-data-keys';
import { SealedEventStore } from './security/sealed-event-store';

export interface Storage {
  eventStore: EventStore;
  readStore: ReadStore;
  /** destroys an account's data key (account deletion: crypto-shredding) */
  shredder: KeyShredder;
  /** for the start-up banner */
  description: string;
}

/** EventStoreDB and MongoDB when their URLs are set, else the embedded SQLite stores in DATA_DIR. */
export async function openStorage(config: Config, options: { subscriptionErrors?: SubscriptionErrors } = {}): Promise<Storage> {
  secureDataDir(config.dataDir);
  // The server's own stores checkpoint their WAL on worker threads, off the event loop (wal-checkpointer.ts).
  const eventStore = await openEventLog(config, { ...options, backgroundCheckpoints: true });
  const readStore = config.mongodbUrl
    ? await openMongoReadStore(config.mongodbUrl)
    : await openEmbeddedReadStore(join(config.dataDir, 'read-models.sqlite'), { cacheBytes: config.readCacheMb * 1024 * 1024, backgroundCheckpoints: true, searchOnWorker: true });
  const events = config.eventStoreUrl ? 'EventStoreDB' : `embedded SQLite event log (${join(config.dataDir, 'events.sqlite')})`;
  const reads = config.mongodbUrl ? 'MongoDB read models' : `embedded read models (${join(config.dataDir, 'read-models.sqlite')})`;
  // SQLite gives -wal/-shm its database file's mode; files from an older install (0644) are tightened here too.
  secureDataDir(config.dataDir);
  return { eventStore, readStore, shredder: eventStore, description: `${events} + ${reads}` };
}

/**
 * The event log as every reader and writer must see it: personal fields sealed with per-account keys kept outside the
 * append-only log (docs/decisions.md). The server, the rebuild and any tool that reads or appends events open it here,
 * never the raw adapter, or they would read ciphertext (and write events account deletion cannot shred).
 */
export async function openEventLog(
  config: Config,
  options: { subscriptionErrors?: SubscriptionErrors; backgroundCheckpoints?: boolean } = {},
): Promise<SealedEventStore> {
  const log = config.eventStoreUrl
    ? openEsdbEventStore(config.eventStoreUrl, options.subscriptionErrors)
    : openSqliteEventStore(join(config.dataDir, 'events.sqlite'), { backgroundCheckpoints: options.backgroundCheckpoints });
  const dataKeys: DataKeyStore = config.mongodbUrl
    ? await MongoDataKeyStore.open(config.mongodbUrl)
    : openSqliteDataKeyStore(join(config.dataDir, 'data-keys.sqlite'));
  return new SealedEventStore(log, dataKeys);
}

/**
 * DATA_DIR holds the event log, read models, lease and secrets: the directory is 0700 and every file in it 0600,
 * whatever the process umask (services/main.ts also sets 0077 for files created later).
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrict(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) secureDataDir(path);
    else if (entry.isFile()) restrict(path, 0o600);
  }
}

/** chmod, except on what another user owns (a mounted volume's root, a secret mounted read-only): not ours to change. */
function restrict(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
