import type { Config } from '../../config';
import { MemoryRateLimitStore } from './memory-store';
import { MongoRateLimitStore } from './mongo-store';
import type { RateLimitStore } from './rate-limit-store';

/** MongoDB when the read models live there (several gateways share the counts), else the process's memory. */
export async function openRateLimitStore(config: Config): Promise<{ store: RateLimitStore; shared: boolean }> {
  if (config.rateLimit === 'on' && config.mongodbUrl) return { store: await MongoRateLimitStore.open(config.mongodbUrl), shared: true };
  return { store: new MemoryRateLimitStore(), shared: false };
}
