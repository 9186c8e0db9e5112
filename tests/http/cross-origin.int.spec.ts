/**
 * Cross-site request forgery over HTTP: every state-changing /api route refuses a cookie-authenticated request that
 * a browser marks as coming from another origin (Sec-Fetch-Site, or Origin from older browsers), before it changes
 * anything. Same-origin pages, non-browser clients, API keys and the admin API are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, field, file, formData, PASSWORD, signedInUser, startTestServer, uniqueName, type Part, type TestServer } from './client';

let server: TestServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(() => server.dispose());

const SAME_SITE = { 'Sec-Fetch-Site': 'same-site', Origin: 'http://localhost:1' };
const CROSS_SITE = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' };
const OLD_BROWSER = { Origin: 'http://localhost:1' };
const FORGERIES = { 'same-site': SAME_SITE, 'cross-site': CROSS_SITE, 'Origin only': OLD_BROWSER };

type Call = { method: string; path: string; json?: unknown; parts?: Part[] };

function send(client: Client, call: Call, headers: Record<string, string>) {
  return client.request(call.method, call.path, { json: call.json, body: call.parts ? formData(call.parts) : undefined, headers });
}

/** Everything alice can see: any change by a forged request shows here. */
async function state(client: Client, scriptIds: string[], folderIds: string[]) {
  return {
    user: (await client.get('/api/user')).status,
    scripts: (await client.get('/api/scripts')).body,
    each: await Promise.all(scriptIds.map(async (id) => (await client.get(`/api/scripts/${id}`)).body)),
    versions: await Promise.all(scriptIds.map(async (id) => (await client.get(`/api/scripts/${id}/versions`)).body)),
    folders: (await client.get('/api/folders')).body,
    eachFolder: await Promise.all(folderIds.map(async (id) => (await client.get(`/api/folders/${id}`)).body)),
    keys: (await client.get('/api/api-keys')).body,
  };
}

