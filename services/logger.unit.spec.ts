import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

describe('redactUrl', () => {
  it('masks the key of /admin/<key> in every spelling and keeps other paths', () => {
    for (const url of ['/admin/k3y', '/ADMIN/k3y/', '//admin/k3y', '/%61dmin/k3y', '/admin%2Fk3y']) expect(redactUrl(url)).toBe('/admin/[redacted]');
    expect(redactUrl('/admin/k3y?tab=users')).toBe('/admin/[redacted]?tab=users');
    expect(redactUrl('/admin-api/stats')).toBe('/admin-api/stats');
    expect(redactUrl('/api/share/abc/raw?version=3')).toBe('/api/share/abc/raw?version=3');
    expect(redactUrl('/%zz')).toBe('/%zz');
  });

  it('masks secret-looking query values', () => {
    expect(redactUrl('/x?apiKey=s3&token=t&version=2')).toBe('/x?apiKey=[redacted]&token=[redacted]&version=2');
  });
});

describe('redactUrl on hostile query strings', () => {
  const SECRET_QUERY_BEFORE = /([?&](?:[^=&]*(?:key|token|password|secret|session)[^=&]*)=)[^&#]*/gi;
  const before = (url: string) => url.split('?')[0]! + (url.includes('?') ? url.slice(url.indexOf('?')).replace(SECRET_QUERY_BEFORE, '$1[redacted]') : '');

  it('masks exactly what the earlier regex masked', () => {
    const pieces = ['?', '&', '=', '#', 'key', 'KeY', 'token', 'Session', 'secretoken', 'pass', 'word', 'x', '1', '%3D', 'ſ', 'K'];
    let seed = 5;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 20_000; round++) {
      const url = `/x?${Array.from({ length: 1 + (next() % 10) }, () => pieces[next() % pieces.length]).join('')}`;
      expect(redactUrl(url), url).toBe(before(url));
    }
    expect(redactUrl('/x?a=1?key=2#f?token=3&x=4')).toBe('/x?a=1?key=[redacted]#f?token=[redacted]&x=4');
  });

  it('takes linear time: a 200 KB query of `key` repeated, or of `?`, costs well under a second (the regex: two minutes for these three)', () => {
    const started = performance.now();
    expect(redactUrl(`/x?${'key'.repeat(70_000)}`)).toBe(`/x?${'key'.repeat(70_000)}`);
    expect(redactUrl(`/x${'?'.repeat(200_000)}key`)).toBe(`/x${'?'.repeat(200_000)}key`);
    expect(redactUrl(`/x?${'&key'.repeat(50_000)}=1`)).toBe(`/x?${'&key'.repeat(49_999)}&key=[redacted]`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('createLogger', () => {
  it('writes to the given destination and redacts credentials, cookies and bodies', () => {
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line) => void lines.push(line) });
    logger.info('request', { password: 'p1', headers: { cookie: 'c1', authorization: 'a1', 'x-api-key': 'k1', 'set-cookie': 's1' } });
    logger.error('failed', Object.assign(new Error('boom'), { body: 'b1', headers: { cookie: 'c2' } }));
    const text = lines.join('');
    expect(text).toContain('boom');
    for (const secret of ['p1', 'c1', 'a1', 'k1', 's1', 'b1', 'c2']) expect(text).not.toContain(`"${secret}"`);
  });
});
