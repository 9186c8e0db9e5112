import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, eventually, ISO_DATE, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  anonymous = new Client(server.url);
});
afterAll(async () => {
  await server?.dispose();
});

const SHARE_NOT_FOUND = 'Script not found or no longer shared';

describe('script share links', () => {
  it('share answers {shareId}, the same id when shared again', async () => {
    const script = await createScript(alice, { title: 'Shared', content: 'print("shared")' });
    const first = await alice.post(`/api/scripts/${script.id}/share`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ shareId: expect.stringMatching(/^[A-Za-z0-9_-]{1,36}$/), fullHistory: false, sharedAtVersion: 1 });
    const second = await alice.post(`/api/scripts/${script.id}/share`);
    expect(second.body.shareId).toBe(first.body.shareId);
    expect((await alice.get(`/api/scripts/${script.id}`)).body.shareId).toBe(first.body.shareId);
  });

  it('GET /api/share/:id answers the public shape without an account', async () => {
    const script = await createScript(alice, { title: 'Public view', content: 'return 42' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'return 43' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    const res = await anonymous.get(`/api/share/${shareId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: 'Public view',
      extension: null,
      fileName: 'Public view.lua',
      language: 'lua',
      content: 'return 43',
      createdAt: expect.stringMatching(ISO_DATE),
      updatedAt: expect.stringMatching(ISO_DATE),
      views: expect.any(Number),
      version: 2,
    });
  });

  it('raw: text/plain utf-8, ETag, 304 on If-None-Match, nosniff; follows saves; pins ?version', async () => {
    const v1 = '-- première ✓\nprint("v1")\n';
    const script = await createScript(alice, { title: 'Raw', content: v1 });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    const rawPath = `/api/share/${shareId}/raw`;

    const raw = await anonymous.get(rawPath);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(raw.text).toBe(v1);
    const etag = raw.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    const again = await anonymous.get(rawPath);
    expect(again.headers.get('etag')).toBe(etag);

    const notModified = await anonymous.get(rawPath, { 'If-None-Match': etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect((await anonymous.get(rawPath, { 'If-None-Match': '"something-else"' })).status).toBe(200);

    // A save shows on the raw URL as soon as it has answered, with a new ETag.
    const v2 = 'print("v2")\n';
    expect((await alice.put(`/api/scripts/${script.id}`, { content: v2 })).status).toBe(200);
    const updated = await anonymous.get(rawPath, { 'If-None-Match': etag! });
    expect(updated.status).toBe(200);
    expect(updated.text).toBe(v2);
    const etag2 = updated.headers.get('etag');
    expect(etag2).toBeTruthy();
    expect(etag2).not.toBe(etag);
    expect((await anonymous.get(`/api/share/${shareId}`)).body).toMatchObject({ content: v2, version: 2 });

    // Pinned versions.
    const pinned = await anonymous.get(`${rawPath}?version=1`);
    expect(pinned.status).toBe(200);
    expect(pinned.text).toBe(v1);
    expect(pinned.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(pinned.headers.get('x-content-type-options')).toBe('nosniff');
    const pinnedEtag = pinned.headers.get('etag');
    expect(pinnedEtag).toBeTruthy();
    expect(pinnedEtag).not.toBe(etag2);
    expect((await anonymous.get(`${rawPath}?version=1`, { 'If-None-Match': pinnedEtag! })).status).toBe(304);
    expect((await anonymous.get(`${rawPath}?version=2`)).text).toBe(v2);
    // Pinned stays pinned after more saves.
    await alice.put(`/api/scripts/${script.id}`, { content: 'print("v3")' });
    expect((await anonymous.get(`${rawPath}?version=1`)).text).toBe(v1);
    expect((await anonymous.get(rawPath)).text).toBe('print("v3")');
    expect((await anonymous.get(`${rawPath}?version=9`)).status).toBe(404);
    expect((await anonymous.get(`${rawPath}?version=abc`)).status).toBe(400);
  });

  it('read-your-writes on the raw URL across many saves', async () => {
    const script = await createScript(alice, { title: 'Hot', content: 'x = 0' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    for (let i = 1; i <= 10; i++) {
      await anonymous.get(`/api/share/${shareId}/raw`); // warm whatever cache sits in front
      expect((await alice.put(`/api/scripts/${script.id}`, { content: `x = ${i}` })).status).toBe(200);
      expect((await anonymous.get(`/api/share/${shareId}/raw`)).text).toBe(`x = ${i}`);
    }
  });

  it('revoke: the old link answers 404 at once on view and raw; sharing again gives a new id', async () => {
    const script = await createScript(alice, { title: 'Revocable', content: 'print("r")' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    // Warm the raw path first so a stale cache would show.
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(200);
    expect((await anonymous.get(`/api/share/${shareId}`)).status).toBe(200);

    const revoked = await alice.delete(`/api/scripts/${script.id}/share`);
    expect(revoked.status).toBe(204);

    const view = await anonymous.get(`/api/share/${shareId}`);
    expect(view.status).toBe(404);
    expect(view.body).toEqual({ error: SHARE_NOT_FOUND });
    const raw = await anonymous.get(`/api/share/${shareId}/raw`);
    expect(raw.status).toBe(404);
    expect(raw.body).toEqual({ error: SHARE_NOT_FOUND });
    expect((await anonymous.get(`/api/share/${shareId}/raw?version=1`)).status).toBe(404);
    expect((await alice.get(`/api/scripts/${script.id}`)).body.shareId).toBeNull();
    // Revoking again is harmless.
    expect((await alice.delete(`/api/scripts/${script.id}/share`)).status).toBe(204);

    const again = (await alice.post(`/api/scripts/${script.id}/share`)).body.shareId;
    expect(again).not.toBe(shareId);
    expect((await anonymous.get(`/api/share/${again}/raw`)).text).toBe('print("r")');
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(404);
  });

  it('concurrent share calls all answer the same, real share id', async () => {
    // Regression: the calls that lost the race decided "already shared" (no event) and answered before the read
    // model had the winner's share, i.e. `{ shareId: null }`.
    for (let round = 0; round < 5; round++) {
      const script = await createScript(alice, { title: `race ${round}` });
      const answers = await Promise.all([1, 2, 3].map(() => alice.post(`/api/scripts/${script.id}/share`)));
      const ids = answers.map((a) => a.body.shareId);
      expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
      expect(ids).toEqual([ids[0], ids[0], ids[0]]);

      const folder = await alice.post('/api/folders', { name: `race ${round}` });
      const folderAnswers = await Promise.all([1, 2, 3].map(() => alice.post(`/api/folders/${folder.body.id}/share`)));
      const folderIds = folderAnswers.map((a) => a.body.shareId);
      expect(folderIds[0]).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
      expect(folderIds).toEqual([folderIds[0], folderIds[0], folderIds[0]]);
    }
  });

  it('a restore shows on the raw URL at once', async () => {
    const script = await createScript(alice, { title: 'Restored raw', content: 'old' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    await alice.put(`/api/scripts/${script.id}`, { content: 'new' });
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).text).toBe('new');
    expect((await alice.post(`/api/scripts/${script.id}/restore/1`)).status).toBe(200);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).text).toBe('old');
    expect((await anonymous.get(`/api/share/${shareId}`)).body).toMatchObject({ content: 'old', version: 3 });
  });

  it('a script share id is not a folder share id, and the other way round', async () => {
    const script = await createScript(alice, { title: 'typed share' });
    const scriptShare = (await alice.post(`/api/scripts/${script.id}/share`)).body.shareId;
    const folder = await alice.post('/api/folders', { name: 'typed share' });
    const folderShare = (await alice.post(`/api/folders/${folder.body.id}/share`)).body.shareId;
    expect((await anonymous.get(`/api/share/folder/${scriptShare}`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/${folderShare}`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/${folderShare}/raw`)).status).toBe(404);
  });

  it('deleting a shared script takes its link down at once', async () => {
    const script = await createScript(alice, { title: 'Deleted', content: 'bye' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(200);
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/${shareId}`)).status).toBe(404);
  });
});

