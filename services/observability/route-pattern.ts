import type { Express, Request } from 'express';

const ROUTE = Symbol('route');
const PATTERN = Symbol('routePattern');

type WithPattern = Request & { [ROUTE]?: unknown; [PATTERN]?: string };

/**
 * Makes every request of `app` remember the full pattern of the route that matched it, mount path included
 * (`/api/scripts/:id`), as the router matches it. Read later, `req.baseUrl` no longer says: the router puts it back
 * when a handler passes an error on, so error answers would be recorded under `/scripts/:id`, a series apart from
 * the same route's successes. An accessor on the app's request prototype: nothing is added per request.
 */
export function rememberRoutePatterns(app: Express): void {
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    enumerable: true,
    get(this: WithPattern) {
      return this[ROUTE];
    },
    set(this: WithPattern, route: { path?: unknown } | undefined) {
      this[ROUTE] = route;
      // Lower-cased: routing ignores case and every mount path is lower case, so `/API/Account` is `/api/account`
      // (as typed, each casing was a metric series of its own that a client could mint at will).
      this[PATTERN] = route?.path ? `${this.baseUrl.toLowerCase()}${String(route.path)}` : undefined;
    },
  });
}

/** The pattern of the route that matched `req` (see `rememberRoutePatterns`), if any did. */
export function routePattern(req: Request): string | undefined {
  return (req as WithPattern)[PATTERN];
}
