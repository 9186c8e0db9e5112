import { join } from 'node:path';
import { loadConfig } from '../services/config';
import { openStorage } from '../services/storage';
import { LeasedRunner } from './leased-projector';
import { openSqliteLease } from './lease/sqlite-lease';
import { openMongoLease } from './lease/mongo-lease';
import { allProjections } from './registry';
import { rebuildReadModels } from './rebuild';
import { randomId } from '../services/security/secrets';

/**
 * `npm run projections:rebuild`: rebuild every read model from the start of the log.
 * It takes the projector lease first, so no projector writes while it rebuilds: with MongoDB a running projector
 * is paused (it takes the lease back afterwards) and gateways keep serving the old read models until the swap;
 * on the embedded default the lease is refused while `npm start` runs, so stop the server first.
 */
const config = loadConfig();
const lease = config.mongodbUrl ? await openMongoLease(config.mongodbUrl) : openSqliteLease(join(config.dataDir, 'projector-lease.sqlite'));
const runner = new LeasedRunner(lease, { holder: `rebuild-${randomId(6)}`, ttlMs: 30_000 });
try {
  await runner.start(async () => {
    const storage = await openStorage(config);
    console.log(`Rebuilding read models from ${storage.description}`);
    try {
      const { head, seconds } = await rebuildReadModels(storage.eventStore, storage.readStore, allProjections, (position, head) => {
        console.log(`  ${position} / ${head}`);
      });
      console.log(`Rebuilt every read model up to position ${head} in ${seconds.toFixed(1)} s`);
    } finally {
      await storage.readStore.close();
      await storage.eventStore.close();
    }
    return { stop: async () => undefined };
  }, Boolean(config.mongodbUrl));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await runner.stop();
}
