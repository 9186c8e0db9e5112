import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Config, Rate } from '../../config';
import { hashApiKey, looksLikeApiKey } from '../../security/api-key-secrets';
import { userIdOf } from '../middleware/auth';
import { clientAddressOf } from './client-address';
import { HotCounter } from './hot-counter';
import { Limiter } from './limiter';
import { limitHeader, policyHeader, policyOf, TooManyRequestsError, type Verdict } from './policy';
import type { RateLimitStore } from './rate-limit-store';

/** Sign-in per address and username: every attempt counts, a success clears the count (so it counts failures). */
export interface SignInThrottle {
  /** Throws 429 (headers set) once this address used up its attempts for `username`. */
  attempt(req: Request, res: Response, username: string): Promise<void>;
  succeeded(req: Request, username: string): Promise<void>;
}

/** Every limit, ready to mount (app.ts) and to call from the raw fast path (server.ts). */
export interface RateLimits {
  /** POST /api/register, per address */
  register: RequestHandler;
  /** POST /api/login, per address */
  login: RequestHandler;
  /** POST /api/login, per address and username (called by the route once the body is parsed) */
  signIn: SignInThrottle;
  /** after requireSession on the workspace routes: POST/PUT/PATCH per account and per address */
  sessionWrites: RequestHandler;
  /** POST /api/api-keys after requireSession, per account */
  apiKeyCreate: RequestHandler;
  /** /api/v1: every request per API key, and writes per account (the key's owner) and per address */
  apiRequests: RequestHandler;
  /** GET /api/search after requireSession: full-text searches (`type=content`) per account */
  contentSearch: RequestHandler;
  /** GET /api/v1/search after requireApiKey: the same count per account (the key's owner) as the web app's searches */
  apiSearch: RequestHandler;
  /** /api/as-of after requireSession: time-travel reads (each folds up to a page of streams from the log), per account, with the searches */
  timeTravel: RequestHandler;
  /** share links through Express (pinned raw versions, the share page's JSON), one count with the fast path */
  shareLinks: RequestHandler;
  /** the raw fast path: false when it answered 429 itself */
  rawFastPath(req: IncomingMessage, res: ServerResponse, shareId: string): boolean;
  stop(): Promise<void>;
}

export interface RateLimitDeps {
  config: Config;
  /** counters for every limit but the raw one (memory, or MongoDB across gateways) */
  store: RateLimitStore;
  /** the shared store the raw counter syncs with; null when counters stay in the process */
  sharedStore: RateLimitStore | null;
  /** the owner of a live API key (for per-account write limits on /api/v1), null if the key is unknown */
  accountOfApiKey(key: string): Promise<string | null>;
  log(message: string, error?: unknown): void;
  now?: () => number;
}

/** A limiter (null when its setting is `off`) and the key to count under (null/undefined: nothing to count). */
type Check = [Limiter | null, string | null | undefined];

const pass: RequestHandler = (_req, _res, next) => next();
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** A search or a write counts one more against its account's budget for every MS_PER_CHARGE it took beyond the first (RATE_LIMIT_CHARGE_MS). */
export const MS_PER_CHARGE = 100;

/**
 * `limit` wrapped so the request, once answered, is charged by the time it took: one more hit of `limiter` per
 * MS_PER_CHARGE after the first, to the account `accountOf` names once answered (none: not charged). Searching a
 * history of huge texts can take a second or more, and restoring a folder of thousands of scripts runs a command for
 * each; charged by time, an account's budget bounds the seconds it can spend, not only the number of requests.
 */
export function chargedByTime(
  limiter: Pick<Limiter, 'charge'> | null,
  accountOf: (req: Request, res: Response) => string | undefined,
  limit: RequestHandler,
  msPerCharge: number | null = MS_PER_CHARGE,
): RequestHandler {
  if (!limiter || msPerCharge === null) return limit;
  return (req, res, next) =>
    limit(req, res, (error?: unknown) => {
      if (!error) {
        // From the end of the request's body (its upload is the client's network time, not the server's work)...
        let started = performance.now();
        if (!req.complete) req.once('end', () => (started = performance.now()));
        // ...to the answer, when the handler ends it: also for a client that hung up ('finish' never comes then).
        let charged = false;
        const end = res.end.bind(res) as (...args: unknown[]) => Response;
        res.end = ((...args: unknown[]) => {
          if (!charged) {
            charged = true;
            const account = accountOf(req, res); // known once answered (an API key's owner is found after this limit)
            if (account) limiter.charge(account, Math.floor((performance.now() - started) / msPerCharge));
          }
          return end(...args);
        }) as Response['end'];
      }
      next(error);
    });
}

