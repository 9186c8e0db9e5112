import pino from 'pino';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, error?: unknown): void;
}

/** Where log lines go: stdout by default; a test passes a collector to read every line written. */
export interface LogDestination {
  write(line: string): void;
}

export const REDACTED = '[redacted]';

/**
 * Fields that may hold a secret wherever they appear in a log line (one level of nesting, e.g. `req.headers.cookie`
 * or `err.headers`): credentials, cookies, keys and request bodies are never written out.
 */
const SECRET_FIELDS = ['password', 'cookie', 'authorization', '["x-api-key"]', '["set-cookie"]', 'token', 'apiKey', 'adminKey', 'sessionSecret', 'body'];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const dotted = field.startsWith('[') ? field : `.${field}`;
  return [field.startsWith('[') ? `*${field}` : field, `*${dotted}`, `*.headers${dotted}`, `*.*${dotted}`];
});

/** Structured JSON logs (pino) behind a small interface, so call sites stay simple. */
export function createLogger(level: string, destination?: LogDestination): Logger {
  const options = { level, base: { service: 'luavault' }, redact: { paths: REDACT_PATHS, censor: REDACTED } };
  const log = destination ? pino(options, destination) : pino(options);
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, error) => log.error({ err: error }, message),
  };
}

// `/admin/<key>` (the dashboard opened by key), in any case or percent-encoding, with any slashes in front.
const ADMIN_KEY_PATH = /(\/admin(?:\/|%2f))[^?#]*/i;
/** A query parameter name that holds one of these (any ASCII case) has its value masked. */
const SECRET_WORD = /key|token|password|secret|session/gi;

/**
 * `query` (from its `?`) with secret-looking values masked, in one pass. It masks exactly what
 * `/([?&](?:[^=&]*(?:key|token|password|secret|session)[^=&]*)=)[^&#]*`/gi did: a `?` or `&`, a name up to the next
 * `=` (no `&` in it) holding a secret word, then the value up to `&` or `#`. That regex backtracked over the name from
 * every start: a 16 KB query of `key` repeated cost 145 ms per request.
 */
function redactQuery(query: string): string {
  let out = '';
  let copied = 0;
  // the name being read: where it ends, and where the last secret word in it starts
  let nameEnd = -1;
  let lastWord = -1;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c !== '?' && c !== '&') continue;
    if (nameEnd <= i) {
      // every `?` before the same `=` or `&` shares this name's end, so it is found once per name
      nameEnd = i + 1;
      while (nameEnd < query.length && query[nameEnd] !== '=' && query[nameEnd] !== '&') nameEnd++;
      lastWord = -1;
      for (const word of query.slice(i + 1, nameEnd).matchAll(SECRET_WORD)) lastWord = i + 1 + word.index;
    }
    if (query[nameEnd] !== '=' || lastWord <= i) continue;
    let valueEnd = nameEnd + 1;
    while (valueEnd < query.length && query[valueEnd] !== '&' && query[valueEnd] !== '#') valueEnd++;
    out += `${query.slice(copied, nameEnd + 1)}${REDACTED}`;
    copied = valueEnd;
    i = valueEnd - 1;
  }
  return out + query.slice(copied);
}

/** A request URL fit for a log line: the key of `/admin/<key>` and secret-looking query values are replaced. */
export function redactUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    /* malformed escapes: match the raw form */
  }
  const path = ADMIN_KEY_PATH.test(decoded) || ADMIN_KEY_PATH.test(url) ? `/admin/${REDACTED}` : url.split('?')[0]!;
  const query = url.includes('?') ? redactQuery(url.slice(url.indexOf('?'))) : '';
  return path + query;
}
