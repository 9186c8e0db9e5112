import { z } from 'zod';

/** Configuration, parsed once at start-up. Each entry: environment variable, default, meaning. */
const ConfigSchema = z.object({
  /** PORT: HTTP port of the gateway (0 picks a free one, for tests) */
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** DATA_DIR: embedded storage, generated secrets */
  dataDir: z.string().min(1).default('./data'),
  /** EVENTSTORE_URL: e.g. esdb://localhost:2113?tls=false; unset = embedded SQLite event store */
  eventStoreUrl: z.string().min(1).optional(),
  /** MONGODB_URL: e.g. mongodb://localhost:27017/luavault; unset = embedded read store */
  mongodbUrl: z.string().min(1).optional(),
  /** SESSION_SECRET: signs session tokens; unset = generated once and kept in DATA_DIR */
  sessionSecret: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /** ADMIN_KEY: the admin dashboard's access key; unset = generated once, kept in DATA_DIR, printed at start-up */
  adminKey: z.string().min(16, 'ADMIN_KEY must be at least 16 characters').optional(),
  /** PUBLIC_ORIGIN: origin used in share links and loadstring snippets; unset = the request's origin */
  publicOrigin: z.string().url().optional(),
  /** READ_CACHE_MB: memory for parsed read-model documents in the embedded read store (0 = none) */
  readCacheMb: z.coerce.number().min(0).default(64),
  /** SCRIPT_QUOTA: most scripts one account may hold; unset = unlimited */
  scriptQuota: z.coerce.number().int().positive().optional(),
  /** LOG_LEVEL: pino level */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);
  const parsed = ConfigSchema.safeParse({
    port: blankToUndefined(env.PORT),
    dataDir: blankToUndefined(env.DATA_DIR),
    eventStoreUrl: blankToUndefined(env.EVENTSTORE_URL),
    mongodbUrl: blankToUndefined(env.MONGODB_URL),
    sessionSecret: blankToUndefined(env.SESSION_SECRET),
    adminKey: blankToUndefined(env.ADMIN_KEY),
    publicOrigin: blankToUndefined(env.PUBLIC_ORIGIN),
    readCacheMb: blankToUndefined(env.READ_CACHE_MB),
    scriptQuota: blankToUndefined(env.SCRIPT_QUOTA),
    logLevel: blankToUndefined(env.LOG_LEVEL),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
