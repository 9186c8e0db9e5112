import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../services/config';
import { openEventLog } from '../services/storage';
import { openSqliteLease } from './lease/sqlite-lease';
import { openMongoLease } from './lease/mongo-lease';
import { allProjections } from './registry';
import { rebuildBesideLive } from './rebuild-beside-live';
import { randomId } from '../services/security/secrets';

/**
 * `npm run projections:rebuild`: rebuild every read model from the start of the log, beside a running projector or
 * without one. The rebuild fills a copy of its own under its own lease, then the projector lease holder swaps it in
 * (see rebuild-beside-live.ts). Gateways keep serving the live read models throughout.
 *
 *   npm run projections:rebuild [-- --swap-timeout-s=600]
 */
const { values } = parseArgs({ options: { 'swap-timeout-s': { type: 'string' }, 'projector-lease-ttl-ms': { type: 'string' } } });
const config = loadConfig();
const openLease = async () =>
  config.mongodbUrl ? openMongoLease(config.mongodbUrl) : openSqliteLease(join(config.dataDir, 'projector-lease.sqlite'));
try {
  const { head, seconds } = await rebuildBesideLive(config, {
    holder: `rebuild-${randomId(6)}`,
    openLease,
    // Sealed like the server's: the projections must see the same plain events the live projector sees.
    openEventStore: () => openEventLog(config),
    projections: allProjections,
    swapTimeoutMs: values['swap-timeout-s'] ? Number(values['swap-timeout-s']) * 1000 : undefined,
    projectorLeaseTtlMs: values['projector-lease-ttl-ms'] ? Number(values['projector-lease-ttl-ms']) : undefined,
    log: (line, error) => (error ? console.error(line, error) : console.log(line)),
  });
  console.log(`Rebuilt every read model up to position ${head} and swapped it in, in ${seconds.toFixed(1)} s`);
} catch (error) {
  console.error(`Rebuild stopped: ${(error as Error).message}`);
  process.exitCode = 1;
}
