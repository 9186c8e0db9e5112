import { describe, expect, it } from 'vitest';
import { keyFromPath, scriptFileName } from './admin-session';

describe('scriptFileName', () => {
  it('lowercases the title and replaces every non-alphanumeric character with an underscore', () => {
    expect(scriptFileName('My Cool Script! v2')).toBe('my_cool_script__v2.lua');
    expect(scriptFileName('ESP-Hack (v1.2)')).toBe('esp_hack__v1_2_.lua');
    expect(scriptFileName('plain')).toBe('plain.lua');
    expect(scriptFileName('Été')).toBe('_t_.lua');
  });
});

describe('keyFromPath', () => {
  it('reads the key of /admin/{key} as the earlier regex did, in linear time', () => {
    const before = (pathname: string) => {
      const match = /^\/admin\/(.+?)\/*$/.exec(pathname);
      if (!match?.[1] || match[1] === 'scripts') return null;
      try {
        return decodeURIComponent(match[1]);
      } catch {
        return match[1];
      }
    };
    const samples = ['/admin', '/admin/', '/admin//', '/admin///', '/admin/k3y', '/admin/k3y///', '/admin/a/b/', '/admin/scripts',
      '/admin/scripts/', '/admin/%zz', '/admin/k%2F3', '/ADMIN/k', '/admin/a\u2028b', '/x/admin/k'];
    for (const path of samples) expect(keyFromPath(path), path).toBe(before(path));
    // a link of many slashes: the lazy group retried the run of slashes after each of them (seconds in the browser)
    const started = performance.now();
    expect(keyFromPath(`/admin/k${'/'.repeat(50_000)}x`)).toBe(`k${'/'.repeat(50_000)}x`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
