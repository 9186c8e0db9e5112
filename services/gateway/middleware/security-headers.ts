import type { RequestHandler } from 'express';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'", // Monaco sets inline styles
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ADMIN_KEY_PAGE = /^\/+admin\//i;

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The same protective headers on every response the Express app gives (the SPA fallback, /index.html and every
 * static file alike), so no spelling of a page escapes the CSP. HSTS only over HTTPS: the connection is TLS, a trusted
 * proxy says so (X-Forwarded-Proto), or PUBLIC_ORIGIN is https (TLS terminated in front of us).
 */
export function securityHeaders(publicOrigin: string | undefined): RequestHandler {
  const httpsOrigin = publicOrigin?.startsWith('https:') === true;
  return (req, res, next) => {
    res.set({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
    if (httpsOrigin || req.secure) res.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    // The dashboard opened at /admin/<key>: its first requests must not carry that URL (key included) as Referer.
    if (ADMIN_KEY_PAGE.test(req.path)) res.set('Referrer-Policy', 'no-referrer');
    next();
  };
}
