import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, ISO_DATE, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let bob: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  bob = await signedInUser(server.url, 'bob');
  anonymous = new Client(server.url);
});
afterAll(async () => {
  await server?.dispose();
});

const NOT_IN_FOLDER = 'Script not found in this shared folder, or the folder is no longer shared';
const scriptUrl = (shareId: string, scriptId: string) => `/api/share/folder/${shareId}/scripts/${scriptId}`;

describe('scripts opened through a folder link', () => {
  it('every script of the shared folder and its subfolders opens read-only, raw URL included, until the link is revoked', async () => {
    const top = await createFolder(alice, 'Game');
    const inner = await createFolder(alice, 'Client', top.id);
    const atTop = await createScript(alice, { title: 'main', content: 'print("top")', folderId: top.id });
    const nested = await createScript(alice, { title: 'ui', content: 'return "ui"', folderId: inner.id });
    const { shareId } = (await alice.post(`/api/folders/${top.id}/share`)).body;

    const page = await anonymous.get(scriptUrl(shareId, nested.id));
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      title: 'ui',
      extension: null,
      fileName: 'ui.lua',
      language: 'lua',
      content: 'return "ui"',
      createdAt: expect.stringMatching(ISO_DATE),
      updatedAt: expect.stringMatching(ISO_DATE),
      version: 1,
      path: ['Game', 'Client'],
    });
    const raw = await anonymous.get(`${scriptUrl(shareId, atTop.id)}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.text).toBe('print("top")');
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.headers.get('etag')).toBeTruthy();
    const again = await anonymous.get(`${scriptUrl(shareId, atTop.id)}/raw`, { 'If-None-Match': raw.headers.get('etag')! });
    expect(again.status).toBe(304);

    // The latest save is what the link serves.
    await alice.put(`/api/scripts/${nested.id}`, { content: 'return "ui v2"' });
    expect((await anonymous.get(`${scriptUrl(shareId, nested.id)}/raw`)).text).toBe('return "ui v2"');

    expect((await alice.delete(`/api/folders/${top.id}/share`)).status).toBe(204);
    const revoked = await anonymous.get(scriptUrl(shareId, nested.id));
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ error: NOT_IN_FOLDER });
    expect((await anonymous.get(`${scriptUrl(shareId, atTop.id)}/raw`)).status).toBe(404);
  });

  it('a script outside the shared subtree, moved out of it or of another account answers 404', async () => {
    const shared = await createFolder(alice, 'Shared');
    const sibling = await createFolder(alice, 'Private');
    const inside = await createScript(alice, { title: 'inside', folderId: shared.id });
    const outside = await createScript(alice, { title: 'outside', folderId: sibling.id });
    const atRoot = await createScript(alice, { title: 'root' });
    const bobs = await createScript(bob, { title: 'bob', folderId: (await createFolder(bob, 'Bob')).id });
    const { shareId } = (await alice.post(`/api/folders/${shared.id}/share`)).body;

    expect((await anonymous.get(scriptUrl(shareId, inside.id))).status).toBe(200);
    for (const other of [outside, atRoot, bobs]) {
      expect((await anonymous.get(scriptUrl(shareId, other.id))).status).toBe(404);
      expect((await anonymous.get(`${scriptUrl(shareId, other.id)}/raw`)).status).toBe(404);
    }
    expect((await alice.post(`/api/scripts/${inside.id}/move`, { folderId: sibling.id })).status).toBe(200);
    expect((await anonymous.get(scriptUrl(shareId, inside.id))).status).toBe(404);
  });

  it('the folder listing names nothing that keeps working after the folder link is revoked', async () => {
    const top = await createFolder(alice, 'Leaky');
    const inner = await createFolder(alice, 'Inner', top.id);
    const elsewhere = await createFolder(alice, 'Elsewhere');
    const script = await createScript(alice, { title: 'tool', content: 'return "v1 secret"', folderId: inner.id });
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'return "v2"' })).status).toBe(200);
    // The script has its own link, sharing its full history.
    const own = await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true });
    expect(own.status).toBe(200);
    const { shareId } = (await alice.post(`/api/folders/${top.id}/share`)).body;

    const listing = await anonymous.get(`/api/share/folder/${shareId}`);
    expect(listing.status).toBe(200);
    const [entry] = listing.body.contents.subfolders[0].contents.scripts;
    expect(entry).toEqual({ id: script.id, title: 'tool', fileName: 'tool.lua', updatedAt: expect.stringMatching(ISO_DATE) });
    expect(listing.body.contents.subfolders[0]).toEqual({ name: 'Inner', contents: expect.any(Object) });
    for (const id of [own.body.shareId, top.id, inner.id]) expect(listing.text).not.toContain(id);
    // How the folder page opens the script: the folder link and the script's id.
    expect((await anonymous.get(scriptUrl(shareId, entry.id))).body.content).toBe('return "v2"');

    // Moved out and the folder link revoked: every id-like string the listing held opens nothing, no version 1.
    expect((await alice.post(`/api/scripts/${script.id}/move`, { folderId: elsewhere.id })).status).toBe(200);
    expect((await alice.delete(`/api/folders/${top.id}/share`)).status).toBe(204);
    const named = new Set(listing.text.match(/[A-Za-z0-9_-]{8,}/g));
    for (const id of named) {
      expect((await anonymous.get(`/api/share/${id}/raw?version=1`)).status).toBe(404);
      expect((await anonymous.get(`/api/share/${id}`)).status).toBe(404);
      expect((await anonymous.get(`/api/share/folder/${id}`)).status).toBe(404);
    }
    expect(named.has(script.id)).toBe(true);
    expect((await anonymous.get(scriptUrl(shareId, script.id))).status).toBe(404);
    // The script's own link still serves its full history to whoever was given that link.
    expect((await anonymous.get(`/api/share/${own.body.shareId}/raw?version=1`)).text).toBe('return "v1 secret"');
  });

  it('a malformed id answers 400, an unknown link 404', async () => {
    expect((await anonymous.get(scriptUrl('bad id!', 'x'))).status).toBe(400);
    expect((await anonymous.get(scriptUrl('nosuchshare', 'nosuchscript'))).status).toBe(404);
  });
});

describe('the raw limit on folder links', () => {
  it('the folder page, its scripts and their raw URLs share one count per folder link and address', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: 'on', RATE_LIMIT_RAW: '3/1d' } });
    try {
      const owner = await signedInUser(limited.url, 'owner');
      const folder = await createFolder(owner, 'Limited');
      const script = await createScript(owner, { title: 'counted', content: 'return 1', folderId: folder.id });
      const { shareId } = (await owner.post(`/api/folders/${folder.id}/share`)).body;
      const visitor = new Client(limited.url);
      expect((await visitor.get(`/api/share/folder/${shareId}`)).status).toBe(200);
      expect((await visitor.get(scriptUrl(shareId, script.id))).status).toBe(200);
      expect((await visitor.get(`${scriptUrl(shareId, script.id)}/raw`)).status).toBe(200);
      expect((await visitor.get(`${scriptUrl(shareId, script.id)}/raw`)).status).toBe(429);
      expect((await visitor.get(scriptUrl(shareId, script.id))).status).toBe(429);
    } finally {
      await limited.dispose();
    }
  });
});