export function createRateLimits(deps: RateLimitDeps): RateLimits {
  const { config } = deps;
  if (config.rateLimit === 'off') {
    return {
      register: pass,
      login: pass,
      signIn: { attempt: async () => undefined, succeeded: async () => undefined },
      sessionWrites: pass,
      apiKeyCreate: pass,
      apiRequests: pass,
      contentSearch: pass,
      apiSearch: pass,
      timeTravel: pass,
      shareLinks: pass,
      rawFastPath: () => true,
      stop: async () => undefined,
    };
  }

  const now = deps.now ?? Date.now;
  const addressOf = clientAddressOf(config.trustProxy);
  let lastLogged = 0;
  const onStoreError = (error: unknown) => {
    // a store outage lets requests through; say so at most once a minute
    if (now() - lastLogged < 60_000) return;
    lastLogged = now();
    deps.log('rate-limit store failed (requests pass unlimited meanwhile)', error);
  };
  const limiter = (name: string, rate: Rate | null) => (rate ? new Limiter(policyOf(name, rate), deps.store, onStoreError, now) : null);

  const register = limiter('register', config.rateLimitRegister);
  const login = limiter('login', config.rateLimitLogin);
  const loginUser = limiter('login-user', config.rateLimitLoginUser);
  const write = limiter('write', config.rateLimitWrite);
  const writeAddress = limiter('write-address', config.rateLimitWriteAddress);
  const apiKeyCreate = limiter('api-key-create', config.rateLimitApiKeyCreate);
  const api = limiter('api', config.rateLimitApi);
  const search = limiter('search', config.rateLimitSearch);
  const raw = config.rateLimitRaw
    ? new HotCounter(policyOf('raw', config.rateLimitRaw), { shared: deps.sharedStore, onStoreError, now })
    : null;
  raw?.start();

  /** The account a write is charged to by its time (deletes are not limited: see docs/decisions.md, "Rate limits"). */
  const writerOf = (req: Request, res: Response) => (WRITE_METHODS.has(req.method) ? userIdOf(res) : undefined);

  /** Counts the request against each (limiter, key) pair at once; every policy's headers; 429 when any is used up. */
  async function enforce(res: Response, checks: Check[]): Promise<void> {
    const applicable = checks.filter((check): check is [Limiter, string] => Boolean(check[0] && check[1]));
    const verdicts = await Promise.all(applicable.map(([limit, key]) => limit.consume(key)));
    let denied: { limiter: Limiter; verdict: Verdict } | null = null;
    for (const [i, [limit]] of applicable.entries()) {
      const verdict = verdicts[i]!;
      res.append('RateLimit-Policy', policyHeader(limit.policy));
      res.append('RateLimit', limitHeader(limit.policy, verdict));
      if (!verdict.allowed && (!denied || verdict.resetSeconds > denied.verdict.resetSeconds)) denied = { limiter: limit, verdict };
    }
    if (denied) {
      res.set('Retry-After', String(denied.verdict.resetSeconds));
      throw new TooManyRequestsError(denied.limiter.policy, denied.verdict.resetSeconds);
    }
  }

  const handler =
    (checks: (req: Request, res: Response) => Check[] | Promise<Check[]>): RequestHandler =>
    (req, res, next) => {
      Promise.resolve(checks(req, res))
        .then((list) => enforce(res, list))
        .then(() => next(), next);
    };

  /** A search counted, then charged by its time, against the account `accountOf` names (none: not counted). */
  const searchLimit = (accountOf: (req: Request, res: Response) => string | undefined) =>
    chargedByTime(search, accountOf, handler((req, res) => [[search, accountOf(req, res)]]), config.rateLimitChargeMs);

  const usernameKey = (req: Request, username: string) => `${addressOf(req)}|${username.trim().toLowerCase().slice(0, 64)}`;

  const rawDenied = (res: ServerResponse, verdict: Verdict, policy: HotCounter['policy']) => {
    const body = JSON.stringify({ error: new TooManyRequestsError(policy, verdict.resetSeconds).message, limit: policy.name, retryAfterSeconds: verdict.resetSeconds });
    res.writeHead(429, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Retry-After': String(verdict.resetSeconds),
      'RateLimit-Policy': policyHeader(policy),
      RateLimit: limitHeader(policy, verdict),
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  };

  return {
    register: handler((req) => [[register, addressOf(req)]]),
    login: handler((req) => [[login, addressOf(req)]]),
    signIn: {
      async attempt(req, res, username) {
        await enforce(res, [[loginUser, usernameKey(req, username)]]);
      },
      async succeeded(req, username) {
        await loginUser?.reset(usernameKey(req, username));
      },
    },
    sessionWrites: chargedByTime(
      write,
      writerOf,
      handler((req, res) =>
        WRITE_METHODS.has(req.method)
          ? [
              [write, userIdOf(res)],
              [writeAddress, addressOf(req)],
            ]
          : [],
      ),
      config.rateLimitChargeMs,
    ),
    apiKeyCreate: handler((req, res) => (req.method === 'POST' ? [[apiKeyCreate, userIdOf(res)]] : [])),
    apiRequests: chargedByTime(write, writerOf, handler(async (req) => {
      const key = req.get('x-api-key');
      if (!key || !looksLikeApiKey(key)) return []; // answered 401 by the API's own authentication
      const checks: Check[] = [[api, hashApiKey(key)]];
      if (WRITE_METHODS.has(req.method) && (write || writeAddress)) {
        checks.push([write, await deps.accountOfApiKey(key)], [writeAddress, addressOf(req)]);
      }
      return checks;
    }), config.rateLimitChargeMs),
    // Searching reads every document holding the words (a few ms each): the one read an account could repeat to hog the CPU.
    contentSearch: searchLimit((req, res) => (req.query.type === 'content' ? userIdOf(res) : undefined)),
    apiSearch: searchLimit((_req, res) => userIdOf(res)),
    // Time travel folds streams from the log (up to a second of CPU for a large workspace): the same budget, by time.
    timeTravel: searchLimit((_req, res) => userIdOf(res)),
    shareLinks: (req, res, next) => {
      if (!raw) return next();
      const key = `${req.params.shareId}|${addressOf(req)}`;
      if (raw.hit(key)) return next();
      rawDenied(res, raw.verdict(key), raw.policy);
    },
    rawFastPath(req, res, shareId) {
      if (!raw) return true;
      const key = `${shareId}|${addressOf(req)}`;
      if (raw.hit(key)) return true;
      rawDenied(res, raw.verdict(key), raw.policy);
      return false;
    },
    async stop() {
      await raw?.stop();
    },
  };
}
