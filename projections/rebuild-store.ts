import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../services/config';
import { openEmbeddedReadStore } from './read-store/embedded-read-store';
import { openMongoReadStore } from './read-store/mongo-read-store';
import { databaseName } from '../services/mongodb/connect';
import type { ReadStore } from './read-store/read-store';
import type { Projection } from './projection';
import { adoptReadModels } from './rebuild';

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
  if (basename(source) !== source || !source.endsWith('.sqlite')) throw new Error(`not a rebuild file name: ${source}`);
  return openEmbeddedReadStore(join(config.dataDir, source));
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

/** Adopts the rebuild named `source` into the live read models (run by the projector lease holder, projector stopped). */
export async function adoptRebuild(config: Config, source: string, live: ReadStore, projections: Projection[], signal?: AbortSignal): Promise<void> {
  const rebuilt = await openRebuildStore(config, source);
  try {
    await adoptReadModels(rebuilt, live, projections, signal);
  } finally {
    await rebuilt.close();
  }
}
