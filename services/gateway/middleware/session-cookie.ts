import type { Request, Response } from 'express';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../../security/session-tokens';

/**
 * The session cookie, its name and its clearing. Cookies are not isolated by port: a page on another port of our host
 * can set an `lv_session` of its own with a narrower path (or a Domain), which the browser then sends first. So a
 * request carrying more than one session cookie is acted on with none of them (auth.ts answers 401), and every copy
 * the browser may hold for the request's path is expired. Over HTTPS the cookie is `__Host-lv_session`, which a
 * browser only accepts with `Secure`, `Path=/` and no `Domain`: no narrower or wider copy of it can exist
 * (docs/decisions.md, "Session cookie names").
 */

const NAMES = new Set([SESSION_COOKIE, HOST_SESSION_COOKIE]);
/** Parent paths of a request cleared at most (each is one Set-Cookie line, or two with a Domain). */
const MAX_CLEARED_PATHS = 12;
/** What a cookie's Path attribute may hold (RFC 6265 path-value: no controls, no `;`). */
const PATH_VALUE = /^[\x21-\x3a\x3c-\x7e]+$/;
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export interface SessionCookie {
  name: string;
  /** the decoded value; null when it cannot be decoded (still a session cookie, so still counted) */
  value: string | null;
}

/** Every session cookie the request carries, under either name, in the order the browser sent them. */
export function sessionCookies(req: Request): SessionCookie[] {
  const found: SessionCookie[] = [];
  for (const part of req.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    const name = eq > 0 ? part.slice(0, eq).trim() : '';
    if (!NAMES.has(name)) continue;
    let value: string | null;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      value = null;
    }
    found.push({ name, value });
  }
  return found;
}

/** True when the `Cookie` header names a session cookie at all, even in a form we cannot parse (cleared then too). */
export const mentionsSessionCookie = (req: Request) => req.headers.cookie?.includes(SESSION_COOKIE) === true;

/** True when the browser talks to us over HTTPS: TLS, a trusted proxy's X-Forwarded-Proto, or an https PUBLIC_ORIGIN. */
export const overHttps = (req: Request, publicOrigin: string | undefined) => req.secure || publicOrigin?.startsWith('https:') === true;

/** Sets the session cookie (sign-in, registration), under the name this scheme uses, and expires the other name. */
export function setSessionCookie(req: Request, res: Response, publicOrigin: string | undefined, token: string, expires: Date): void {
  const https = overHttps(req, publicOrigin);
  res.cookie(https ? HOST_SESSION_COOKIE : SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', expires });
  // One session cookie per browser: a copy under the old name (before HTTPS, or before `__Host-`) would be a second.
  if (https && sessionCookies(req).some((cookie) => cookie.name === SESSION_COOKIE)) res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Expires the request's session cookies (sign-out, a cookie that no longer authenticates). With `everyPath` (more than
 * one was sent), `lv_session` is also expired for each parent of the request's path and, on a host name, with its
 * Domain: the copies another port of our host may have set, which a `Path=/` expiry does not reach.
 */
export function clearSessionCookie(res: Response, options: { everyPath?: boolean } = {}): void {
  const req = res.req;
  const names = new Set(sessionCookies(req).map((cookie) => cookie.name));
  if (names.size === 0 || names.has(SESSION_COOKIE)) {
    const paths = options.everyPath ? parentPaths(req.originalUrl) : ['/'];
    const domains = options.everyPath && !IP_ADDRESS.test(req.hostname) && req.hostname !== 'localhost' ? [undefined, req.hostname] : [undefined];
    for (const path of paths) for (const domain of domains) res.clearCookie(SESSION_COOKIE, domain ? { path, domain } : { path });
  }
  if (names.has(HOST_SESSION_COOKIE)) res.clearCookie(HOST_SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
}

/** `/`, then every prefix of `url`'s path a cookie's Path could be and still match it: `/api`, `/api/`, `/api/scripts`... */
export function parentPaths(url: string): string[] {
  const path = url.split(/[?#]/, 1)[0] || '/';
  const paths = new Set(['/']);
  for (let at = path.indexOf('/', 1); at > 0; at = path.indexOf('/', at + 1)) paths.add(path.slice(0, at)).add(path.slice(0, at + 1));
  paths.add(path);
  return [...paths].filter((p) => PATH_VALUE.test(p)).slice(0, MAX_CLEARED_PATHS);
}
