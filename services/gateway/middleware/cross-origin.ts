import type { Request, RequestHandler } from 'express';

/** The refusal every cross-origin write gets (403). */
export const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the decision needs from a request, so it can be tested without HTTP. */
export interface OriginFacts {
  method: string;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** the request's own origin, `scheme://host[:port]` (scheme from the trusted proxy, host from Host) */
  ownOrigin: string | undefined;
  /** PUBLIC_ORIGIN, when configured: also the product's own origin */
  publicOrigin: string | undefined;
  /** `X-API-Key` present: not cookie-authenticated (a browser cannot add it cross-origin without a preflight we never grant) */
  apiKey: boolean;
}

/**
 * Go 1.25's `CrossOriginProtection`: safe methods pass; `Sec-Fetch-Site: same-origin | none` passes and
 * `same-site | cross-site` is refused; without it (older browsers) an `Origin` must be our own; a request with
 * neither header does not come from a browser (curl, game servers, scripts) and passes.
 */
export function isCrossOriginAllowed(facts: OriginFacts): boolean {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return true;
  if (facts.apiKey) return true;
  const site = facts.secFetchSite?.trim().toLowerCase();
  if (site) return site === 'same-origin' || site === 'none';
  if (!facts.origin) return true; // an empty Origin counts as none, as in Go
  const origin = facts.origin.trim().toLowerCase();
  return origin === facts.ownOrigin?.toLowerCase() || origin === facts.publicOrigin?.toLowerCase();
}

function ownOrigin(req: Request): string | undefined {
  const host = req.headers.host;
  // req.protocol is "https" when the connection is TLS or a trusted proxy says X-Forwarded-Proto: https.
  return host ? `${req.protocol}://${host}` : undefined;
}

/**
 * Refuses state-changing requests made by another origin with the user's cookie (cross-site request forgery).
 * Mounted on `/api` only: the admin API authenticates with `X-API-Key` alone.
 */
export function crossOriginProtection(publicOrigin: string | undefined): RequestHandler {
  const configured = publicOrigin ? new URL(publicOrigin).origin : undefined;
  return (req, res, next) => {
    const allowed = isCrossOriginAllowed({
      method: req.method,
      secFetchSite: req.get('sec-fetch-site'),
      origin: req.get('origin'),
      ownOrigin: ownOrigin(req),
      publicOrigin: configured,
      // Only the key routes authenticate with the key; elsewhere a cookie does, whatever else the request carries.
      apiKey: req.path.startsWith('/v1/') && req.get('x-api-key') !== undefined,
    });
    if (allowed) next();
    else res.status(403).json({ error: CROSS_ORIGIN_REFUSED });
  };
}
