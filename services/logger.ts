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
const SECRET_QUERY = /([?&](?:[^=&]*(?:key|token|password|secret|session)[^=&]*)=)[^&#]*/gi;

/** A request URL fit for a log line: the key of `/admin/<key>` and secret-looking query values are replaced. */
export function redactUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    /* malformed escapes: match the raw form */
  }
  const path = ADMIN_KEY_PATH.test(decoded) || ADMIN_KEY_PATH.test(url) ? `/admin/${REDACTED}` : url.split('?')[0]!;
  const query = url.includes('?') ? url.slice(url.indexOf('?')).replace(SECRET_QUERY, `$1${REDACTED}`) : '';
  return path + query;
}
