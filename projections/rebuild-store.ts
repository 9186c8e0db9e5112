import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../services/config';
import { EmbeddedReadStore, openEmbeddedReadStore } from './read-store/embedded-read-store';
import { openMongoReadStore } from './read-store/mongo-read-store';
import { databaseName } from '../services/mongodb/connect';
import type { ReadStore } from './read-store/read-store';
import type { Projection } from './projection';
import { adoptReadModels } from './rebuild';
import { SNAPSHOTS_COLLECTION } from '../services/application/decision-states';

/**
 * Where `npm run projections:rebuild` builds its copy of the read models beside the live ones: a file in DATA_DIR
 * on the embedded default, a database beside the live one on MongoDB. The name travels in the swap request, so
 * the projector that adopts it opens the same store; only the name is shared, never a path.
 */
export function rebuildSource(config: Config): string {
  return config.mongodbUrl ? `${liveDatabase(config.mongodbUrl)}_rebuild` : 'read-models.rebuild.sqlite';
}

export async function openRebuildStore(config: Config, source: string): Promise<ReadStore> {
  if (config.mongodbUrl) {
    if (!/^[\w-]+$/.test(source)) throw new Error(`not a rebuild database name: ${source}`);
    return openMongoReadStore(config.mongodbUrl, source);
  }
  return openEmbeddedReadStore(rebuildFile(config, source));
}

/** The embedded rebuild's file: a plain `.sqlite` name inside DATA_DIR (the name arrives in a swap request). */
function rebuildFile(config: Config, source: string): string {
  if (basename(source) !== source || !source.endsWith('.sqlite')) throw new Error(`not a rebuild file name: ${source}`);
  return join(config.dataDir, source);
}

/** Removes the rebuild's copy once adopted (or before a new rebuild starts from nothing). */
export async function removeRebuildStore(config: Config, source: string): Promise<void> {
  if (config.mongodbUrl) {
    const store = await openRebuildStore(config, source);
    await store.dropAll();
    await store.close();
    return;
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(config.dataDir, source + suffix), { force: true });
}

/** The live read models' database: the one named in the URL, else `luavault` (as every MongoDB adapter picks it). */
const liveDatabase = (url: string): string => databaseName(url);

/**
 * Adopts the rebuild named `source` into the live read models (run by the projector lease holder, projector stopped).
 * On the embedded default the rebuilt file replaces the live one (O(1), see `replaceWithFile`), keeping the
 * decision-state snapshots; on MongoDB the documents are copied over (see `adoptReadModels`).
 */
export async function adoptRebuild(config: Config, source: string, live: ReadStore, projections: Projection[], signal?: AbortSignal): Promise<void> {
  if (!config.mongodbUrl && live instanceof EmbeddedReadStore) {
    signal?.throwIfAborted();
    await live.replaceWithFile(rebuildFile(config, source), [SNAPSHOTS_COLLECTION]);
    return;
  }
  const rebuilt = await openRebuildStore(config, source);
  try {
    await adoptReadModels(rebuilt, live, projections, signal);
  } finally {
    await rebuilt.close();
  }
}
