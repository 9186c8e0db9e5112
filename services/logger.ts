import pino from 'pino';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, error?: unknown): void;
}

/** Structured JSON logs (pino) behind a small interface, so call sites stay simple. */
export function createLogger(level: string): Logger {
  const log = pino({ level, base: { service: 'luavault' } });
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, error) => log.error({ err: error }, message),
  };
}
