import { afterAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, eventually, PASSWORD, signedInUser, startTestServer, uniqueName, type TestServer } from './client';

/** Stop the server, start a new one on the same DATA_DIR: everything is back and projections resume from their checkpoints. */

let server: TestServer | undefined;
afterAll(async () => {
  await server?.dispose();
});

describe('restart on the same data directory', () => {
  it('brings back users, sessions, scripts, versions, folders, shares and keys; new writes still work', async () => {
    server = await startTestServer();
    const first = server;
    const alice = await signedInUser(first.url, 'alice');
    const folder = await createFolder(alice, 'Persistent');
    const script = await createScript(alice, { title: 'Durable', content: 'v1', folderId: folder.id });
    await alice.put(`/api/scripts/${script.id}`, { content: 'v2', comment: 'second' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    const folderShareId = (await alice.post(`/api/folders/${folder.id}/share`)).body.shareId;
    const key = (await alice.post('/api/api-keys', { name: 'survivor' })).body;
    const revokedKey = (await alice.post('/api/api-keys', { name: 'gone' })).body;
    await alice.delete(`/api/api-keys/${revokedKey.id}`);
    const loggedOut = new Client(first.url);
    await loggedOut.login(alice.user!.username);
    const loggedOutCookie = loggedOut.cookieHeader();
    await loggedOut.post('/api/logout');
    for (let i = 0; i < 3; i++) await new Client(first.url).get(`/api/share/${shareId}/raw`);
    const admin1 = new Client(first.url, { apiKey: first.adminKey });
    const statsBefore = (await admin1.get('/admin-api/stats')).body.counts;
    const historyBefore = (await alice.get(`/api/scripts/${script.id}/history`)).body;

    await first.stop();

    server = await startTestServer({ dataDir: first.dataDir });
    const second = server;
    // The generated admin key and session secret are kept in the data directory.
    expect(second.adminKey).toBe(first.adminKey);
    const admin2 = new Client(second.url, { apiKey: second.adminKey });

    // The old session cookie still works (same secret, session still live); a logged-out one does not.
    const resumed = new Client(second.url);
    for (const [name, value] of alice.cookies) resumed.cookies.set(name, value);
    expect((await resumed.get('/api/user')).body.username).toBe(alice.user!.username);
    expect((await fetch(`${second.url}/api/user`, { headers: { Cookie: loggedOutCookie } })).status).toBe(401);

    // Logging in works.
    const again = new Client(second.url);
    expect((await again.login(alice.user!.username, PASSWORD)).status).toBe(200);
    expect((await again.login(alice.user!.username, 'wrong-password')).status).toBe(401);

    // Scripts, versions, folders, history.
    const got = await again.get(`/api/scripts/${script.id}`);
    expect(got.body).toMatchObject({ title: 'Durable', content: 'v2', version: 2, folderId: folder.id, shareId });
    // Views counted before the stop were flushed by it and are back (views are eventually visible by design).
    const views = await eventually(async () => (await again.get(`/api/scripts/${script.id}`)).body.views as number, (v) => v >= 3);
    expect(views).toBe(3);
    expect((await again.get(`/api/scripts/${script.id}/versions`)).body.map((v: { version: number; size: number }) => [v.version, v.size])).toEqual([
      [2, 2],
      [1, 2],
    ]);
    expect((await again.get(`/api/scripts/${script.id}/versions/1`)).body.content).toBe('v1');
    expect((await again.get(`/api/scripts/${script.id}/versions/2`)).body.content).toBe('v2');
    expect((await again.get(`/api/folders/${folder.id}/scripts`)).body.map((s: { id: string }) => s.id)).toEqual([script.id]);
    expect((await again.get(`/api/scripts/${script.id}/history`)).body).toEqual(historyBefore);

    // Shares.
    const anonymous = new Client(second.url);
    const raw = await anonymous.get(`/api/share/${shareId}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.text).toBe('v2');
    expect((await anonymous.get(`/api/share/folder/${folderShareId}`)).body.folder.name).toBe('Persistent');

    // API keys: the live one works, the deleted one does not.
    expect((await new Client(second.url, { apiKey: key.key }).get(`/api/v1/scripts/${script.id}/content`)).body.content).toBe('v2');
    expect((await new Client(second.url, { apiKey: revokedKey.key }).get('/api/v1/health')).status).toBe(401);

    // Projections resumed from their checkpoints: nothing counted twice.
    expect((await admin2.get('/admin-api/stats')).body.counts).toEqual(statsBefore);

    // New writes land and are read back at once.
    const saved = await again.put(`/api/scripts/${script.id}`, { content: 'v3' });
    expect(saved.body.version).toBe(3);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).text).toBe('v3');
    const newer = await createScript(again, { title: 'After restart', content: 'new' });
    expect((await again.get(`/api/scripts/${newer.id}`)).body.title).toBe('After restart');
    const bob = new Client(second.url);
    expect((await bob.register(uniqueName('bob'))).status).toBe(201);
    // The name taken before the restart is still taken.
    expect((await new Client(second.url).register(alice.user!.username)).status).toBe(409);
    expect((await admin2.get('/admin-api/stats')).body.counts).toEqual({
      users: statsBefore.users + 1,
      scripts: statsBefore.scripts + 1,
      versions: statsBefore.versions + 2,
    });

    // And once more: a second restart sees the writes made after the first.
    await second.stop();
    server = await startTestServer({ dataDir: first.dataDir });
    const third = new Client(server.url);
    await third.login(alice.user!.username);
    expect((await third.get(`/api/scripts/${script.id}`)).body).toMatchObject({ content: 'v3', version: 3 });
    expect((await third.get(`/api/scripts/${newer.id}`)).status).toBe(200);
  });
});
