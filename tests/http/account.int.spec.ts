import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteDatabase } from '../../services/sqlite/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../services/config';
import { openStorage } from '../../services/storage';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections/registry';
import { openSqliteDataKeyStore } from '../../services/security/sqlite-data-keys';
import { scriptKeyId } from '../../services/security/data-keys';
import { Client, PASSWORD, signedInUser, startTestServer, uniqueName, type TestServer } from './client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

/** A second browser signed in to the same account. */
async function secondBrowser(user: Client): Promise<Client> {
  const other = new Client(server.url);
  expect((await other.login(user.user!.username)).status).toBe(200);
  return other;
}

describe('change password', () => {
  it('needs the current password, signs out every other session, keeps this one, and the new password signs in', async () => {
    const alice = await signedInUser(server.url, 'pw');
    const laptop = await secondBrowser(alice);
    const wrong = await alice.post('/api/account/password', { currentPassword: 'not-it', newPassword: 'brand-new-pw' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('Current password is incorrect');
    expect((await laptop.get('/api/user')).status).toBe(200);

    const short = await alice.post('/api/account/password', { currentPassword: PASSWORD, newPassword: '123' });
    expect(short.status).toBe(400);

    expect((await alice.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'brand-new-pw' })).status).toBe(204);
    expect((await alice.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await new Client(server.url).login(alice.user!.username)).status).toBe(401);
    expect((await new Client(server.url).login(alice.user!.username, 'brand-new-pw')).status).toBe(200);
  });

  it('is refused without a session and from another origin', async () => {
    expect((await new Client(server.url).post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(8) })).status).toBe(401);
    const alice = await signedInUser(server.url, 'xo');
    const forged = await alice.request('POST', '/api/account/password', {
      json: { currentPassword: PASSWORD, newPassword: 'evil-password' },
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect((await new Client(server.url).login(alice.user!.username)).status).toBe(200);
  });
});

