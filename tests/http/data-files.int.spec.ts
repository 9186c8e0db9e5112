/**
 * The data directory is readable by its owner only: DATA_DIR 0700 and every file in it (SQLite databases with their
 * -wal/-shm, the projector lease, generated secrets) 0600, also after a restart over files an older version left 0644.
 */
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScript, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer | undefined;
afterAll(() => server?.dispose());

function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const name of readdirSync(dir)) out[name] = (statSync(join(dir, name)).mode & 0o777).toString(8);
  return out;
}
const expected = (found: Record<string, string>) => Object.fromEntries(Object.keys(found).map((name) => [name, name === '.' ? '700' : '600']));

describe('data file permissions', () => {
  it('keeps DATA_DIR 0700 and its files 0600 while running and after a restart', async () => {
    server = await startTestServer({ env: { ADMIN_KEY: '', SESSION_SECRET: '' } });
    const alice = await signedInUser(server.url);
    await createScript(alice, { title: 'Private', content: 'print("secret")' });
    const running = modes(server.dataDir);
    for (const name of ['admin-key', 'session-secret', 'events.sqlite', 'events.sqlite-wal', 'events.sqlite-shm', 'projector-lease.sqlite']) {
      expect(Object.keys(running)).toContain(name);
    }
    expect(running).toEqual(expected(running));

    await server.stop();
    chmodSync(server.dataDir, 0o755);
    for (const name of readdirSync(server.dataDir)) chmodSync(join(server.dataDir, name), 0o644);
    server = await startTestServer({ dataDir: server.dataDir, env: { ADMIN_KEY: '', SESSION_SECRET: '' } });
    const restarted = modes(server.dataDir);
    expect(restarted).toEqual(expected(restarted));
  });
});
