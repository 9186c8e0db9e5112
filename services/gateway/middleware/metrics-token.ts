import type { RequestHandler } from 'express';
import { safeEqual } from '../../security/secrets';

/** `/metrics` behind `Authorization: Bearer <METRICS_TOKEN>` when the token is configured; open otherwise. */
export function requireMetricsToken(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!token) return next();
    const header = req.get('authorization') ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (given && safeEqual(given, token)) return next();
    res.set('WWW-Authenticate', 'Bearer realm="metrics"').status(401).json({ error: 'Missing or invalid metrics token' });
  };
}
