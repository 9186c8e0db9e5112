import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { isSpaRoute, matchesRoutePattern } from './spa-routes';

describe('the app\'s address patterns (shared with the gateway for 404 statuses)', () => {
  it('covers every screen the router knows', () => {
    const samples = Object.values(paths)
      .map((p) => (typeof p === 'function' ? (p as (...ids: string[]) => string)('abc123', 'def456') : p))
      .map((p) => p.replace(/:[a-zA-Z]+/g, 'x1').replace(/\*$/, 'more'));
    for (const path of samples) expect(isSpaRoute(path), path).toBe(true);
  });

  it('matches one segment per parameter and anything under a trailing *', () => {
    expect(matchesRoutePattern('/script/:id', '/script/abc')).toBe(true);
    expect(matchesRoutePattern('/script/:id', '/script/abc/')).toBe(true);
    expect(matchesRoutePattern('/script/:id', '/script')).toBe(false);
    expect(matchesRoutePattern('/script/:id', '/script/a/b')).toBe(false);
    expect(matchesRoutePattern('/admin/*', '/admin/users/1')).toBe(true);
    expect(isSpaRoute('/unknown')).toBe(false);
    expect(isSpaRoute('/')).toBe(true);
  });
});
