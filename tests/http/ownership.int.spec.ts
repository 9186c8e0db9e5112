import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, file, signedInUser, startTestServer, type TestServer } from './client';

/**
 * Another user's script, folder, version, share or key answers 404, exactly like a missing one, on every route,
 * and nothing the intruder tries changes the owner's data.
 */

let server: TestServer;
let alice: Client;
let mallory: Client;
let aliceScript: { id: string };
let aliceFolder: { id: string };
let aliceChild: { id: string };
let aliceShareId: string;
let aliceFolderShareId: string;
let aliceKey: { id: string; key: string };

beforeAll(async () => {
  server = await startTestServer();
  [alice, mallory] = await Promise.all([signedInUser(server.url, 'alice'), signedInUser(server.url, 'mallory')]);
  aliceFolder = await createFolder(alice, 'Private');
  aliceChild = await createFolder(alice, 'Child', aliceFolder.id);
  aliceScript = await createScript(alice, { title: 'Secret', content: 'local secret = 1', folderId: aliceFolder.id });
  await alice.put(`/api/scripts/${aliceScript.id}`, { content: 'local secret = 2' });
  aliceShareId = (await alice.post(`/api/scripts/${aliceScript.id}/share`)).body.shareId;
  aliceFolderShareId = (await alice.post(`/api/folders/${aliceFolder.id}/share`)).body.shareId;
  aliceKey = (await alice.post('/api/api-keys', { name: 'alice key' })).body;
});
afterAll(async () => {
  await server?.dispose();
});

async function expectAliceUntouched() {
  const script = await alice.get(`/api/scripts/${aliceScript.id}`);
  expect(script.status).toBe(200);
  expect(script.body).toMatchObject({ title: 'Secret', content: 'local secret = 2', version: 2, folderId: aliceFolder.id, shareId: aliceShareId });
  const folder = await alice.get(`/api/folders/${aliceFolder.id}`);
  expect(folder.body).toMatchObject({ name: 'Private', parentId: null, shareId: aliceFolderShareId });
  expect((await alice.get(`/api/folders/${aliceChild.id}`)).body.parentId).toBe(aliceFolder.id);
  expect((await alice.get('/api/api-keys')).body.map((k: { id: string }) => k.id)).toContain(aliceKey.id);
  expect((await new Client(server.url).get(`/api/share/${aliceShareId}`)).status).toBe(200);
  expect((await new Client(server.url).get(`/api/share/folder/${aliceFolderShareId}`)).status).toBe(200);
}

