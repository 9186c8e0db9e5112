import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '../../services/sqlite/database';
import { openSqliteDataKeyStore } from '../../services/security/sqlite-data-keys';
import { folderKeyId, scriptKeyId } from '../../services/security/data-keys';
import { Client, createScript, eventually, signedInUser, startTestServer, type TestServer } from './client';

/**
 * "Deleted for good": after a purge from the trash nothing reads the script again, time travel included, and its
 * content in the event log is sealed with a key that no longer exists.
 */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url, { apiKey: server.adminKey });
});
afterAll(async () => {
  await server?.dispose();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 25));
const MARKER_V1 = 'zq7-purge-marker-first-version';
const MARKER_V2 = 'zq7-purge-marker-second-version';

/** The log's bytes as on disk: its WAL checkpointed into the main file first, then both files read. */
function logBytes(dataDir: string): Buffer {
  const file = join(dataDir, 'events.sqlite');
  const db = new SqliteDatabase(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const wal = `${file}-wal`;
  return Buffer.concat([readFileSync(file), existsSync(wal) ? readFileSync(wal) : Buffer.alloc(0)]);
}

function sealedOwners(dataDir: string, stream: string): string[] {
  const db = new SqliteDatabase(join(dataDir, 'events.sqlite'), { readOnly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[string], { data: string }>('SELECT data FROM events WHERE stream = ? ORDER BY revision').all(stream);
    return rows.flatMap((row) => {
      const data = JSON.parse(row.data) as { sealed?: { owner: string } };
      return data.sealed ? [data.sealed.owner] : [];
    });
  } finally {
    db.close();
  }
}

describe('purging a script from the trash', () => {
  it('removes it from every read, time travel and admin included, and shreds its content in the log', async () => {
    const alice = await signedInUser(server.url, 'purger');
    const apiKey = (await alice.post('/api/api-keys', { name: 'ci' })).body.key as string;
    const script = await createScript(alice, { title: `Plans ${MARKER_V1}`, content: `print("${MARKER_V1}")` });
    expect((await alice.put(`/api/scripts/${script.id}`, { content: `print("${MARKER_V2}")`, comment: MARKER_V2 })).status).toBe(200);
    const shareId = (await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true })).body.shareId as string;
    await pause();
    const existed = new Date().toISOString();
    await pause();
    // Before: the content is there for every reader, time travel included.
    expect((await alice.get(`/api/as-of/scripts/${script.id}?at=${encodeURIComponent(existed)}`)).body.content).toBe(`print("${MARKER_V2}")`);
    expect(logBytes(server.dataDir).includes(MARKER_V1)).toBe(false); // sealed, not plain text, even before
    expect(sealedOwners(server.dataDir, `script-${script.id}`)).toEqual([scriptKeyId(script.id), scriptKeyId(script.id)]);

    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    await pause();
    const trashed = new Date().toISOString();
    expect((await alice.delete(`/api/trash/scripts/${script.id}`)).status).toBe(204);

    const anonymous = new Client(server.url);
    const byKey = new Client(server.url, { apiKey });
    const reads: [Client, string][] = [
      [alice, `/api/scripts/${script.id}`],
      [alice, `/api/scripts/${script.id}/versions`],
      [alice, `/api/scripts/${script.id}/versions/1`],
      [alice, `/api/scripts/${script.id}/history`],
      [alice, `/api/scripts/${script.id}/views`],
      [alice, `/api/trash/scripts/${script.id}`],
      [anonymous, `/api/share/${shareId}`],
      [anonymous, `/api/share/${shareId}/raw`],
      [anonymous, `/api/share/${shareId}/raw?version=1`],
      [byKey, `/api/v1/scripts/${script.id}/content`],
      [byKey, `/api/v1/scripts/${script.id}/raw`],
      [admin, `/admin-api/scripts/${script.id}`],
    ];
    for (const [client, path] of reads) expect((await client.get(path)).status, path).toBe(404);
    for (const at of [existed, trashed, new Date().toISOString()]) {
      const asOf = await alice.get(`/api/as-of/scripts/${script.id}?at=${encodeURIComponent(at)}`);
      expect(asOf.status).toBe(404);
      expect(asOf.body).toEqual({ error: 'Script was purged' });
      const workspace = await alice.get(`/api/as-of/workspace?at=${encodeURIComponent(at)}`);
      expect(workspace.status).toBe(200);
      expect(workspace.body.scripts).toEqual([]);
      expect(JSON.stringify(workspace.body)).not.toContain(script.id);
    }
    expect((await alice.get(`/api/search?type=content&q=${MARKER_V2}`)).body).toEqual([]);
    expect((await alice.get(`/api/search?type=content&versions=all&q=${MARKER_V1}`)).body).toEqual([]);
    expect(((await admin.get('/admin-api/scripts')).body as { id: string }[]).map((s) => s.id)).not.toContain(script.id);

    // The log: no marker on disk, and the only key that opens the script's boxes is gone (its account's stays).
    const bytes = logBytes(server.dataDir);
    for (const marker of [MARKER_V1, MARKER_V2]) expect(bytes.includes(marker)).toBe(false);
    expect(sealedOwners(server.dataDir, `script-${script.id}`)).toEqual([scriptKeyId(script.id), scriptKeyId(script.id)]);
    const keys = openSqliteDataKeyStore(join(server.dataDir, 'data-keys.sqlite'));
    try {
      expect(await keys.find(scriptKeyId(script.id))).toBeNull();
      expect(await keys.find(alice.user!.id)).not.toBeNull();
    } finally {
      await keys.close();
    }
  });

  it('leaves other scripts of the account readable, now and as of earlier instants', async () => {
    const alice = await signedInUser(server.url, 'keeper');
    const kept = await createScript(alice, { title: 'Kept', content: 'print("kept")' });
    const gone = await createScript(alice, { title: 'Gone', content: 'print("gone")' });
    await pause();
    const before = new Date().toISOString();
    expect((await alice.delete(`/api/scripts/${gone.id}`)).status).toBe(204);
    expect((await alice.delete('/api/trash')).status).toBe(200);
    const workspace = await alice.get(`/api/as-of/workspace?at=${encodeURIComponent(before)}`);
    expect((workspace.body.scripts as { id: string }[]).map((s) => s.id)).toEqual([kept.id]);
    expect((await alice.get(`/api/as-of/scripts/${kept.id}?at=${encodeURIComponent(before)}`)).body.content).toBe('print("kept")');
    expect((await alice.get(`/api/scripts/${kept.id}`)).body.content).toBe('print("kept")');
  });
});

