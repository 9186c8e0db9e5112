import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayContext } from './http-context';
import { apiNotFound, errorHandler } from './middleware/errors';
import { responseSizeCap } from './middleware/response-cap';
import { requireSession } from './middleware/auth';
import { sessionRoutes } from './routes/session.routes';
import { scriptRoutes } from './routes/scripts.routes';
import { folderRoutes } from './routes/folders.routes';
import { uploadRoutes } from './routes/uploads.routes';
import { shareRoutes } from './routes/share.routes';
import { apiKeyRoutes } from './routes/api-keys.routes';
import { adminRoutes } from './routes/admin.routes';
import { publicApiRoutes } from './routes/public-api.routes';
import { healthRoutes } from './routes/health.routes';
import { requestContext } from '../observability/request-context';
import type { Metrics } from '../observability/metrics';
import type { ProjectionLag } from '../observability/projection-lag';
import type { Logger } from '../logger';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'", // Monaco sets inline styles
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The Express gateway: every HTTP route and the built web app. */
export interface AppOperations {
  logger: Logger;
  metrics: Metrics;
  lag: ProjectionLag;
}

export function createApp(ctx: GatewayContext, webDist: string, ops: AppOperations): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // our ETags are computed once in the read model, not hashed per response
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');

  app.use(requestContext(ops.logger, ops.metrics));
  app.use(healthRoutes(ops.lag, ops.metrics));
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', 'X-Frame-Options': 'DENY' });
    next();
  });

  app.use(['/api', '/admin-api'], responseSizeCap());
  const api = express.Router();
  api.use(express.json({ limit: '6mb' }));
  api.use('/v1', publicApiRoutes(ctx));
  api.use(sessionRoutes(ctx));
  api.use(shareRoutes(ctx));
  // Only these prefixes need a session, so an unknown /api route still answers 404, not 401.
  api.use(['/scripts', '/root-scripts', '/folders', '/upload', '/api-keys'], requireSession(ctx, ctx.tokens));
  api.use(scriptRoutes(ctx), folderRoutes(ctx), uploadRoutes(ctx), apiKeyRoutes(ctx));

  app.use('/api', api, apiNotFound);
  app.use('/admin-api', adminRoutes(ctx), apiNotFound);

  if (existsSync(join(webDist, 'index.html'))) {
    app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
    app.use(express.static(webDist, { index: false }));
    app.get(/.*/, (_req, res) => {
      res.set({ 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'no-cache' });
      res.sendFile(join(webDist, 'index.html'));
    });
  } else {
    app.get(/.*/, (_req, res) => {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    });
  }

  app.use(errorHandler((message, error) => ctx.log(message, error)));
  return app;
}
