/**
 * Protective headers on every page the product serves, whatever the spelling (/, /index.html, an SPA route, a static
 * file), and HSTS when served over HTTPS.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../services/server';
import { STRICT_TRANSPORT_SECURITY } from '../../services/gateway/middleware/security-headers';

const ENV = { LOG_LEVEL: 'silent', EVENTSTORE_URL: '', MONGODB_URL: '', ADMIN_KEY: '', SESSION_SECRET: '', PUBLIC_ORIGIN: '' };
const tmp = mkdtempSync(join(tmpdir(), 'luavault-headers-'));
const webDist = join(tmp, 'dist');
mkdirSync(join(webDist, 'assets'), { recursive: true });
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>LuaVault</title>');
writeFileSync(join(webDist, 'about.html'), '<!doctype html><title>About</title>');
writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');

type Running = Awaited<ReturnType<typeof startServer>>;
let plain: Running;
let https: Running;
beforeAll(async () => {
  plain = await startServer({ port: 0, dataDir: join(tmp, 'plain'), webDist, env: ENV });
  https = await startServer({ port: 0, dataDir: join(tmp, 'https'), webDist, env: { ...ENV, PUBLIC_ORIGIN: 'https://vault.example' } });
});
afterAll(async () => {
  await plain?.stop();
  await https?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const PAGES = ['/', '/index.html', '/about.html', '/script/new', '/share/abc', '/robots.txt', '/assets/app.js', '/api/config'];

describe('security headers', () => {
  it('every HTML page and static file carries the CSP, nosniff, Referrer-Policy and frame protection', async () => {
    for (const path of PAGES) {
      const res = await fetch(plain.url + path);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), `${path} over plain HTTP`).toBeNull();
    }
  });

  it('sends no Referer from the dashboard opened at /admin/<key>, so the key does not travel to other requests', async () => {
    for (const path of ['/admin/some-admin-key', '/ADMIN/some-admin-key']) {
      expect((await fetch(plain.url + path)).headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    expect((await fetch(`${plain.url}/admin`)).headers.get('referrer-policy')).toBe('same-origin');
  });

  it('sends HSTS when the product is served over HTTPS (PUBLIC_ORIGIN https)', async () => {
    for (const path of PAGES) {
      const res = await fetch(https.url + path);
      expect(res.headers.get('strict-transport-security'), path).toBe(STRICT_TRANSPORT_SECURITY);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
  });
});
