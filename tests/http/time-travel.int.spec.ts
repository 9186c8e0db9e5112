import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, signedInUser, startTestServer, type TestServer } from './client';

/**
 * Time travel over a real timeline: each step is separated by a short pause and an instant is noted between steps,
 * so every "as of" answer can be checked against what was true at that instant.
 */
let server: TestServer;
let alice: Client;
let bob: Client;
const instants: Record<string, string> = {};
let folderId = '';
let firstId = '';
let secondId = '';

const pause = () => new Promise((resolve) => setTimeout(resolve, 25));
async function mark(name: string) {
  await pause();
  instants[name] = new Date().toISOString();
  await pause();
}
const workspaceAt = (client: Client, at: string, query = '') => client.get(`/api/as-of/workspace?at=${encodeURIComponent(at)}${query}`);
const scriptAt = (client: Client, id: string, at: string) => client.get(`/api/as-of/scripts/${id}?at=${encodeURIComponent(at)}`);

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  bob = await signedInUser(server.url, 'bob');
  await mark('empty');
  folderId = (await createFolder(alice, 'Old folder')).id;
  firstId = (await createScript(alice, { title: 'First', content: 'print("v1")' })).id;
  await mark('created');
  expect((await alice.put(`/api/scripts/${firstId}`, { title: 'First renamed', content: 'print("v2")' })).status).toBe(200);
  expect((await alice.post(`/api/scripts/${firstId}/move`, { folderId })).status).toBe(200);
  expect((await alice.put(`/api/folders/${folderId}`, { name: 'New folder' })).status).toBe(200);
  await mark('edited');
  secondId = (await createScript(alice, { title: 'Second', content: 'print("two")' })).id;
  await mark('both');
  expect((await alice.delete(`/api/scripts/${firstId}`)).status).toBe(204);
  await mark('deleted');
});
afterAll(async () => {
  await server?.dispose();
});

describe('workspace as of an instant', () => {
  it('is empty before anything was created', async () => {
    const res = await workspaceAt(alice, instants.empty!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ folders: [], scripts: [], next: null });
  });

  it('shows the first title, content preview, version and folder as they were', async () => {
    const res = await workspaceAt(alice, instants.created!);
    expect(res.body.folders).toEqual([expect.objectContaining({ id: folderId, name: 'Old folder', parentId: null })]);
    expect(res.body.scripts).toEqual([
      expect.objectContaining({ id: firstId, title: 'First', folderId: null, version: 1, preview: 'print("v1")', size: 11 }),
    ]);
  });

  it('shows the rename, the move and the folder rename once they happened, and no later script', async () => {
    const res = await workspaceAt(alice, instants.edited!);
    expect(res.body.folders).toEqual([expect.objectContaining({ id: folderId, name: 'New folder' })]);
    expect(res.body.scripts).toEqual([expect.objectContaining({ id: firstId, title: 'First renamed', folderId, version: 2, preview: 'print("v2")' })]);
  });

  it("lists who did what up to that moment, newest first, deleted scripts' events included", async () => {
    const res = await workspaceAt(alice, instants.edited!);
    expect(res.body.activity.map((e: { summary: string }) => e.summary)).toEqual([
      'Renamed the folder to "New folder"',
      'Moved to a folder',
      expect.stringMatching(/^Saved version 2: /), // the automatic comment names the date
      'Created "First" (version 1)',
      'Created folder "Old folder"',
    ]);
    expect(res.body.activity[0]).toMatchObject({ actorName: alice.user!.username, subject: { kind: 'folder', id: folderId, name: 'New folder' } });
    const later = await workspaceAt(alice, instants.deleted!);
    expect(later.body.activity[0]).toMatchObject({ type: 'ScriptTrashed', summary: 'Moved to the trash', subject: { kind: 'script', id: firstId, name: 'First renamed' } });
  });

  it('still shows a deleted script before its deletion, and not after', async () => {
    const before = await workspaceAt(alice, instants.both!);
    expect(before.body.scripts.map((s: { id: string }) => s.id).sort()).toEqual([firstId, secondId].sort());
    const after = await workspaceAt(alice, instants.deleted!);
    expect(after.body.scripts.map((s: { title: string }) => s.title)).toEqual(['Second']);
    // the current read models agree with the latest instant
    expect((await alice.get(`/api/scripts/${firstId}`)).status).toBe(404);
  });

  it('pages the scripts with limit and after', async () => {
    const first = await workspaceAt(alice, instants.both!, '&limit=1');
    expect(first.body.scripts).toHaveLength(1);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await workspaceAt(alice, instants.both!, `&limit=1&after=${first.body.next}`);
    expect(second.body.scripts).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect(new Set([first.body.scripts[0].id, second.body.scripts[0].id])).toEqual(new Set([firstId, secondId]));
  });

  it("shows nobody else's workspace", async () => {
    const res = await workspaceAt(bob, instants.both!);
    expect(res.body).toMatchObject({ folders: [], scripts: [] });
  });
});

describe('script as of an instant', () => {
  it('answers the content, title and version then, with the audit trail up to that moment', async () => {
    const early = await scriptAt(alice, firstId, instants.created!);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ id: firstId, title: 'First', content: 'print("v1")', version: 1, folderId: null });
    expect(early.body.history).toEqual([expect.objectContaining({ type: 'ScriptCreated', actorName: alice.user!.username, summary: 'Created "First" (version 1)' })]);

    const later = await scriptAt(alice, firstId, instants.both!);
    expect(later.body).toMatchObject({ title: 'First renamed', content: 'print("v2")', version: 2, folderId });
    expect(later.body.history.map((e: { type: string }) => e.type)).toEqual(['ScriptMoved', 'ScriptSaved', 'ScriptCreated']);
  });

  it('answers 404 before the script existed and after it was deleted', async () => {
    const before = await scriptAt(alice, firstId, instants.empty!);
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ error: 'Script did not exist then' });
    const after = await scriptAt(alice, firstId, instants.deleted!);
    expect(after.status).toBe(404);
    expect(after.body).toEqual({ error: 'Script was deleted by then' });
  });

  it("answers 404 for another user's script, exactly like a missing one", async () => {
    const res = await scriptAt(bob, secondId, instants.deleted!);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Script not found' });
    expect((await scriptAt(bob, 'nope', instants.deleted!)).body).toEqual({ error: 'Script not found' });
  });
});

describe('as-of requests', () => {
  it('refuse a missing or malformed instant with 400 JSON', async () => {
    for (const query of ['', '?at=yesterday', '?at=2026-13-45T99:00:00Z', '?at=2026-02-31T00:00:00Z', '?at=2026-04-31T12:00:00Z', `?at=${'2'.repeat(100)}`]) {
      const res = await alice.get(`/api/as-of/workspace${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toMatch(/ISO-8601/);
    }
    expect((await alice.get(`/api/as-of/workspace?at=${instants.both}&limit=0`)).status).toBe(400);
  });

  it('need a session', async () => {
    const res = await new Client(server.url).get(`/api/as-of/workspace?at=${instants.both}`);
    expect(res.status).toBe(401);
  });
});
