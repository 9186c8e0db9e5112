import { loadConfig } from '../services/config';
import { openStorage } from '../services/storage';
import { allProjections } from './registry';
import { rebuildReadModels } from './rebuild';

/**
 * `npm run projections:rebuild`: rebuild every read model from the start of the log.
 * On the embedded default, stop the server first (it holds the same files).
 */
const config = loadConfig();
const storage = await openStorage(config);
console.log(`Rebuilding read models from ${storage.description}`);
try {
  const { head, seconds } = await rebuildReadModels(storage.eventStore, storage.readStore, allProjections, (position, head) => {
    console.log(`  ${position} / ${head} events`);
  });
  console.log(`Rebuilt every read model up to position ${head} in ${seconds.toFixed(1)} s`);
} finally {
  await storage.readStore.close();
  await storage.eventStore.close();
}