describe('cross-origin protection on /api', () => {
  it('refuses every forged write with 403 JSON and changes nothing', async () => {
    const script = await createScript(alice, { title: 'Kept', content: 'print(1)' });
    await alice.put(`/api/scripts/${script.id}`, { title: 'Kept', content: 'print(2)' });
    const shared = await createScript(alice, { title: 'Shared' });
    expect((await alice.post(`/api/scripts/${shared.id}/share`)).status).toBe(200);
    const folder = await createFolder(alice, 'Folder');
    const sharedFolder = await createFolder(alice, 'Shared folder');
    expect((await alice.post(`/api/folders/${sharedFolder.id}/share`)).status).toBe(200);
    const key = await alice.post('/api/api-keys', { name: 'ci' });
    expect(key.status).toBe(201);
    const lua = (name: string, fieldName = 'file') => file(name, 'print("planted")', fieldName);

    const calls: Call[] = [
      { method: 'POST', path: '/api/scripts', json: { title: 'planted', content: 'x' } },
      { method: 'PUT', path: `/api/scripts/${script.id}`, json: { title: 'planted', content: 'x' } },
      { method: 'DELETE', path: `/api/scripts/${script.id}` },
      { method: 'POST', path: `/api/scripts/${script.id}/restore/1` },
      { method: 'POST', path: `/api/scripts/${script.id}/share` },
      { method: 'DELETE', path: `/api/scripts/${shared.id}/share` },
      { method: 'POST', path: `/api/scripts/${script.id}/move`, json: { folderId: folder.id } },
      { method: 'POST', path: '/api/folders', json: { name: 'planted', parentId: null } },
      { method: 'PUT', path: `/api/folders/${folder.id}`, json: { name: 'planted' } },
      { method: 'DELETE', path: `/api/folders/${folder.id}` },
      { method: 'POST', path: `/api/folders/${folder.id}/share` },
      { method: 'DELETE', path: `/api/folders/${sharedFolder.id}/share` },
      { method: 'POST', path: '/api/api-keys', json: { name: 'planted' } },
      { method: 'DELETE', path: `/api/api-keys/${key.body.id}` },
      { method: 'POST', path: '/api/upload/script', parts: [lua('planted.lua')] },
      { method: 'POST', path: `/api/upload/folder/${folder.id}`, parts: [lua('planted.lua', 'files')] },
      { method: 'POST', path: '/api/upload/structure', parts: [field('parentFolderId', 'null'), lua('planted.lua', 'files'), field('paths', 'p/planted.lua')] },
      { method: 'POST', path: '/api/upload/repository', parts: [field('repositoryName', 'planted'), lua('planted.lua', 'files'), field('paths', 'r/planted.lua')] },
      { method: 'POST', path: '/api/logout' },
    ];
    const before = await state(alice, [script.id, shared.id], [folder.id, sharedFolder.id]);
    expect(before.user).toBe(200);
    for (const [kind, headers] of Object.entries(FORGERIES)) {
      for (const call of calls) {
        const res = await send(alice, call, headers);
        expect({ kind, call: `${call.method} ${call.path}`, status: res.status, body: res.body }).toEqual({
          kind,
          call: `${call.method} ${call.path}`,
          status: 403,
          body: { error: 'Cross-origin request refused' },
        });
        expect(res.setCookies).toEqual([]);
      }
    }
    expect(await state(alice, [script.id, shared.id], [folder.id, sharedFolder.id])).toEqual(before);
  });

  it('refuses a forged registration and sign-in (no account, no cookie)', async () => {
    const username = uniqueName('forged');
    for (const headers of Object.values(FORGERIES)) {
      const guest = new Client(server.url);
      const res = await guest.request('POST', '/api/register', { json: { username, password: PASSWORD }, headers });
      expect(res.status).toBe(403);
      expect(res.setCookies).toEqual([]);
    }
    expect((await new Client(server.url).login(username)).status).toBe(401);

    const victim = await signedInUser(server.url, 'victim');
    const attacker = new Client(server.url);
    const res = await attacker.request('POST', '/api/login', { json: { username: victim.user!.username, password: PASSWORD }, headers: CROSS_SITE });
    expect(res.status).toBe(403);
    expect(res.setCookies).toEqual([]);
  });

  it('lets the product’s own pages, non-browser clients and safe methods through', async () => {
    const sameOrigin = await alice.request('POST', '/api/scripts', { json: { title: 'Own page', content: 'x' }, headers: { 'Sec-Fetch-Site': 'same-origin', Origin: server.url } });
    expect(sameOrigin.status).toBe(201);
    const typedUrl = await alice.request('POST', `/api/scripts/${sameOrigin.body.id}/share`, { headers: { 'Sec-Fetch-Site': 'none' } });
    expect(typedUrl.status).toBe(200);
    const oldBrowser = await alice.request('DELETE', `/api/scripts/${sameOrigin.body.id}/share`, { headers: { Origin: server.url } });
    expect(oldBrowser.status).toBe(204);
    const upload = await alice.request('POST', '/api/upload/script', { body: formData([file('own.lua', 'print(1)')]), headers: { Origin: server.url } });
    expect(upload.status).toBe(201);
    // curl, game servers, scripts: neither header.
    expect((await alice.post('/api/scripts', { title: 'From curl', content: 'x' })).status).toBe(201);
    // Reads are never refused.
    expect((await alice.get('/api/scripts', CROSS_SITE)).status).toBe(200);
  });

  it('leaves API-key requests and the admin API alone', async () => {
    const key = (await alice.post('/api/api-keys', { name: 'automation' })).body.key as string;
    const bot = alice.withApiKey(key);
    const created = await bot.request('POST', '/api/v1/scripts', { json: { title: 'By key', content: 'x' }, headers: CROSS_SITE });
    expect(created.status).toBe(201);
    const admin = await new Client(server.url).get('/admin-api/stats', { 'X-API-Key': server.adminKey, ...CROSS_SITE });
    expect(admin.status).toBe(200);
  });

  it('refuses a forged cookie write that also carries an X-API-Key header (session routes never read the key)', async () => {
    const before = (await alice.get('/api/scripts')).body;
    const forged = await alice.request('POST', '/api/scripts', { json: { title: 'planted', content: 'x' }, headers: { ...CROSS_SITE, 'X-API-Key': 'lv_junk' } });
    expect(forged.status).toBe(403);
    expect((await alice.get('/api/scripts')).body).toEqual(before);
  });
});

describe('cross-origin protection behind PUBLIC_ORIGIN', () => {
  let behind: TestServer;
  beforeAll(async () => {
    behind = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://vault.example' } });
  });
  afterAll(() => behind.dispose());

  it('accepts the configured public origin and refuses others', async () => {
    const guest = new Client(behind.url);
    const ok = await guest.request('POST', '/api/register', { json: { username: uniqueName('pub'), password: PASSWORD }, headers: { Origin: 'https://vault.example' } });
    expect(ok.status).toBe(201);
    const refused = await guest.request('POST', '/api/scripts', { json: { title: 't', content: 'x' }, headers: { Origin: 'https://vault.example.evil.example' } });
    expect(refused.status).toBe(403);
  });
});
