/**
 * The address patterns the web app has a screen for, in React Router's syntax. The gateway imports this list too, so
 * any other address gets the app's 404 page with HTTP status 404. Plain data and a pure function: no browser code.
 */
export const SPA_ROUTE_PATTERNS = [
  '/',
  '/auth',
  '/script/new',
  '/script/:id',
  '/script/:id/versions/:version',
  '/script/:id/compare/:from/:to',
  '/folder',
  '/folder/:id',
  '/folders/:id',
  '/api-keys',
  '/trash',
  '/settings',
  '/profile',
  '/settings/*',
  '/account',
  '/account/*',
  '/share/:shareId',
  '/share/folder/:shareId',
  '/share/folder/:shareId/scripts/:scriptId',
  '/terms',
  '/privacy',
  '/help',
  '/docs',
  '/admin',
  '/admin/*',
] as const;

/**
 * `path` without its trailing slashes, in linear time: `/\/+$/` is tried from every slash of a run, so a request for
 * 15,000 slashes and a letter cost the gateway seconds per pattern.
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end--;
  return path.slice(0, end);
}

/** Whether `pathname` matches a pattern: `:name` is one non-empty segment, a trailing `*` any rest. */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = withoutTrailingSlashes(pathname).split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*') return true;
    const seg = got[i];
    if (seg === undefined) return false;
    if (part.startsWith(':')) continue;
    if (part !== seg) return false;
  }
  return got.length === want.length;
}

export const isSpaRoute = (pathname: string): boolean => SPA_ROUTE_PATTERNS.some((p) => matchesRoutePattern(p, pathname));
