import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, signedInUser, startTestServer, type TestServer } from './client';

/** The activity trail names renames, moves and API keys; folders move by their own command; the trash says where. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

type Entry = { type: string; actorName: string; summary: string };
const activity = async (client: Client, scriptId: string) => ((await client.get(`/api/scripts/${scriptId}/history`)).body as Entry[]).reverse();

describe('activity names what changed and who changed it', () => {
  it('renames, moves with folder paths, and no automatic date repeated in the summary', async () => {
    const alice = await signedInUser(server.url, 'act');
    const games = await createFolder(alice, 'Games');
    const lobby = await createFolder(alice, 'Lobby', games.id);
    const script = await createScript(alice, { title: 'Old name', content: 'a\nb\nc' });
    await alice.put(`/api/scripts/${script.id}`, { title: 'New name', content: 'a\nB\nc\nd' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'a\nB', comment: 'trimmed' });
    await alice.post(`/api/scripts/${script.id}/move`, { folderId: lobby.id });
    await alice.post(`/api/scripts/${script.id}/move`, { folderId: games.id });
    await alice.post(`/api/scripts/${script.id}/move`, { folderId: null });
    expect((await activity(alice, script.id)).map((e) => e.summary)).toEqual([
      'Created "Old name" (version 1)',
      'Renamed "Old name" to "New name", saved version 2',
      'Saved version 3: trimmed',
      'Moved from the root to "Games / Lobby"',
      'Moved from "Games / Lobby" to "Games"',
      'Moved from "Games" to the root',
    ]);

    // each version in the list: lines added and removed since the one before, and whether its comment is automatic
    const versions = (await alice.get(`/api/scripts/${script.id}/versions`)).body as Record<string, unknown>[];
    expect(versions.map(({ version, linesAdded, linesRemoved, automaticComment }) => ({ version, linesAdded, linesRemoved, automaticComment }))).toEqual([
      { version: 3, linesAdded: 0, linesRemoved: 2, automaticComment: false },
      { version: 2, linesAdded: 2, linesRemoved: 1, automaticComment: true },
      { version: 1, linesAdded: 3, linesRemoved: 0, automaticComment: false },
    ]);
  });

  it('a move into a folder since deleted says so', async () => {
    const alice = await signedInUser(server.url, 'actdel');
    const tools = await createFolder(alice, 'Tools');
    const script = await createScript(alice, { title: 'Mover' });
    await alice.post(`/api/scripts/${script.id}/move`, { folderId: tools.id });
    await alice.post(`/api/scripts/${script.id}/move`, { folderId: null });
    expect((await alice.delete(`/api/folders/${tools.id}`)).status).toBe(204);
    expect((await activity(alice, script.id)).at(-2)!.summary).toBe('Moved from the root to "Tools" (in the trash)');
    expect((await alice.delete(`/api/trash/folders/${tools.id}`)).status).toBe(204);
    expect((await activity(alice, script.id)).at(-1)!.summary).toBe('Moved from a deleted folder to the root');
  });

  it('says which API key made a change, and when the key is gone, that it was one', async () => {
    const alice = await signedInUser(server.url, 'actkey');
    const key = (await alice.post('/api/api-keys', { name: 'ci-deploy' })).body as { id: string; key: string };
    const bot = new Client(server.url, { apiKey: key.key });
    const script = await createScript(alice, { title: 'Deployed', content: 'v1' });
    expect((await bot.patch(`/api/v1/scripts/${script.id}`, { content: 'v2' })).status).toBe(200);
    const names = async () => (await activity(alice, script.id)).map((e) => e.actorName);
    expect(await names()).toEqual([alice.user!.username, 'API key "ci-deploy"']);
    expect((await alice.get(`/api/scripts/${script.id}/versions`)).body[0].authorName).toBe('API key "ci-deploy"');
    expect((await alice.delete(`/api/api-keys/${key.id}`)).status).toBe(204);
    expect(await names()).toEqual([alice.user!.username, 'a deleted API key']);
  });
});

describe('POST /api/folders/:id/move', () => {
  it('moves a folder under another or to the root', async () => {
    const alice = await signedInUser(server.url, 'fmove');
    const a = await createFolder(alice, 'A');
    const b = await createFolder(alice, 'B');
    const moved = await alice.post(`/api/folders/${a.id}/move`, { parentId: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: a.id, parentId: b.id });
    expect((await alice.get(`/api/folders?parentId=${b.id}`)).body.map((f: { id: string }) => f.id)).toEqual([a.id]);
    expect((await alice.get(`/api/folders/${a.id}/path`)).body.map((f: { name: string }) => f.name)).toEqual(['B', 'A']);
    const back = await alice.post(`/api/folders/${a.id}/move`, { parentId: null });
    expect(back.body.parentId).toBeNull();
  });

  it('refuses a move into the folder itself or its own subtree with 400, and changes nothing', async () => {
    const alice = await signedInUser(server.url, 'fcycle');
    const top = await createFolder(alice, 'Top');
    const mid = await createFolder(alice, 'Mid', top.id);
    const low = await createFolder(alice, 'Low', mid.id);
    for (const target of [top.id, mid.id, low.id]) {
      const res = await alice.post(`/api/folders/${top.id}/move`, { parentId: target });
      expect(res.status, `into ${target}`).toBe(400);
      expect(res.body.error).toBe('A folder cannot be moved inside itself');
    }
    expect((await alice.get(`/api/folders/${top.id}`)).body.parentId).toBeNull();
    expect((await alice.post(`/api/folders/${top.id}/move`, {})).status).toBe(400);
    expect((await alice.post(`/api/folders/${top.id}/move`, { parentId: 'bad id' })).status).toBe(400);
  });

  it("answers 404 for another user's folder, moved or as the target", async () => {
    const alice = await signedInUser(server.url, 'fown');
    const mallory = await signedInUser(server.url, 'fmal');
    const mine = await createFolder(alice, 'Mine');
    const theirs = await createFolder(mallory, 'Theirs');
    const steal = await mallory.post(`/api/folders/${mine.id}/move`, { parentId: theirs.id });
    expect(steal.status).toBe(404);
    expect(steal.body.error).toBe('Folder not found');
    expect((await mallory.post(`/api/folders/${mine.id}/move`, { parentId: null })).status).toBe(404);
    expect((await alice.post(`/api/folders/${mine.id}/move`, { parentId: theirs.id })).status).toBe(404);
    expect((await alice.get(`/api/folders/${mine.id}`)).body.parentId).toBeNull();
  });
});

describe('trash entries say where they came from', () => {
  it('the folder path of each entry, through folders in the trash too', async () => {
    const alice = await signedInUser(server.url, 'tpath');
    const src = await createFolder(alice, 'src');
    const server1 = await createFolder(alice, 'server', src.id);
    const client1 = await createFolder(alice, 'client', src.id);
    const a = await createScript(alice, { title: 'init.luau', folderId: server1.id });
    const b = await createScript(alice, { title: 'init.luau', folderId: client1.id });
    await alice.delete(`/api/scripts/${a.id}`);
    await alice.delete(`/api/scripts/${b.id}`);
    await alice.delete(`/api/folders/${client1.id}`);
    const entries = (await alice.get('/api/trash')).body as { id: string; path: { name: string; inTrash?: boolean }[] }[];
    const pathOf = (id: string) => entries.find((e) => e.id === id)!.path;
    expect(pathOf(a.id)).toEqual([{ id: src.id, name: 'src' }, { id: server1.id, name: 'server' }]);
    expect(pathOf(b.id)).toEqual([{ id: src.id, name: 'src' }, { id: client1.id, name: 'client', inTrash: true }]);
    expect(pathOf(client1.id)).toEqual([{ id: src.id, name: 'src' }]);
  });
});