describe('password checks share the sign-in budget', () => {
  it('wrong current passwords count like failed sign-ins for the username: 429 once it is used up', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: 'on', RATE_LIMIT_LOGIN_USER: '2/1d' } });
    try {
      const alice = await signedInUser(limited.url, 'guess');
      const guess = (currentPassword: string) => alice.post('/api/account/password', { currentPassword, newPassword: 'whatever-new' });
      expect((await guess('guess-1')).status).toBe(403);
      expect((await alice.post('/api/account/delete', { password: 'guess-2' })).status).toBe(403);
      const refused = await guess(PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      expect((await alice.get('/api/user')).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

describe('sessions', () => {
  it('lists live sessions newest first with the current one marked, pages with a Link header, and signs one out', async () => {
    const alice = await signedInUser(server.url, 'sess');
    const phone = await secondBrowser(alice);
    const tablet = await secondBrowser(alice);
    const list = await alice.get('/api/account/sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body[0]).toEqual({ id: expect.any(String), createdAt: expect.any(String), expiresAt: expect.any(String), current: false });

    const first = await alice.get('/api/account/sessions?limit=2');
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await alice.get(next!);
    expect(second.body).toHaveLength(1);
    expect(new Set([...first.body, ...second.body].map((s: { id: string }) => s.id)).size).toBe(3);

    // tablet's session is the newest that is not alice's own
    const tabletSession = list.body.find((s: { current: boolean }) => !s.current).id as string;
    expect((await alice.delete(`/api/account/sessions/${tabletSession}`)).status).toBe(204);
    expect((await tablet.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(200);
    expect((await alice.get('/api/account/sessions')).body).toHaveLength(2);
  });

  it("cannot sign out another account's session (404), and signs out all others at once", async () => {
    const alice = await signedInUser(server.url, 'own');
    const bob = await signedInUser(server.url, 'bob');
    const bobSession = (await bob.get('/api/account/sessions')).body[0].id as string;
    const refused = await alice.delete(`/api/account/sessions/${bobSession}`);
    expect(refused.status).toBe(404);
    expect((await bob.get('/api/user')).status).toBe(200);

    const phone = await secondBrowser(alice);
    const tablet = await secondBrowser(alice);
    expect((await alice.delete('/api/account/sessions/others')).status).toBe(204);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await tablet.get('/api/user')).status).toBe(401);
    expect((await alice.get('/api/user')).status).toBe(200);
    expect((await alice.get('/api/account/sessions')).body).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('delete account', () => {
  const MARKER = `secret_${uniqueName('content')}`;
  const TITLE = `Title_${uniqueName('t')}`;
  const FOLDER = `Folder_${uniqueName('f')}`;

  /** Every byte of the SQLite event log, WAL included. */
  const rawLog = () =>
    ['events.sqlite', 'events.sqlite-wal']
      .map((name) => join(server.dataDir, name))
      .filter(existsSync)
      .map((path) => readFileSync(path).toString('latin1'))
      .join('');

  function scriptRows(scriptId: string): { data: string }[] {
    const db = new SqliteDatabase(join(server.dataDir, 'events.sqlite'), { readOnly: true, fileMustExist: true });
    try {
      return db.prepare<[string], { data: string }>('SELECT data FROM events WHERE stream = ? ORDER BY revision').all(`script-${scriptId}`);
    } finally {
      db.close();
    }
  }

  it('removes every script, link, key and session; the log keeps only ciphertext nobody can open; a rebuild shows nothing', async () => {
    const alice = await signedInUser(server.url, 'gone');
    const userId = alice.user!.id;
    const folder = (await alice.post('/api/folders', { name: FOLDER })).body;
    const script = (await alice.post('/api/scripts', { title: TITLE, content: `print("${MARKER}")`, folderId: folder.id })).body;
    expect((await alice.put(`/api/scripts/${script.id}`, { content: `print("${MARKER} v2")` })).status).toBe(200);
    const loose = (await alice.post('/api/scripts', { title: 'Loose', content: `return "${MARKER}"` })).body;
    const shareId = (await alice.post(`/api/scripts/${script.id}/share`)).body.shareId as string;
    const folderShareId = (await alice.post(`/api/folders/${folder.id}/share`)).body.shareId as string;
    const apiKey = (await alice.post('/api/api-keys', { name: 'ci' })).body.key as string;
    const keyClient = alice.withApiKey(apiKey);
    expect((await keyClient.get('/api/v1/scripts')).status).toBe(200);
    expect((await new Client(server.url).get(`/api/share/${shareId}/raw`)).text).toContain(MARKER);
    // What waits in the trash is purged too, never left behind: a script, and a folder with a script inside.
    const binned = (await alice.post('/api/scripts', { title: 'Binned', content: `print("${MARKER} binned")` })).body;
    const binnedFolder = (await alice.post('/api/folders', { name: 'Binned folder' })).body;
    const inBinnedFolder = (await alice.post('/api/scripts', { title: 'Inside', content: 'print(1)', folderId: binnedFolder.id })).body;
    expect((await alice.delete(`/api/scripts/${binned.id}`)).status).toBe(204);
    expect((await alice.delete(`/api/folders/${binnedFolder.id}?contents=trash`)).status).toBe(204);
    expect((await alice.get('/api/trash')).body).toHaveLength(2);
    const laptop = await secondBrowser(alice);
    const admin = new Client(server.url, { apiKey: server.adminKey });
    const before = (await admin.get('/admin-api/stats')).body.counts;
    expect((await alice.get('/api/user')).body.storage.usedBytes).toBeGreaterThan(0);

    // Before: the log holds the content sealed, never in plain text.
    const sealedBefore = scriptRows(script.id);
    expect(sealedBefore).toHaveLength(2 + 1); // created, saved, shared
    expect(JSON.parse(sealedBefore[0]!.data)).toEqual({ scriptId: script.id, ownerId: userId, folderId: folder.id, version: 1, sealed: { owner: scriptKeyId(script.id), box: expect.stringMatching(/^v1\./) } });
    expect(rawLog()).not.toContain(MARKER);
    expect(rawLog()).not.toContain(TITLE);
    expect(rawLog()).not.toContain(FOLDER);
    expect(await openSqliteDataKeyStore(join(server.dataDir, 'data-keys.sqlite')).find(userId)).not.toBeNull();

    // The confirmation is the password.
    expect((await alice.post('/api/account/delete', { password: 'wrong-one' })).status).toBe(403);
    expect((await alice.get(`/api/scripts/${script.id}`)).status).toBe(200);

    const deleted = await alice.post('/api/account/delete', { password: PASSWORD });
    expect(deleted.status).toBe(204);
    expect(alice.cookies.size).toBe(0);

    const anonymous = new Client(server.url);
    expect((await anonymous.get(`/api/share/${shareId}`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/folder/${folderShareId}`)).status).toBe(404);
    expect((await keyClient.get('/api/v1/scripts')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await anonymous.login(alice.user!.username)).status).toBe(401);
    expect((await admin.get(`/admin-api/scripts/${script.id}`)).status).toBe(404);
    expect((await admin.get(`/admin-api/scripts/${loose.id}`)).status).toBe(404);
    const scripts = (await admin.get(`/admin-api/scripts?userId=${userId}`)).body as unknown[];
    expect(scripts).toEqual([]);
    const users = (await admin.get('/admin-api/users?limit=500')).body as { id: string }[];
    expect(users.map((u) => u.id)).not.toContain(userId);
    const after = (await admin.get('/admin-api/stats')).body.counts;
    expect(after.users).toBe(before.users - 1);
    // script, loose, and the two in the trash
    expect(after.scripts).toBe(before.scripts - 4);
    expect(after.versions).toBe(before.versions - 5);
    // The username stays reserved.
    expect((await new Client(server.url).register(alice.user!.username)).status).toBe(409);

    // After: the key is gone, the sealed events are still there, nothing readable is.
    expect(await openSqliteDataKeyStore(join(server.dataDir, 'data-keys.sqlite')).find(userId)).toBeNull();
    // and with it every script key of the account
    const keys = openSqliteDataKeyStore(join(server.dataDir, 'data-keys.sqlite'));
    for (const id of [script.id, loose.id, binned.id, inBinnedFolder.id]) expect(await keys.find(scriptKeyId(id))).toBeNull();
    await keys.close();
    expect(scriptRows(script.id).length).toBeGreaterThan(3);
    expect(rawLog()).not.toContain(MARKER);
    expect(rawLog()).not.toContain(TITLE);
    expect(rawLog()).not.toContain(FOLDER);

    // A rebuild from the log (server stopped) brings none of it back.
    await server.stop();
    const storage = await openStorage(loadConfig({ ...process.env, DATA_DIR: server.dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent' }));
    /** What every read model still holds of the account: nothing, as projected live and after a rebuild. */
    const leftovers = async () => {
      const store = storage.readStore;
      return {
        scripts: await store.collection('scripts').find({ ownerId: userId }),
        trash: await store.collection('trash').find({ ownerId: userId }),
        folders: await store.collection('folders').find({ ownerId: userId }),
        versions: await store.collection('versions').find({ scriptId: { $in: [script.id, loose.id, binned.id, inBinnedFolder.id] } }),
        auditLog: await store.collection('auditLog').find({ scriptId: { $in: [script.id, loose.id, binned.id, inBinnedFolder.id] } }),
        scriptSizes: await store.collection('scriptSizes').find({ ownerId: userId }),
        storage: await store.collection('storage').find({ _id: userId, usedBytes: { $gt: 0 } }),
        users: await store.collection('users').find({ _id: userId }),
        sessions: await store.collection('sessions').find({ userId }),
        apiKeys: await store.collection('apiKeys').find({ ownerId: userId }),
      };
    };
    const nothing = { scripts: [], trash: [], folders: [], versions: [], auditLog: [], scriptSizes: [], storage: [], users: [], sessions: [], apiKeys: [] };
    try {
      expect(await leftovers()).toEqual(nothing);
      await rebuildReadModels(storage.eventStore, storage.readStore, allProjections);
      expect(await leftovers()).toEqual(nothing);
      // The events of the deleted account read as content gone.
      const [created] = await storage.eventStore.readStream(`script-${script.id}`);
      expect(created!.data).toMatchObject({ title: '', content: '', comment: '' });
    } finally {
      await storage.readStore.close();
      await storage.eventStore.close();
    }
    server = await startTestServer({ dataDir: server.dataDir });
    expect((await new Client(server.url, { apiKey: server.adminKey }).get(`/admin-api/scripts/${script.id}`)).status).toBe(404);
  });

  it('deletes every API key of an account that holds more than one page of them', async () => {
    const keeper = await signedInUser(server.url, 'keys');
    const keys: string[] = [];
    for (let i = 0; i < 205; i++) keys.push((await keeper.post('/api/api-keys', { name: `bot ${i}` })).body.key as string);
    expect((await keeper.withApiKey(keys[0]!).get('/api/v1/scripts')).status).toBe(200);
    expect((await keeper.post('/api/account/delete', { password: PASSWORD })).status).toBe(204);
    // the oldest and the newest keys (the first and the last page) and one between
    for (const key of [keys[0]!, keys[100]!, keys[204]!]) expect((await new Client(server.url).withApiKey(key).get('/api/v1/scripts')).status).toBe(401);
  });

  it('the account of someone else keeps its scripts readable', async () => {
    const bob = await signedInUser(server.url, 'keep');
    const script = (await bob.post('/api/scripts', { title: 'Mine', content: 'print("bob")' })).body;
    const eve = await signedInUser(server.url, 'eve');
    expect((await eve.post('/api/account/delete', { password: PASSWORD })).status).toBe(204);
    expect((await bob.get(`/api/scripts/${script.id}`)).body.content).toBe('print("bob")');
  });
});
