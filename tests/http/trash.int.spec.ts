import { join } from 'node:path';
import { SqliteDatabase } from '../../services/sqlite/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, eventually, ISO_DATE, signedInUser, startTestServer, versionsWithContent, type TestServer } from './client';

/** The trash: deleting moves scripts and folders there; restore, purge one, empty; the automatic purge. */

/** Every event of `stream` in the log, type and data (read beside the running server, like an operator would). */
function eventsOf(server: TestServer, stream: string): { type: string; data: Record<string, unknown> }[] {
  const db = new SqliteDatabase(join(server.dataDir, 'events.sqlite'), { readOnly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[string], { type: string; data: string }>('SELECT type, data FROM events WHERE stream = ? ORDER BY revision').all(stream);
    return rows.map((row) => ({ type: row.type, data: JSON.parse(row.data) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const DAY_MS = 86_400_000;

describe('trash (TRASH_DAYS default 30)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('a deleted script leaves the workspace, search and its link (raw 404), and waits in the trash for 30 days', async () => {
    const alice = await signedInUser(server.url, 'trash');
    const script = await createScript(alice, { title: 'Binned tool', content: 'print("v1")' });
    const shareId = (await alice.post(`/api/scripts/${script.id}/share`)).body.shareId as string;
    const anonymous = new Client(server.url);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).text).toBe('print("v1")');

    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);

    expect(ids((await alice.get('/api/scripts')).body)).not.toContain(script.id);
    expect(ids((await alice.get('/api/root-scripts')).body)).not.toContain(script.id);
    expect((await alice.get('/api/search?q=Binned')).body).toEqual([]);
    expect((await alice.get(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'no' })).status).toBe(404);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/${shareId}`)).status).toBe(404);

    const trash = await alice.get('/api/trash');
    expect(trash.status).toBe(200);
    expect(trash.body).toEqual([
      { kind: 'script', id: script.id, name: 'Binned tool', folderId: null, path: [], version: 1, size: 11, trashedAt: expect.stringMatching(ISO_DATE), purgeAt: expect.stringMatching(ISO_DATE) },
    ]);
    const entry = trash.body[0] as { trashedAt: string; purgeAt: string };
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.trashedAt)).toBe(30 * DAY_MS);
    // The owner can still read it there; nobody else can.
    expect((await alice.get(`/api/trash/scripts/${script.id}`)).body).toMatchObject({ id: script.id, title: 'Binned tool', content: 'print("v1")', shareId: null, trashedAt: entry.trashedAt, purgeAt: entry.purgeAt });
    expect((await (await signedInUser(server.url, 'peek')).get(`/api/trash/scripts/${script.id}`)).status).toBe(404);
    // Deleting again answers like any missing script; the link was revoked by its own event, then the move to the trash.
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(404);
    expect(eventsOf(server, `script-${script.id}`).map((e) => e.type)).toEqual(['ScriptCreated', 'ScriptShared', 'ScriptShareRevoked', 'ScriptTrashed']);
  });

  it('restore brings the script back with every version and its audit trail; the link stays revoked until shared again', async () => {
    const alice = await signedInUser(server.url, 'restore');
    const folder = await createFolder(alice, 'Kept folder');
    const script = await createScript(alice, { title: 'Comeback', content: 'print(1)', folderId: folder.id });
    for (const content of ['print(2)', 'print(3)']) expect((await alice.put(`/api/scripts/${script.id}`, { content })).status).toBe(200);
    const shareId = (await alice.post(`/api/scripts/${script.id}/share`)).body.shareId as string;
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);

    expect((await alice.post(`/api/trash/scripts/${script.id}/restore`)).status).toBe(204);

    const back = await alice.get(`/api/scripts/${script.id}`);
    expect(back.body).toMatchObject({ id: script.id, title: 'Comeback', content: 'print(3)', folderId: folder.id, version: 3, shareId: null });
    expect(ids((await alice.get(`/api/folders/${folder.id}/scripts`)).body)).toContain(script.id);
    expect((await versionsWithContent(alice, script.id)).map((v) => [v.version, v.content])).toEqual([
      [3, 'print(3)'],
      [2, 'print(2)'],
      [1, 'print(1)'],
    ]);
    const history = ((await alice.get(`/api/scripts/${script.id}/history`)).body as { type: string; summary: string }[]).map((e) => e.summary);
    expect(history).toEqual(expect.arrayContaining(['Moved to the trash', 'Restored from the trash', 'Revoked the share link', 'Created "Comeback" (version 1)']));
    expect((await alice.get('/api/trash')).body).toEqual([]);
    // The old link stays dead; sharing again makes a new one.
    const anonymous = new Client(server.url);
    expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(404);
    const again = (await alice.post(`/api/scripts/${script.id}/share`)).body.shareId as string;
    expect(again).not.toBe(shareId);
    expect((await anonymous.get(`/api/share/${again}/raw`)).text).toBe('print(3)');
    // It is a live script again: it saves as version 4.
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'print(4)' })).body.version).toBe(4);
    expect((await alice.post(`/api/trash/scripts/${script.id}/restore`)).status).toBe(404);
  });

  it('a folder goes to the trash with its subtree as one entry, and comes back with it', async () => {
    const alice = await signedInUser(server.url, 'folders');
    const top = await createFolder(alice, 'Game');
    const sub = await createFolder(alice, 'Client', top.id);
    const inTop = await createScript(alice, { title: 'main', folderId: top.id });
    const inSub = await createScript(alice, { title: 'ui', folderId: sub.id });
    const outside = await createScript(alice, { title: 'outside' });
    const folderShare = (await alice.post(`/api/folders/${top.id}/share`)).body.shareId as string;

    expect((await alice.delete(`/api/folders/${top.id}?contents=trash`)).status).toBe(204);
    expect((await alice.get('/api/folders')).body).toEqual([]);
    expect(ids((await alice.get('/api/scripts')).body)).toEqual([outside.id]);
    expect((await alice.get('/api/search?q=ui')).body).toEqual([]);
    expect((await alice.get('/api/search?q=Client&type=folders')).body).toEqual([]);
    expect((await new Client(server.url).get(`/api/share/folder/${folderShare}`)).status).toBe(404);
    expect((await alice.get('/api/trash')).body).toEqual([expect.objectContaining({ kind: 'folder', id: top.id, name: 'Game', folderId: null })]);

    expect((await alice.post(`/api/trash/folders/${top.id}/restore`)).status).toBe(204);
    expect((await alice.get(`/api/folders/${top.id}`)).body).toMatchObject({ name: 'Game', parentId: null, shareId: null });
    expect((await alice.get(`/api/folders/${sub.id}`)).body.parentId).toBe(top.id);
    expect((await alice.get(`/api/scripts/${inTop.id}`)).body.folderId).toBe(top.id);
    expect((await alice.get(`/api/scripts/${inSub.id}`)).body.folderId).toBe(sub.id);
    expect((await alice.get('/api/trash')).body).toEqual([]);
    expect((await new Client(server.url).get(`/api/share/folder/${folderShare}`)).status).toBe(404);
  });

  it('a script deleted from a shared folder leaves the folder\'s link at once, and is back in it after a restore', async () => {
    const alice = await signedInUser(server.url, 'infolder');
    const folder = await createFolder(alice, 'Public stuff');
    const script = await createScript(alice, { title: 'inside', content: 'print("in")', folderId: folder.id });
    const folderShare = (await alice.post(`/api/folders/${folder.id}/share`)).body.shareId as string;
    const anonymous = new Client(server.url);
    const titles = async () => JSON.stringify((await anonymous.get(`/api/share/folder/${folderShare}`)).body);
    expect(await titles()).toContain('inside');
    expect((await anonymous.get(`/api/share/folder/${folderShare}/scripts/${script.id}/raw`)).text).toBe('print("in")');

    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    expect(await titles()).not.toContain('inside');
    expect((await anonymous.get(`/api/share/folder/${folderShare}/scripts/${script.id}/raw`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/folder/${folderShare}/scripts/${script.id}`)).status).toBe(404);

    expect((await alice.post(`/api/trash/scripts/${script.id}/restore`)).status).toBe(204);
    expect((await anonymous.get(`/api/share/folder/${folderShare}/scripts/${script.id}/raw`)).text).toBe('print("in")');
  });

  it('a folder comes back at the root when its parent is gone', async () => {
    const alice = await signedInUser(server.url, 'tree');
    const parent = await createFolder(alice, 'Parent');
    const child = await createFolder(alice, 'util', parent.id);
    const deep = await createScript(alice, { title: 'deep', folderId: child.id });
    expect((await alice.delete(`/api/folders/${child.id}?contents=trash`)).status).toBe(204);
    expect((await alice.delete(`/api/folders/${parent.id}?contents=trash`)).status).toBe(204);
    expect((await alice.delete(`/api/trash/folders/${parent.id}`)).status).toBe(204);
    expect((await alice.post(`/api/trash/folders/${child.id}/restore`)).status).toBe(204);
    expect((await alice.get(`/api/folders/${child.id}`)).body.parentId).toBeNull();
    expect((await alice.get(`/api/scripts/${deep.id}`)).body.folderId).toBe(child.id);
  });

  it('a script whose folder is gone comes back at the root', async () => {
    const alice = await signedInUser(server.url, 'orphan');
    const folder = await createFolder(alice, 'Gone');
    const script = await createScript(alice, { title: 'first out', folderId: folder.id });
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    expect((await alice.delete(`/api/folders/${folder.id}?contents=trash`)).status).toBe(204);
    expect((await alice.delete(`/api/trash/folders/${folder.id}`)).status).toBe(204);
    expect((await alice.post(`/api/trash/scripts/${script.id}/restore`)).status).toBe(204);
    expect((await alice.get(`/api/scripts/${script.id}`)).body.folderId).toBeNull();
  });

  it('empty trash purges everything by events: versions gone, nothing restorable, storage given back', async () => {
    const alice = await signedInUser(server.url, 'empty');
    const folder = await createFolder(alice, 'Old');
    const inFolder = await createScript(alice, { title: 'old', folderId: folder.id });
    const loose = await createScript(alice, { title: 'loose', content: 'x'.repeat(1000) });
    expect((await alice.put(`/api/scripts/${loose.id}`, { content: 'y'.repeat(1000) })).status).toBe(200);
    const used = (await alice.get('/api/user')).body.storage.usedBytes as number;
    expect((await alice.delete(`/api/scripts/${loose.id}`)).status).toBe(204);
    expect((await alice.delete(`/api/folders/${folder.id}?contents=trash`)).status).toBe(204);
    // The trash counts in the storage quota until purged.
    expect((await alice.get('/api/user')).body.storage.usedBytes).toBe(used);

    const emptied = await alice.delete('/api/trash');
    expect(emptied.status).toBe(200);
    expect(emptied.body).toEqual({ purged: 2 });
    expect((await alice.get('/api/trash')).body).toEqual([]);
    expect((await alice.get('/api/user')).body.storage.usedBytes).toBe(0);
    expect((await alice.post(`/api/trash/scripts/${loose.id}/restore`)).status).toBe(404);
    expect((await alice.post(`/api/trash/folders/${folder.id}/restore`)).status).toBe(404);
    expect((await alice.get(`/api/scripts/${loose.id}/versions`)).status).toBe(404);
    expect(eventsOf(server, `script-${loose.id}`).at(-1)).toEqual({ type: 'ScriptPurged', data: { scriptId: loose.id, reason: 'emptied' } });
    expect(eventsOf(server, `script-${inFolder.id}`).at(-1)).toEqual({ type: 'ScriptPurged', data: { scriptId: inFolder.id, reason: 'emptied' } });
    expect(eventsOf(server, `folder-${folder.id}`).at(-1)).toEqual({ type: 'FolderPurged', data: { folderId: folder.id, reason: 'emptied' } });
    expect((await alice.delete('/api/trash')).body).toEqual({ purged: 0 });
  });

  it('purges one entry; the trash is the owner\'s only (404 for anyone else); pages with a Link header', async () => {
    const alice = await signedInUser(server.url, 'owner');
    const mallory = await signedInUser(server.url, 'other');
    const scripts = [];
    for (const title of ['a', 'b', 'c']) scripts.push(await createScript(alice, { title }));
    for (const script of scripts) expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);

    expect((await mallory.get('/api/trash')).body).toEqual([]);
    expect((await mallory.post(`/api/trash/scripts/${scripts[0]!.id}/restore`)).status).toBe(404);
    expect((await mallory.delete(`/api/trash/scripts/${scripts[0]!.id}`)).status).toBe(404);
    expect((await mallory.delete('/api/trash')).body).toEqual({ purged: 0 });
    expect((await new Client(server.url).get('/api/trash')).status).toBe(401);

    const first = await alice.get('/api/trash?limit=2');
    expect(ids(first.body)).toEqual([scripts[2]!.id, scripts[1]!.id]);
    const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    expect(ids((await alice.get(next!)).body)).toEqual([scripts[0]!.id]);
    expect((await alice.get('/api/trash?limit=0')).status).toBe(400);

    expect((await alice.delete(`/api/trash/scripts/${scripts[1]!.id}`)).status).toBe(204);
    expect(ids((await alice.get('/api/trash')).body)).toEqual([scripts[2]!.id, scripts[0]!.id]);
    expect((await alice.delete(`/api/trash/folders/${scripts[0]!.id}`)).status).toBe(404);
    expect((await alice.delete(`/api/trash/scripts/not-an-id!`)).status).toBe(400);
  });
});

describe('automatic purge (TRASH_DAYS=0.00003, about 2.6 s)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRASH_DAYS: '0.00003', SCRIPT_QUOTA: '1' } });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('the projector purges what has been in the trash longer than TRASH_DAYS, with `expired` events; the slot comes back', async () => {
    const alice = await signedInUser(server.url, 'expire');
    const script = await createScript(alice, { title: 'short-lived', content: 'print(1)' });
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    // In the trash it still takes the only slot.
    expect((await alice.post('/api/scripts', { title: 'another', content: 'x' })).status).toBe(403);
    expect((await alice.get('/api/trash')).body).toHaveLength(1);

    await eventually(async () => (await alice.get('/api/trash')).body as unknown[], (items) => items.length === 0, 15_000, 100);
    expect(eventsOf(server, `script-${script.id}`).at(-1)).toEqual({ type: 'ScriptPurged', data: { scriptId: script.id, reason: 'expired' } });
    expect((await alice.get('/api/user')).body.storage.usedBytes).toBe(0);
    expect((await alice.post('/api/scripts', { title: 'another', content: 'x' })).status).toBe(201);
  });
});