/** What the live-update stream replays to `client` from the start of its feed, read for a moment. */
async function replayedFeed(client: Client): Promise<string> {
  const abort = new AbortController();
  const res = await fetch(`${client.baseUrl}/api/events`, { headers: { Cookie: client.cookieHeader(), Accept: 'text/event-stream', 'Last-Event-ID': '0' }, signal: abort.signal });
  expect(res.status).toBe(200);
  const decoder = new TextDecoder();
  let text = '';
  const reading = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
    } catch {
      // aborted
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 700));
  abort.abort();
  await reading;
  return text;
}

describe('purging a folder from the trash', () => {
  it("makes its name unreadable too: gone from time travel, the live feed's replay and the log", async () => {
    const alice = await signedInUser(server.url, 'folderpurge');
    const FOLDER = 'zq7-folder-marker';
    const TITLE = 'zq7-title-marker';
    const folder = (await alice.post('/api/folders', { name: FOLDER, parentId: null })).body as { id: string };
    const inside = await createScript(alice, { title: TITLE, content: 'print(1)', folderId: folder.id });
    await pause();
    const existed = new Date().toISOString();
    expect(await replayedFeed(alice)).toContain(TITLE);
    expect((await alice.delete(`/api/folders/${folder.id}?contents=trash`)).status).toBe(204);
    expect((await alice.delete(`/api/trash/folders/${folder.id}`)).status).toBe(204);

    const workspace = await alice.get(`/api/as-of/workspace?at=${encodeURIComponent(existed)}`);
    expect(workspace.body).toMatchObject({ folders: [], scripts: [], activity: [] });
    expect((await alice.get(`/api/as-of/scripts/${inside.id}?at=${encodeURIComponent(existed)}`)).body).toEqual({ error: 'Script was purged' });
    const feed = await replayedFeed(alice);
    expect(feed).toContain(inside.id); // the entries stay, with ids and times
    expect(feed).not.toContain(TITLE);
    expect(feed).not.toContain(FOLDER);
    const bytes = logBytes(server.dataDir);
    expect(bytes.includes(FOLDER)).toBe(false);
    expect(sealedOwners(server.dataDir, `folder-${folder.id}`)).toEqual([folderKeyId(folder.id)]);
    const keys = openSqliteDataKeyStore(join(server.dataDir, 'data-keys.sqlite'));
    try {
      expect(await keys.find(folderKeyId(folder.id))).toBeNull();
      expect(await keys.find(scriptKeyId(inside.id))).toBeNull();
    } finally {
      await keys.close();
    }
  });
});

describe('the administrator reading scripts', () => {
  it("records each read of a private script in its owner's Activity; a shared script's read is not recorded", async () => {
    const bob = await signedInUser(server.url, 'watched');
    const secret = await createScript(bob, { title: 'Secret', content: 'print("private")' });
    const open = await createScript(bob, { title: 'Open', content: 'print("public")' });
    expect((await bob.post(`/api/scripts/${open.id}/share`)).status).toBe(200);

    // The list shows no text of a private script: only opening it does, and that is recorded.
    const listed = ((await admin.get(`/admin-api/scripts?userId=${bob.user!.id}`)).body as { id: string; preview: string | null }[]);
    expect(listed.find((s) => s.id === secret.id)?.preview).toBeNull();
    expect(listed.find((s) => s.id === open.id)?.preview).toBe('print("public")');

    for (const id of [secret.id, secret.id, open.id]) expect((await admin.get(`/admin-api/scripts/${id}`)).status).toBe(200);
    const history = await eventually(
      async () => (await bob.get(`/api/scripts/${secret.id}/history`)).body as { type: string; actorId: string; summary: string }[],
      (entries) => entries.filter((e) => e.type === 'ScriptReadByAdmin').length === 2,
    );
    expect(history.filter((e) => e.type === 'ScriptReadByAdmin')).toEqual([
      expect.objectContaining({ actorId: 'admin', summary: 'Opened by the administrator (version 1)' }),
      expect.objectContaining({ actorId: 'admin', summary: 'Opened by the administrator (version 1)' }),
    ]);
    const openHistory = (await bob.get(`/api/scripts/${open.id}/history`)).body as { type: string }[];
    expect(openHistory.map((e) => e.type)).not.toContain('ScriptReadByAdmin');
    // Nobody else learns of it.
    const eve = await signedInUser(server.url, 'eve');
    expect((await eve.get(`/api/scripts/${secret.id}/history`)).status).toBe(404);
  });
});