describe('views', () => {
  it('counts page views and raw fetches; the script and admin stats show them within seconds', async () => {
    const script = await createScript(alice, { title: 'Popular', content: 'print("popular")' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    const rawFetches = 7;
    for (let i = 0; i < rawFetches; i++) expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(200);
    expect((await anonymous.get(`/api/share/${shareId}`)).status).toBe(200);
    const expected = rawFetches + 1;

    const seen = await eventually(
      async () => (await alice.get(`/api/scripts/${script.id}`)).body.views as number,
      (views) => views >= expected,
      5000,
    );
    expect(seen).toBe(expected);

    const stats = await eventually(
      async () => (await alice.get('/admin-api/stats', { 'X-API-Key': server.adminKey })).body,
      (body) => body.topViewed.some((s: { id: string; views: number }) => s.id === script.id && s.views === expected),
      5000,
    );
    expect(stats.topViewed).toContainEqual({ id: script.id, title: 'Popular', views: expected, username: alice.user!.username });
    const counts = stats.topViewed.map((s: { views: number }) => s.views);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    // The owner's own reads are not views.
    await alice.get(`/api/scripts/${script.id}`);
    await alice.get(`/api/scripts/${script.id}/versions`);
    expect((await alice.get('/api/scripts')).body.find((s: { id: string }) => s.id === script.id).views).toBe(expected);
    // The public page shows the count too.
    expect((await anonymous.get(`/api/share/${shareId}`)).body.views).toBeGreaterThanOrEqual(expected);
  });
});
