import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { isSpaRoute, matchesRoutePattern, withoutTrailingSlashes } from './spa-routes';

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

describe('trailing slashes', () => {
  it('are dropped in linear time: a request of 15,000 slashes and a letter is answered at once', () => {
    // `/\/+$/` was tried from every slash of the run, for each of the app's patterns: 6 s of the gateway's CPU.
    const started = performance.now();
    expect(isSpaRoute(`${'/'.repeat(15_000)}x`)).toBe(false);
    expect(isSpaRoute(`/script/abc${'/'.repeat(15_000)}`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    for (const path of ['', '/', '//', '/a/', '/a//b//', 'a']) expect(withoutTrailingSlashes(path)).toBe(path.replace(/\/+$/, ''));
  });
});
