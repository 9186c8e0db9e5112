import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, isOutOfSpace } from '../../domain/shared/errors';

/** 413: a body over its limit. */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}

/** 503: the server refuses more of this kind of work for now (the client may retry). */
export class ServiceBusyError extends DomainError {
  constructor(message: string) {
    super(503, message);
  }
}

/** 429: this account already has as much of this kind of work in progress as one account may. */
export class TooMuchInProgressError extends DomainError {
  constructor(message: string) {
    super(429, message);
  }
}

/** 415: a body in an encoding or charset we do not read. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}

/** Unknown `/api` and `/admin-api` routes answer JSON, never the web app. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No route for ${req.method} ${req.path}` });
};

/** Fixed answers for the errors Express and its static files raise: their own messages can carry file paths. */
function clientErrorMessage(status: number, type: unknown): string {
  if (type === 'entity.parse.failed') return 'Malformed JSON body';
  if (type === 'entity.too.large') return 'Request body too large';
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') return 'Unsupported body encoding';
  if (status === 404) return 'Not found';
  return STATUS_CODES[status] ?? 'Bad request';
}

/**
 * One response shape for every error: `{ error, ...details }`. Bad input is a 4xx; only our own bugs are a 500.
 * A message reaches the client only from a DomainError (written by us); anything else gets a fixed text.
 */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof DomainError) {
      res.status(error.status).json({ error: error.message, ...error.details });
      return;
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json({ error: clientErrorMessage(status, error.type) });
      return;
    }
    if (isOutOfSpace(error)) {
      // A store other than the event log ran out of space (the log maps its own failure to StorageFullError):
      // say so plainly rather than a bare 500, without claiming what was or was not stored.
      log('storage full', error);
      res.status(507).json({ error: 'Storage is full' });
      return;
    }
    log('unhandled error', error);
    res.status(500).json({ error: 'Internal server error' });
  };
}
