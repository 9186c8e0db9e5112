import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { redactUrl, type Logger } from '../logger';
import type { Metrics } from './metrics';
import { routePattern } from './route-pattern';

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (a sane incoming `X-Request-Id` from the load balancer, else a new one), echoes it, and
 * on finish logs one JSON line with it (the URL with any admin key masked; never headers or bodies) and records the
 * latency by route. No AsyncLocalStorage: on Node 20 it slows every promise in the process, and nothing below the
 * route logs on its own.
 */
export function requestContext(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    res.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The matched route pattern, not the raw URL, so ids do not explode the metric's cardinality.
      const route = routePattern(req) ?? (req.path.startsWith('/api') ? 'unmatched-api' : 'static');
      metrics.requestObserver(req.method, route, res.statusCode)(seconds);
      logger.info('request', { requestId: id, method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms: Math.round(seconds * 1000) });
    });
    next();
  };
}
