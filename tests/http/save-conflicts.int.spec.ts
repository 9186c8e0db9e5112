import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, field, file, formData, ISO_DATE, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let owner: Client;
/** the same user in a second tab: its own session, the same scripts */
let secondTab: Client;
let api: Client;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server.url, 'conflict');
  secondTab = new Client(server.url);
  expect((await secondTab.login(owner.user!.username)).status).toBe(200);
  const key = await owner.post('/api/api-keys', { name: 'conflicts' });
  expect(key.status).toBe(201);
  api = owner.withApiKey(key.body.key);
});
afterAll(async () => {
  await server?.dispose();
});

const versionsOf = async (id: string) => ((await owner.get(`/api/scripts/${id}/versions`)).body as { version: number }[]).map((v) => v.version);

describe('save conflicts (baseVersion in the JSON body)', () => {
  it('two tabs open version 1: the first save lands, the later one based on version 1 gets 409 with the current version', async () => {
    const script = await createScript(owner, { title: 'Shared', content: 'print(1)' });
    const first = await owner.put(`/api/scripts/${script.id}`, { content: 'print("tab A")', baseVersion: 1 });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);

    const later = await secondTab.put(`/api/scripts/${script.id}`, { content: 'print("tab B")', baseVersion: 1 });
    expect(later.status).toBe(409);
    expect(later.body).toEqual({
      error: expect.stringContaining('changed'),
      currentVersion: 2,
      current: { version: 2, title: 'Shared', content: 'print("tab A")', updatedAt: expect.stringMatching(ISO_DATE), savedWith: 'session' },
    });
    // Nothing was recorded for the refused save.
    expect(await versionsOf(script.id)).toEqual([2, 1]);

    // "Save mine as a new version": the same content based on the version the conflict named.
    const resaved = await secondTab.put(`/api/scripts/${script.id}`, { content: 'print("tab B")', baseVersion: later.body.currentVersion });
    expect(resaved.status).toBe(200);
    expect(resaved.body).toMatchObject({ version: 3, content: 'print("tab B")' });
    expect(await versionsOf(script.id)).toEqual([3, 2, 1]);
  });

  it('without baseVersion both saves land, as before (the later becomes current)', async () => {
    const script = await createScript(owner, { content: 'print(1)' });
    expect((await owner.put(`/api/scripts/${script.id}`, { content: 'print("A")' })).status).toBe(200);
    const later = await secondTab.put(`/api/scripts/${script.id}`, { content: 'print("B")' });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ version: 3, content: 'print("B")' });
  });

  it('a stale title-only save is refused the same way; a current one renames', async () => {
    const script = await createScript(owner, { title: 'Before', content: 'print(1)' });
    await owner.put(`/api/scripts/${script.id}`, { content: 'print(2)', baseVersion: 1 });
    const stale = await secondTab.put(`/api/scripts/${script.id}`, { title: 'Renamed', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(2);
    const current = await secondTab.put(`/api/scripts/${script.id}`, { title: 'Renamed', baseVersion: 2 });
    expect(current.body).toMatchObject({ version: 3, title: 'Renamed', content: 'print(2)' });
  });

  it('a stale save that also moves the script changes nothing; a current one saves and moves', async () => {
    const script = await createScript(owner, { content: 'print(1)' });
    const folder = await createFolder(owner, 'Target');
    await owner.put(`/api/scripts/${script.id}`, { content: 'print(2)' });
    const stale = await secondTab.put(`/api/scripts/${script.id}`, { content: 'print(3)', folderId: folder.id, baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await owner.get(`/api/scripts/${script.id}`)).body).toMatchObject({ version: 2, folderId: null });
    const current = await secondTab.put(`/api/scripts/${script.id}`, { content: 'print(3)', folderId: folder.id, baseVersion: 2 });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ version: 3, folderId: folder.id, content: 'print(3)' });
  });

  it('leaves the current content out of the 409 when it is over 1 MB (the client fetches it)', async () => {
    const big = `-- ${'x'.repeat(1024 * 1024)}\n`;
    const script = await createScript(owner, { content: 'print(1)' });
    expect((await owner.put(`/api/scripts/${script.id}`, { content: big })).status).toBe(200);
    const stale = await secondTab.put(`/api/scripts/${script.id}`, { content: 'print(3)', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({ version: 2, title: 'Script', updatedAt: expect.stringMatching(ISO_DATE), savedWith: 'session' });
  });

  it('refuses a baseVersion that is not a version number (400), and another user still gets 404', async () => {
    const script = await createScript(owner, { content: 'print(1)' });
    for (const baseVersion of [0, -1, 1.5, '1', null]) {
      const res = await owner.put(`/api/scripts/${script.id}`, { content: 'print(2)', baseVersion });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const stranger = await signedInUser(server.url, 'stranger');
    expect((await stranger.put(`/api/scripts/${script.id}`, { content: 'x()', baseVersion: 1 })).status).toBe(404);
  });
});

describe('save conflicts on the public API (If-Match, baseVersion)', () => {
  it('GET content sends the version ETag; PATCH with If-Match of an older version gets 409 with the current version', async () => {
    const created = await api.post('/api/v1/scripts', { title: 'Api', content: 'print(1)' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const read = await api.get(`/api/v1/scripts/${id}/content`);
    expect(read.headers.get('etag')).toBe('"v1"');

    const first = await api.request('PATCH', `/api/v1/scripts/${id}`, { json: { content: 'print(2)' }, headers: { 'If-Match': '"v1"' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"v2"');

    const stale = await api.request('PATCH', `/api/v1/scripts/${id}`, { json: { content: 'print(3)' }, headers: { 'If-Match': read.headers.get('etag')! } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ currentVersion: 2, current: { version: 2, title: 'Api', content: 'print(2)', savedWith: 'apiKey' } });

    // `*` names no version: today's behaviour.
    const any = await api.request('PATCH', `/api/v1/scripts/${id}`, { json: { content: 'print(3)' }, headers: { 'If-Match': '*' } });
    expect(any.status).toBe(200);
    expect(any.headers.get('etag')).toBe('"v3"');
  });

  it('baseVersion in the PATCH body works too; it must agree with If-Match; a malformed If-Match is a 400', async () => {
    const id = (await api.post('/api/v1/scripts', { title: 'Api 2', content: 'print(1)' })).body.id as string;
    await api.patch(`/api/v1/scripts/${id}`, { content: 'print(2)' });
    expect((await api.patch(`/api/v1/scripts/${id}`, { content: 'print(3)', baseVersion: 1 })).status).toBe(409);
    const disagree = await api.request('PATCH', `/api/v1/scripts/${id}`, { json: { content: 'print(3)', baseVersion: 2 }, headers: { 'If-Match': '"v1"' } });
    expect(disagree.status).toBe(400);
    for (const header of ['v2', 'W/"v2"', '"2"', '"v2", "v3"']) {
      const res = await api.request('PATCH', `/api/v1/scripts/${id}`, { json: { content: 'print(3)' }, headers: { 'If-Match': header } });
      expect(res.status, header).toBe(400);
      expect(res.body.error).toContain('If-Match');
    }
    expect((await api.request('PATCH', `/api/v1/scripts/${id}`, { json: { content: 'print(3)' }, headers: { 'If-Match': '"v2"' } })).status).toBe(200);
  });

  it('upload PATCH takes If-Match or a baseVersion field', async () => {
    const id = (await api.post('/api/v1/scripts', { title: 'Upload', content: 'print(1)' })).body.id as string;
    await api.patch(`/api/v1/scripts/${id}`, { content: 'print(2)' });
    const staleHeader = await api.request('PATCH', `/api/v1/scripts/${id}/upload`, {
      body: formData([file('a.lua', 'print("up")')]),
      headers: { 'If-Match': '"v1"' },
    });
    expect(staleHeader.status).toBe(409);
    expect(staleHeader.body.currentVersion).toBe(2);
    expect((await api.upload(`/api/v1/scripts/${id}/upload`, [file('a.lua', 'print("up")'), field('baseVersion', '1')], 'PATCH')).status).toBe(409);
    expect((await api.upload(`/api/v1/scripts/${id}/upload`, [file('a.lua', 'print("up")'), field('baseVersion', 'two')], 'PATCH')).status).toBe(400);
    const ok = await api.upload(`/api/v1/scripts/${id}/upload`, [file('a.lua', 'print("up")'), field('baseVersion', '2')], 'PATCH');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ version: 3, content: 'print("up")' });
    expect(ok.headers.get('etag')).toBe('"v3"');
  });
});
