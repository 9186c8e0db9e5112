import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolder, createScript, ISO_DATE, signedInUser, startTestServer, type Client, type TestServer } from './client';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  await server?.dispose();
});

/** Version lists carry no content: each version's content comes from its own route. */
async function withContents(client: Client, scriptId: string): Promise<{ version: number; comment: string; content: string }[]> {
  const list = (await client.get(`/api/scripts/${scriptId}/versions`)).body as { version: number; comment: string }[];
  return Promise.all(list.map(async (v) => ({ ...v, content: (await client.get(`/api/scripts/${scriptId}/versions/${v.version}`)).body.content as string })));
}

/** The automatic comment states the date and the time of the save (docs/api.md). */
const AUTOMATIC_COMMENT = /\b\d{4}\b.*\b\d{1,2}:\d{2}\b/;

describe('create, read, list', () => {
  it('many parallel creates by one user all land (each takes a slot on the user stream, retried on collision)', async () => {
    const racer = await signedInUser(server.url, 'parallel-creator');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => racer.post('/api/scripts', { title: `p${i}`, content: 'x' })));
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(201));
    expect(((await racer.get('/api/scripts')).body as unknown[]).length).toBe(16);
  });

  it('creates a script as version 1 and reads it back', async () => {
    const res = await alice.post('/api/scripts', { title: '  Hello  ', content: 'print("hello")\n' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      title: 'Hello',
      extension: null,
      fileName: 'Hello.lua',
      language: 'lua',
      content: 'print("hello")\n',
      folderId: null,
      shareId: null,
      shareFullHistory: false,
      sharedAtVersion: null,
      views: 0,
      version: 1,
      createdAt: expect.stringMatching(ISO_DATE),
      updatedAt: expect.stringMatching(ISO_DATE),
    });
    const got = await alice.get(`/api/scripts/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);

    const versions = await alice.get(`/api/scripts/${res.body.id}/versions`);
    expect(versions.body).toEqual([
      {
        id: 1,
        version: 1,
        comment: expect.any(String),
        createdAt: expect.stringMatching(ISO_DATE),
        authorId: `user:${alice.user!.id}`,
        authorName: alice.user!.username,
        size: Buffer.byteLength('print("hello")\n'),
        linesAdded: 1,
        linesRemoved: 0,
        automaticComment: false,
      },
    ]);
    expect((await alice.get(`/api/scripts/${res.body.id}/versions/1`)).body.content).toBe('print("hello")\n');
  });

  it('keeps content byte for byte (unicode, CRLF, tabs, leading spaces)', async () => {
    const content = '  -- héllo ✓ 🚀\r\n\tlocal x = "a\\"b"\r\n';
    const script = await createScript(alice, { title: 'Unicode', content });
    expect(script.content).toBe(content);
    expect((await alice.get(`/api/scripts/${script.id}`)).body.content).toBe(content);
  });

  it('lists scripts newest update first, and root scripts without the ones in folders', async () => {
    const folder = await createFolder(alice, 'Listing folder');
    const first = await createScript(alice, { title: 'first' });
    const second = await createScript(alice, { title: 'second' });
    const inFolder = await createScript(alice, { title: 'in folder', folderId: folder.id });
    expect(inFolder.folderId).toBe(folder.id);

    // Saving `first` makes it the most recently updated one.
    expect((await alice.put(`/api/scripts/${first.id}`, { content: 'print(1)' })).status).toBe(200);
    const list = await alice.get('/api/scripts');
    expect(list.status).toBe(200);
    const ids = list.body.map((s: { id: string }) => s.id);
    expect(ids.indexOf(first.id)).toBe(0);
    expect(ids.indexOf(inFolder.id)).toBeLessThan(ids.indexOf(second.id));
    const updatedAts = list.body.map((s: { updatedAt: string }) => s.updatedAt);
    expect([...updatedAts].sort().reverse()).toEqual(updatedAts);

    const root = await alice.get('/api/root-scripts');
    expect(root.status).toBe(200);
    const rootIds = root.body.map((s: { id: string }) => s.id);
    expect(rootIds).toContain(first.id);
    expect(rootIds).toContain(second.id);
    expect(rootIds).not.toContain(inFolder.id);
    expect(root.body.every((s: { folderId: string | null }) => s.folderId === null)).toBe(true);
  });
});

describe('saving and versions', () => {
  it('makes a new version on every save, with an automatic dated comment unless one is given', async () => {
    const script = await createScript(alice, { title: 'Versioned', content: 'v1' });

    const saved = await alice.put(`/api/scripts/${script.id}`, { content: 'v2' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: script.id, title: 'Versioned', content: 'v2', version: 2 });
    expect(saved.body.updatedAt >= script.updatedAt).toBe(true);

    const commented = await alice.put(`/api/scripts/${script.id}`, { content: 'v3', comment: 'Fixed the loop' });
    expect(commented.body.version).toBe(3);

    // A title-only save is a save too.
    const renamed = await alice.put(`/api/scripts/${script.id}`, { title: 'Renamed' });
    expect(renamed.body).toMatchObject({ title: 'Renamed', content: 'v3', version: 4 });

    const versions = await alice.get(`/api/scripts/${script.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);
    expect((await withContents(alice, script.id)).map((v) => v.content)).toEqual(['v3', 'v3', 'v2', 'v1']);
    for (const v of versions.body) expect(v.id).toBe(v.version);
    const byVersion = new Map(versions.body.map((v: { version: number }) => [v.version, v]));
    expect((byVersion.get(3) as { comment: string }).comment).toBe('Fixed the loop');
    const automatic = (byVersion.get(2) as { comment: string }).comment;
    expect(automatic).toMatch(AUTOMATIC_COMMENT);
    expect(automatic).toContain(String(new Date().getUTCFullYear()));
    expect((byVersion.get(4) as { comment: string }).comment).toMatch(AUTOMATIC_COMMENT);

    const v2 = await alice.get(`/api/scripts/${script.id}/versions/2`);
    expect(v2.status).toBe(200);
    expect(v2.body).toEqual({ id: 2, version: 2, comment: automatic, createdAt: expect.stringMatching(ISO_DATE), content: 'v2' });

    expect((await alice.get(`/api/scripts/${script.id}/versions/5`)).status).toBe(404);
    expect((await alice.get(`/api/scripts/${script.id}/versions/0`)).status).toBe(400);
    expect((await alice.get(`/api/scripts/${script.id}/versions/abc`)).status).toBe(400);
  });

  it('restore appends a new version with the old content and keeps the newer ones', async () => {
    const script = await createScript(alice, { title: 'Restorable', content: 'one' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'two' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'three' });

    const restored = await alice.post(`/api/scripts/${script.id}/restore/1`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: script.id, content: 'one', version: 4, title: 'Restorable' });

    const versions = await withContents(alice, script.id);
    expect(versions.map((v) => [v.version, v.content])).toEqual([
      [4, 'one'],
      [3, 'three'],
      [2, 'two'],
      [1, 'one'],
    ]);
    expect(versions[0]!.comment).toEqual(expect.any(String));
    expect(versions[0]!.comment.length).toBeGreaterThan(0);

    // Restoring a newer version after going back works as well: nothing was removed.
    const forward = await alice.post(`/api/scripts/${script.id}/restore/3`);
    expect(forward.body).toMatchObject({ content: 'three', version: 5 });
    expect((await alice.post(`/api/scripts/${script.id}/restore/9`)).status).toBe(404);
    expect((await alice.post(`/api/scripts/${script.id}/restore/x`)).status).toBe(400);
  });

  it('every read of a script sends its current text, after a restore and a title-only save too, and only to its owner', async () => {
    const script = await createScript(alice, { title: 'Reads', content: 'first' });
    const key = (await alice.post('/api/api-keys', { name: 'reads' })).body.key as string;
    const automation = alice.withApiKey(key);
    const readsAll = async (content: string, version: number) => {
      expect((await alice.get(`/api/scripts/${script.id}`)).body).toMatchObject({ id: script.id, title: expect.any(String), content, version });
      expect((await automation.get(`/api/v1/scripts/${script.id}/content`)).body).toEqual({
        id: script.id,
        title: expect.any(String),
        extension: null,
        fileName: expect.any(String),
        language: 'lua',
        content,
        version,
        updatedAt: expect.stringMatching(ISO_DATE),
      });
      const etag = (await automation.get(`/api/v1/scripts/${script.id}/content`)).headers.get('etag')!;
      // (node:http: fetch adds `Cache-Control: no-cache` to a conditional request, which asks for the whole answer)
      const revalidated = await new Promise<number>((resolve, reject) =>
        get(`${server.url}/api/v1/scripts/${script.id}/content`, { headers: { 'X-API-Key': key, 'If-None-Match': etag } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        }).on('error', reject),
      );
      expect(revalidated).toBe(304);
      const raw = await fetch(`${server.url}/api/v1/scripts/${script.id}/raw`, { headers: { 'X-API-Key': key } });
      expect([raw.headers.get('content-type'), await raw.text()]).toEqual(['text/plain; charset=utf-8', content]);
    };
    await readsAll('first', 1);
    await alice.put(`/api/scripts/${script.id}`, { content: 'second ✓ "quoted"\n' });
    await readsAll('second ✓ "quoted"\n', 2);
    await alice.post(`/api/scripts/${script.id}/restore/1`);
    await readsAll('first', 3);
    await alice.put(`/api/scripts/${script.id}`, { title: 'Renamed' });
    await readsAll('first', 4);
    expect((await alice.get(`/api/scripts/${script.id}`)).body.title).toBe('Renamed');

    const mallory = await signedInUser(server.url, 'mallory-reads');
    expect((await mallory.get(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await mallory.get(`/api/scripts/${script.id}/versions`)).status).toBe(404);
    expect((await mallory.get(`/api/scripts/${script.id}/history`)).status).toBe(404);
  });

  it('two concurrent saves of one script both land as versions 2 and 3', async () => {
    const script = await createScript(alice, { title: 'Concurrent', content: 'base' });
    const [a, b] = await Promise.all([
      alice.put(`/api/scripts/${script.id}`, { content: 'from tab A', comment: 'A' }),
      alice.put(`/api/scripts/${script.id}`, { content: 'from tab B', comment: 'B' }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect([a.body.version, b.body.version].sort()).toEqual([2, 3]);

    const versions = await withContents(alice, script.id);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(new Set(versions.slice(0, 2).map((v: { content: string }) => v.content))).toEqual(new Set(['from tab A', 'from tab B']));
    expect(new Set(versions.slice(0, 2).map((v: { comment: string }) => v.comment))).toEqual(new Set(['A', 'B']));
    const latest = await alice.get(`/api/scripts/${script.id}`);
    expect(latest.body.version).toBe(3);
    expect(latest.body.content).toBe(versions[0]!.content);
  });

  it('many concurrent saves: every one lands, no version lost or duplicated', async () => {
    const script = await createScript(alice, { title: 'Stampede', content: 'base' });
    const saves = await Promise.all(Array.from({ length: 4 }, (_, i) => alice.put(`/api/scripts/${script.id}`, { content: `save ${i}` })));
    // A save either lands or answers 409 (never a silent loss); every landed one is a version.
    const landed = saves.filter((s) => s.status === 200);
    for (const s of saves) expect([200, 409]).toContain(s.status);
    const versions = await withContents(alice, script.id);
    expect(versions.length).toBe(1 + landed.length);
    expect(new Set(versions.map((v: { content: string }) => v.content))).toEqual(new Set(['base', ...landed.map((s) => s.body.content)]));
  });

  it('reads its own writes: a GET right after each PUT shows it', async () => {
    const script = await createScript(alice, { title: 'RYW', content: 'start' });
    for (let i = 1; i <= 10; i++) {
      const put = await alice.put(`/api/scripts/${script.id}`, { content: `content ${i}` });
      expect(put.status).toBe(200);
      const get = await alice.get(`/api/scripts/${script.id}`);
      expect(get.body.content).toBe(`content ${i}`);
      expect(get.body.version).toBe(i + 1);
      const versions = await alice.get(`/api/scripts/${script.id}/versions`);
      expect(versions.body[0].version).toBe(i + 1);
    }
    const list = await alice.get('/api/scripts');
    expect(list.body.find((s: { id: string }) => s.id === script.id).preview).toBe('content 10');
  });
});

describe('move, history, delete', () => {
  it('moves a script into a folder and back to the root', async () => {
    const folder = await createFolder(alice, 'Move target');
    const script = await createScript(alice, { title: 'Mover' });

    const moved = await alice.post(`/api/scripts/${script.id}/move`, { folderId: folder.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: script.id, folderId: folder.id });
    expect((await alice.get(`/api/folders/${folder.id}/scripts`)).body.map((s: { id: string }) => s.id)).toEqual([script.id]);
    expect((await alice.get('/api/root-scripts')).body.map((s: { id: string }) => s.id)).not.toContain(script.id);

    const back = await alice.post(`/api/scripts/${script.id}/move`, { folderId: null });
    expect(back.status).toBe(200);
    expect(back.body.folderId).toBeNull();
    expect((await alice.get('/api/root-scripts')).body.map((s: { id: string }) => s.id)).toContain(script.id);

    expect((await alice.post(`/api/scripts/${script.id}/move`, { folderId: 'no-such-folder' })).status).toBe(404);
    expect((await alice.post(`/api/scripts/${script.id}/move`, {})).status).toBe(400);
  });

  it('history lists every event, newest first, with the actor name and time', async () => {
    const folder = await createFolder(alice, 'History folder');
    const script = await createScript(alice, { title: 'Audited', content: 'a' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'b' });
    await alice.post(`/api/scripts/${script.id}/restore/1`);
    await alice.post(`/api/scripts/${script.id}/move`, { folderId: folder.id });
    await alice.post(`/api/scripts/${script.id}/share`);
    await alice.delete(`/api/scripts/${script.id}/share`);

    const history = await alice.get(`/api/scripts/${script.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((e: { type: string }) => e.type)).toEqual([
      'ScriptShareRevoked',
      'ScriptShared',
      'ScriptMoved',
      'ScriptRestored',
      'ScriptSaved',
      'ScriptCreated',
    ]);
    for (const entry of history.body) {
      expect(entry).toEqual({
        position: expect.any(String),
        type: expect.any(String),
        actorId: `user:${alice.user!.id}`,
        actorName: alice.user!.username,
        at: expect.stringMatching(ISO_DATE),
        summary: expect.any(String),
      });
    }
    const positions = history.body.map((e: { position: string }) => BigInt(e.position));
    for (let i = 1; i < positions.length; i++) expect(positions[i - 1] > positions[i]).toBe(true);
    const times = history.body.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('deletes a script: 204, then 404 everywhere, gone from the lists', async () => {
    const script = await createScript(alice, { title: 'Doomed' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'v2' });
    const del = await alice.delete(`/api/scripts/${script.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');

    expect((await alice.get(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await alice.get(`/api/scripts/${script.id}/versions`)).status).toBe(404);
    expect((await alice.get(`/api/scripts/${script.id}/versions/1`)).status).toBe(404);
    expect((await alice.get(`/api/scripts/${script.id}/history`)).status).toBe(404);
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'zombie' })).status).toBe(404);
    expect((await alice.post(`/api/scripts/${script.id}/restore/1`)).status).toBe(404);
    expect((await alice.post(`/api/scripts/${script.id}/share`)).status).toBe(404);
    expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await alice.get('/api/scripts')).body.map((s: { id: string }) => s.id)).not.toContain(script.id);
    expect((await alice.get('/api/root-scripts')).body.map((s: { id: string }) => s.id)).not.toContain(script.id);
  });

  it('PUT with a folderId moves and saves in one call', async () => {
    const folder = await createFolder(alice, 'Put target');
    const script = await createScript(alice, { title: 'PutMove', content: 'x' });
    const res = await alice.put(`/api/scripts/${script.id}`, { content: 'y', folderId: folder.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ folderId: folder.id, content: 'y', version: 2 });
  });

  it('PUT with a folderId and a save refused (too large) neither moves nor saves', async () => {
    const folder = await createFolder(alice, 'Not reached');
    const script = await createScript(alice, { title: 'Stays', content: 'x' });
    const res = await alice.put(`/api/scripts/${script.id}`, { content: 'y'.repeat(5 * 1024 * 1024 + 1), folderId: folder.id });
    expect(res.status).toBe(413);
    expect((await alice.get(`/api/scripts/${script.id}`)).body).toMatchObject({ folderId: null, content: 'x', version: 1 });
  });
});
