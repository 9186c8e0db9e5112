import { z } from 'zod';
import proxyaddr from 'proxy-addr';

/** A rate limit setting: `N/<window>` (e.g. `5/1h`, `600/1m`, `10/15m`; units s, m, h, d) or `off`. */
export interface Rate {
  limit: number;
  windowSeconds: number;
}
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const rate = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, check): Rate | null => {
      if (value.trim().toLowerCase() === 'off') return null;
      const match = /^\s*(\d+)\s*\/\s*(\d*)\s*([smhd])\s*$/.exec(value);
      const limit = Number(match?.[1]);
      const windowSeconds = Number(match?.[2] || 1) * UNIT_SECONDS[match?.[3] ?? 's']!;
      if (!match || limit < 1 || windowSeconds < 1) {
        check.addIssue({ code: 'custom', message: `expected N/<window> like 5/1h or 600/1m, or off; got "${value}"` });
        return z.NEVER;
      }
      return { limit, windowSeconds };
    });

/** TRUST_PROXY in express 'trust proxy' syntax: false (trust none), a hop count, true (all), or addresses/CIDRs/names. */
export type TrustProxy = boolean | number | string[];
const trustProxy = z
  .string()
  .default('false')
  .transform((value, check): TrustProxy => {
    const trimmed = value.trim().toLowerCase();
    if (trimmed === 'false' || trimmed === 'none') return false;
    if (trimmed === 'true') return true;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    try {
      proxyaddr.compile(entries);
    } catch (error) {
      check.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
    return entries;
  });

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
  /** TEXT_CACHE_MB: memory for script texts held ready to send, half for raw answers of share links, half for versions */
  textCacheMb: z.coerce.number().min(0).default(64),
  /** SCRIPT_QUOTA: most scripts one account may hold; unset = unlimited */
  scriptQuota: z.coerce.number().int().positive().optional(),
  /** ACCOUNT_STORAGE_QUOTA_MB: most bytes (MB = 1,048,576) all versions of one account's scripts may take, the trash included; 0 = unlimited */
  accountStorageQuotaMb: z.coerce.number().min(0).default(100),
  /** TRASH_DAYS: days a deleted script or folder stays in the trash before it is purged for good (fractions allowed) */
  trashDays: z.coerce.number().positive().default(30),
  /** METRICS_TOKEN: when set, /metrics requires `Authorization: Bearer <token>`; unset = open (keep it off the public entry point) */
  metricsToken: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** HEADERS_TIMEOUT_MS: most time a client may take to send a request's headers */
  headersTimeoutMs: z.coerce.number().int().positive().default(20_000),
  /** REQUEST_TIMEOUT_MS: most time a client may take to send a whole request, body included; also closes a connection with no traffic for this long */
  requestTimeoutMs: z.coerce.number().int().positive().default(120_000),
  /** BODY_IDLE_TIMEOUT_MS: a request body that sends nothing for this long is answered 408 and its connection closed */
  bodyIdleTimeoutMs: z.coerce.number().int().positive().default(15_000),
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections allowed from one client address (the TCP peer); 0 = no cap */
  maxConnectionsPerAddress: z.coerce.number().int().min(0).default(256),
  /** LIVE_STREAMS_PER_USER: open live-update streams (GET /api/events) per user; one more closes the oldest */
  liveStreamsPerUser: z.coerce.number().int().positive().default(10),
  /** LIVE_HEARTBEAT_MS: a comment line on each live-update stream this often (keeps proxies from closing it) */
  liveHeartbeatMs: z.coerce.number().int().positive().default(20_000),
  /** LIVE_POLL_MS: how often a gateway without its own projector reads the change feed while streams are open */
  livePollMs: z.coerce.number().int().positive().default(1000),
  /** LOG_LEVEL: pino level */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** TRUST_PROXY: which proxies may set X-Forwarded-For/-Proto (express 'trust proxy' syntax); unset = trust none */
  trustProxy,
  /** RATE_LIMIT: `off` turns every rate limit off (a private install) */
  rateLimit: z.enum(['on', 'off']).default('on'),
  /** RATE_LIMIT_REGISTER: registrations per client address */
  rateLimitRegister: rate('5/1h'),
  /** RATE_LIMIT_LOGIN: sign-in attempts per client address */
  rateLimitLogin: rate('60/15m'),
  /** RATE_LIMIT_LOGIN_USER: sign-in attempts per address and username without a success (a success resets it) */
  rateLimitLoginUser: rate('10/15m'),
  /** RATE_LIMIT_WRITE: writes (create, save, upload, share, move, restore) per account, web app and API keys alike */
  rateLimitWrite: rate('60/1m'),
  /** RATE_LIMIT_WRITE_ADDRESS: writes per client address, all accounts together */
  rateLimitWriteAddress: rate('120/1m'),
  /** RATE_LIMIT_API_KEY_CREATE: API keys created per account */
  rateLimitApiKeyCreate: rate('10/1h'),
  /** RATE_LIMIT_API: requests to /api/v1 per API key */
  rateLimitApi: rate('600/1m'),
  /** RATE_LIMIT_SEARCH: full-text searches (`/api/search?type=content`) and time-travel reads (`/api/as-of`) per account; `/api/v1/search` also counts under RATE_LIMIT_API */
  rateLimitSearch: rate('120/1m'),
  /** RATE_LIMIT_RAW: fetches of one share link (raw URL, pinned versions, share page) per client address */
  rateLimitRaw: rate('600/1m'),
  /** RATE_LIMIT_CHARGE_MS: a write or search counts once more per this many ms it took beyond the first; `off`: never */
  rateLimitChargeMs: z.union([z.literal('off').transform(() => null), z.coerce.number().int().min(10)]).default(100),
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
    textCacheMb: blankToUndefined(env.TEXT_CACHE_MB),
    scriptQuota: blankToUndefined(env.SCRIPT_QUOTA),
    accountStorageQuotaMb: blankToUndefined(env.ACCOUNT_STORAGE_QUOTA_MB),
    trashDays: blankToUndefined(env.TRASH_DAYS),
    logLevel: blankToUndefined(env.LOG_LEVEL),
    trustProxy: blankToUndefined(env.TRUST_PROXY),
    rateLimit: blankToUndefined(env.RATE_LIMIT)?.trim().toLowerCase(),
    rateLimitRegister: blankToUndefined(env.RATE_LIMIT_REGISTER),
    rateLimitLogin: blankToUndefined(env.RATE_LIMIT_LOGIN),
    rateLimitLoginUser: blankToUndefined(env.RATE_LIMIT_LOGIN_USER),
    rateLimitWrite: blankToUndefined(env.RATE_LIMIT_WRITE),
    rateLimitWriteAddress: blankToUndefined(env.RATE_LIMIT_WRITE_ADDRESS),
    rateLimitApiKeyCreate: blankToUndefined(env.RATE_LIMIT_API_KEY_CREATE),
    rateLimitApi: blankToUndefined(env.RATE_LIMIT_API),
    rateLimitSearch: blankToUndefined(env.RATE_LIMIT_SEARCH),
    rateLimitRaw: blankToUndefined(env.RATE_LIMIT_RAW),
    rateLimitChargeMs: blankToUndefined(env.RATE_LIMIT_CHARGE_MS)?.trim().toLowerCase(),
    metricsToken: blankToUndefined(env.METRICS_TOKEN),
    headersTimeoutMs: blankToUndefined(env.HEADERS_TIMEOUT_MS),
    requestTimeoutMs: blankToUndefined(env.REQUEST_TIMEOUT_MS),
    bodyIdleTimeoutMs: blankToUndefined(env.BODY_IDLE_TIMEOUT_MS),
    maxConnectionsPerAddress: blankToUndefined(env.MAX_CONNECTIONS_PER_ADDRESS),
    liveStreamsPerUser: blankToUndefined(env.LIVE_STREAMS_PER_USER),
    liveHeartbeatMs: blankToUndefined(env.LIVE_HEARTBEAT_MS),
    livePollMs: blankToUndefined(env.LIVE_POLL_MS),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.headersTimeoutMs > parsed.data.requestTimeoutMs) {
    throw new Error('Invalid configuration: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  return parsed.data;
}