describe("another user's resources answer 404", () => {
  it('every script route', async () => {
    const id = aliceScript.id;
    const missing = await mallory.get('/api/scripts/nosuchscript');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/scripts/${id}`],
      ['PUT', `/api/scripts/${id}`, { content: 'pwned' }],
      ['PUT', `/api/scripts/${id}`, { title: 'pwned', comment: 'x' }],
      ['DELETE', `/api/scripts/${id}`],
      ['GET', `/api/scripts/${id}/versions`],
      ['GET', `/api/scripts/${id}/versions/1`],
      ['GET', `/api/scripts/${id}/versions/2`],
      ['POST', `/api/scripts/${id}/restore/1`],
      ['GET', `/api/scripts/${id}/history`],
      ['GET', `/api/scripts/${id}/views`],
      ['POST', `/api/scripts/${id}/share`],
      ['DELETE', `/api/scripts/${id}/share`],
      ['POST', `/api/scripts/${id}/move`, { folderId: null }],
    ];
    for (const [method, path, json] of calls) {
      const res = await mallory.request(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(404);
      if (method === 'GET' && path === `/api/scripts/${id}`) expect(res.body).toEqual(missing.body);
      expect(res.text).not.toContain('secret');
    }
    await expectAliceUntouched();
  });

  it('every folder route', async () => {
    const id = aliceFolder.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/folders/${id}`],
      ['PUT', `/api/folders/${id}`, { name: 'pwned' }],
      ['PUT', `/api/folders/${id}`, { isPublic: true }],
      ['PUT', `/api/folders/${aliceChild.id}`, { parentId: null }],
      ['DELETE', `/api/folders/${id}`],
      ['DELETE', `/api/folders/${aliceChild.id}`],
      ['GET', `/api/folders/${id}/scripts`],
      ['GET', `/api/folders/${id}/path`],
      ['GET', `/api/folders/${aliceChild.id}/path`],
      ['POST', `/api/folders/${id}/share`],
      ['DELETE', `/api/folders/${id}/share`],
    ];
    for (const [method, path, json] of calls) {
      const res = await mallory.request(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await mallory.get(`/api/folders?parentId=${id}`)).body).toEqual([]);
    await expectAliceUntouched();
  });

  it("using someone else's folder as a target answers 404 and creates nothing", async () => {
    const own = await createScript(mallory, { title: 'mine' });
    const ownFolder = await createFolder(mallory, 'mine');
    const before = (await mallory.get('/api/scripts')).body.length;

    expect((await mallory.post(`/api/scripts/${own.id}/move`, { folderId: aliceFolder.id })).status).toBe(404);
    expect((await mallory.put(`/api/scripts/${own.id}`, { content: 'x', folderId: aliceFolder.id })).status).toBe(404);
    expect((await mallory.post('/api/scripts', { title: 't', content: 'c', folderId: aliceFolder.id })).status).toBe(404);
    expect((await mallory.post('/api/folders', { name: 'n', parentId: aliceFolder.id })).status).toBe(404);
    expect((await mallory.put(`/api/folders/${ownFolder.id}`, { parentId: aliceFolder.id })).status).toBe(404);
    expect((await mallory.upload(`/api/upload/script?folderId=${aliceFolder.id}`, [file('a.lua', 'x')])).status).toBe(404);
    expect((await mallory.upload(`/api/upload/folder/${aliceFolder.id}`, [file('a.lua', 'x', 'files')])).status).toBe(404);
    expect(
      (await mallory.upload('/api/upload/structure', [{ field: 'parentFolderId', value: aliceFolder.id }, file('a.lua', 'x', 'files'), { field: 'paths', value: 'd/a.lua' }]))
        .status,
    ).toBe(404);

    expect((await mallory.get('/api/scripts')).body.length).toBe(before);
    expect((await mallory.get(`/api/scripts/${own.id}`)).body.folderId).toBeNull();
    expect((await mallory.get(`/api/folders/${ownFolder.id}`)).body.parentId).toBeNull();
    expect((await alice.get(`/api/folders/${aliceFolder.id}/scripts`)).body.map((s: { id: string }) => s.id)).toEqual([aliceScript.id]);
    expect((await alice.get(`/api/folders?parentId=${aliceFolder.id}`)).body.map((f: { id: string }) => f.id)).toEqual([aliceChild.id]);
  });

  it("deleting someone else's API key answers 404 and the key keeps working", async () => {
    expect((await mallory.delete(`/api/api-keys/${aliceKey.id}`)).status).toBe(404);
    expect((await new Client(server.url, { apiKey: aliceKey.key }).get('/api/v1/health')).status).toBe(200);
    expect((await mallory.get('/api/api-keys')).body).toEqual([]);
  });

  it("lists never show another user's scripts or folders", async () => {
    for (const path of ['/api/scripts', '/api/root-scripts', '/api/folders', '/api/folders?parentId=null']) {
      const res = await mallory.get(path);
      expect(res.status).toBe(200);
      const ids = res.body.map((x: { id: string }) => x.id);
      expect(ids, path).not.toContain(aliceScript.id);
      expect(ids, path).not.toContain(aliceFolder.id);
      expect(ids, path).not.toContain(aliceChild.id);
    }
  });

  it("another user's API key cannot reach my scripts through /api/v1", async () => {
    const malloryKey = (await mallory.post('/api/api-keys', { name: 'mallory key' })).body.key as string;
    const bot = new Client(server.url, { apiKey: malloryKey });
    const id = aliceScript.id;
    for (const [method, path, json] of [
      ['GET', `/api/v1/scripts/${id}/content`],
      ['GET', `/api/v1/scripts/${id}/raw`],
      ['GET', `/api/v1/scripts/${id}/loadstring`],
      ['POST', `/api/v1/scripts/${id}/share`],
      ['PATCH', `/api/v1/scripts/${id}`, { content: 'pwned' }],
    ] as [string, string, unknown?][]) {
      const res = await bot.request(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain('secret');
    }
    expect((await bot.upload(`/api/v1/scripts/${id}/upload`, [file('x.lua', 'pwned')], 'PATCH')).status).toBe(404);
    expect((await bot.post('/api/v1/scripts', { title: 't', content: 'c', folderId: aliceFolder.id })).status).toBe(404);
    const list = await bot.get('/api/v1/scripts');
    expect(list.body.map((s: { id: string }) => s.id)).not.toContain(id);
    const folders = await bot.get('/api/v1/folders');
    expect(folders.body.map((f: { id: string }) => f.id)).not.toContain(aliceFolder.id);
    await expectAliceUntouched();
  });
});
