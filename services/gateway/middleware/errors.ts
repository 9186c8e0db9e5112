import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError } from '../../domain/shared/errors';

/** Unknown `/api` and `/admin-api` routes answer JSON, never the web app. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No route for ${req.method} ${req.path}` });
};

/** One response shape for every error: `{ error, ...details }`. Bad input is a 4xx; only our own bugs are a 500. */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof DomainError) {
      res.status(error.status).json({ error: error.message, ...error.details });
      return;
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    // body-parser's own errors (malformed JSON, too large, bad charset) carry a 4xx status.
    if (status >= 400 && status < 500) {
      const message =
        error.type === 'entity.parse.failed'
          ? 'Malformed JSON body'
          : error.type === 'entity.too.large'
            ? 'Request body too large'
            : (error.message ?? 'Bad request');
      res.status(status).json({ error: message });
      return;
    }
    log('unhandled error', error);
    res.status(500).json({ error: 'Internal server error' });
  };
}
