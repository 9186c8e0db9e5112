import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayContext } from './http-context';
import { apiNotFound, errorHandler } from './middleware/errors';
import { responseSizeCap } from './middleware/response-cap';
import { requireSession } from './middleware/auth';
import { crossOriginProtection } from './middleware/cross-origin';
import { securityHeaders } from './middleware/security-headers';
import { bodyGuard } from './middleware/body-guard';
import { CONTENT_BODY_LIMIT_BYTES, SESSION_BODY_LIMIT_BYTES, jsonBody } from './middleware/json-body';
import { sessionRoutes } from './routes/session.routes';
import { accountRoutes } from './routes/account.routes';
import { scriptRoutes } from './routes/scripts.routes';
import { folderRoutes } from './routes/folders.routes';
import { uploadRoutes } from './routes/uploads.routes';
import { shareRoutes } from './routes/share.routes';
import { apiKeyRoutes } from './routes/api-keys.routes';
import { adminRoutes } from './routes/admin.routes';
import { publicApiRoutes } from './routes/public-api.routes';
import { healthRoutes } from './routes/health.routes';
import { searchRoutes } from './routes/search.routes';
import { asOfRoutes } from './routes/as-of.routes';
import { trashRoutes } from './routes/trash.routes';
import { eventsRoutes } from './routes/events.routes';
import type { LiveHub } from './live/live-hub';
import { precompressedAssets } from './static-assets';
import { cliDownload, servedCliVersion, type CliDownload } from './cli-download';
import { forMethods } from './method-gate';
import { requestContext } from '../observability/request-context';
import { rememberRoutePatterns } from '../observability/route-pattern';
import type { Metrics } from '../observability/metrics';
import type { ProjectionLag } from '../observability/projection-lag';
import type { Logger } from '../logger';
import { compileTrust } from './rate-limit/client-address';
import type { RateLimits } from './rate-limit/rate-limits';
import { isSpaRoute } from '../../web/src/config/spa-routes';

/** The Express gateway: every HTTP route and the built web app. */
export interface AppOperations {
  logger: Logger;
  metrics: Metrics;
  lag: ProjectionLag;
  rateLimits: RateLimits;
  live: LiveHub;
  /** the one-file CLI offered at /cli/luavault.mjs */
  cli: CliDownload;
}

export function createApp(ctx: GatewayContext, webDist: string, ops: AppOperations): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // our ETags are computed once in the read model, not hashed per response
  // X-Forwarded-* only from the proxies TRUST_PROXY names (default none): else anyone sets their own address.
  app.set('trust proxy', compileTrust(ctx.config.trustProxy));
  const limits = ops.rateLimits;

  rememberRoutePatterns(app);
  app.use(requestContext(ops.logger, ops.metrics));
  app.use(bodyGuard(ctx.config.bodyIdleTimeoutMs));
  app.use(forMethods(['GET'], healthRoutes(ops.lag, ops.metrics, ctx.config.metricsToken, ctx.log)));
  app.use(securityHeaders(ctx.config.publicOrigin));

  app.use(['/api', '/admin-api'], responseSizeCap());
  // Before any body is read and before any limit counts: a forged cross-origin write is refused at once, and spends
  // nothing of the budgets of the visitor whose browser sent it (their sign-in must not answer 429).
  app.use('/api', crossOriginProtection(ctx.config.publicOrigin));
  // Per-address limits before the body is read; per-account ones once the session or key is known.
  app.post('/api/register', limits.register);
  app.post('/api/login', limits.login);
  app.get(['/api/share/:shareId/raw', '/api/share/:shareId', '/api/share/folder/:shareId'], limits.shareLinks);
  app.get(['/api/share/folder/:shareId/scripts/:scriptId', '/api/share/folder/:shareId/scripts/:scriptId/raw'], limits.shareLinks);
  const api = express.Router();
  // JSON bodies are read only where a route needs one: small on the session routes, and content-sized only after the
  // session (below) or the API key (in publicApiRoutes) is authenticated.
  // Not /logout: it reads no body, and signing out must succeed whatever body comes with it.
  api.use(['/register', '/login'], jsonBody(SESSION_BODY_LIMIT_BYTES));
  api.use('/v1', servedCliVersion(ops.cli), limits.apiRequests, publicApiRoutes(ctx, limits.apiSearch));
  api.use(forMethods(['GET', 'POST'], sessionRoutes(ctx, limits.signIn)));
  api.use(forMethods(['GET'], shareRoutes(ctx)));
  // Only these prefixes need a session, so an unknown /api route still answers 404, not 401.
  api.use(['/scripts', '/root-scripts', '/folders', '/upload', '/api-keys'], requireSession(ctx, ctx.tokens));
  api.use(['/scripts', '/root-scripts', '/folders', '/upload'], limits.sessionWrites);
  api.use('/api-keys', limits.apiKeyCreate);
  api.use(['/scripts', '/root-scripts', '/folders', '/upload', '/api-keys'], jsonBody(CONTENT_BODY_LIMIT_BYTES));
  api.use(scriptRoutes(ctx), folderRoutes(ctx), uploadRoutes(ctx), apiKeyRoutes(ctx));
  api.use(searchRoutes(ctx, limits.contentSearch));
  api.use('/as-of', requireSession(ctx, ctx.tokens), limits.timeTravel, asOfRoutes(ctx));
  api.use('/trash', requireSession(ctx, ctx.tokens), limits.sessionWrites, jsonBody(SESSION_BODY_LIMIT_BYTES), trashRoutes(ctx));
  api.use(eventsRoutes(ctx, ops.live, ctx.config.liveHeartbeatMs)); // a stream: res.write, outside the response cap
  // Account settings: session only, small bodies, counted with the session writes.
  api.use('/account', requireSession(ctx, ctx.tokens), limits.sessionWrites, jsonBody(SESSION_BODY_LIMIT_BYTES), accountRoutes(ctx, limits.signIn));

  app.use('/api', api, apiNotFound);
  app.use('/admin-api', adminRoutes(ctx), apiNotFound);
  app.get('/cli/luavault.mjs', cliDownload(ops.cli));

  if (existsSync(join(webDist, 'index.html'))) {
    app.use('/assets', precompressedAssets(join(webDist, 'assets')));
    // index.html (also reachable by its own name) is revalidated on every visit: it names the current hashed assets.
    app.use(express.static(webDist, { index: false, setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
    app.get(/.*/, (req, res) => {
      res.set('Cache-Control', 'no-cache');
      // An address the app has no screen for still gets the app (it shows its 404 page), with a real 404 status.
      if (!isSpaRoute(req.path)) res.status(404);
      res.sendFile(join(webDist, 'index.html'));
    });
  } else {
    app.get(/.*/, (_req, res) => {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    });
  }

  app.use(apiNotFound); // other methods on the web app's paths: JSON, not Express's HTML page
  app.use(errorHandler((message, error) => ctx.log(message, error)));
  return app;
}
