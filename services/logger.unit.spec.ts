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
