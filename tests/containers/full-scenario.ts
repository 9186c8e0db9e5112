import { expect } from 'vitest';
import { Client, createFolder, createScript, ISO_DATE, PASSWORD, uniqueName, versionsWithContent } from '../http/client';

/**
 * The product's main path through HTTP, written once and run on every storage setup (embedded default,
 * EventStoreDB + MongoDB): register, create, save, restore, share, raw fetch, folder share, delete.
 * Every step reads its own write at once (read-your-writes), whatever stores sit behind the gateway.
 */
export async function fullScenario(baseUrl: string): Promise<void> {
  const alice = new Client(baseUrl);
  const bob = new Client(baseUrl);
  const anonymous = new Client(baseUrl);

  // Register (and the session works at once); a taken name is refused; signing in again works.
  const username = uniqueName('alice');
  const registered = await alice.register(username, PASSWORD, `${username}@example.com`);
  expect(registered.status).toBe(201);
  expect(registered.body).toEqual({ id: expect.any(String), username, email: `${username}@example.com`, createdAt: expect.stringMatching(ISO_DATE) });
  expect((await alice.get('/api/user')).body.username).toBe(username);
  expect((await new Client(baseUrl).register(username.toUpperCase())).status).toBe(409);
  expect((await bob.register(uniqueName('bob'))).status).toBe(201);
  const secondSession = new Client(baseUrl);
  expect((await secondSession.login(username)).status).toBe(200);
  expect((await secondSession.post('/api/logout')).status).toBe(204);
  expect((await secondSession.get('/api/user')).status).toBe(401);

  // Create, in a folder.
  const folder = await createFolder(alice, 'Library');
  const v1 = '-- Library v1\nlocal M = {}\nreturn M\n';
  const script = await createScript(alice, { title: 'Lib', content: v1, folderId: folder.id });
  expect(script).toMatchObject({ title: 'Lib', content: v1, folderId: folder.id, version: 1, shareId: null, views: 0 });
  expect((await alice.get('/api/scripts')).body.map((s: { id: string }) => s.id)).toContain(script.id);
  expect((await alice.get(`/api/folders/${folder.id}/scripts`)).body.map((s: { id: string }) => s.id)).toEqual([script.id]);
  expect((await bob.get(`/api/scripts/${script.id}`)).status).toBe(404); // another user's script does not exist for bob

  // Save twice (the second also renames): versions 2 and 3, each read back at once.
  const v2 = '-- Library v2\nlocal M = { answer = 42 }\nreturn M\n';
  const saved = await alice.put(`/api/scripts/${script.id}`, { content: v2, comment: 'the answer' });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ content: v2, version: 2 });
  const v3 = '-- Library v3\nreturn { answer = 43 }\n';
  expect((await alice.put(`/api/scripts/${script.id}`, { title: 'Lib (renamed)', content: v3 })).body).toMatchObject({ title: 'Lib (renamed)', content: v3, version: 3 });
  const versions = await versionsWithContent(alice, script.id);
  expect(versions.map((v) => [v.version, v.content])).toEqual([
    [3, v3],
    [2, v2],
    [1, v1],
  ]);
  expect(versions[1]!.comment).toBe('the answer');
  expect((await alice.get(`/api/scripts/${script.id}/versions/2`)).body).toMatchObject({ version: 2, content: v2 });

  // Restore version 1: a new version 4 with v1's content.
  const restored = await alice.post(`/api/scripts/${script.id}/restore/1`);
  expect(restored.status).toBe(200);
  expect(restored.body).toMatchObject({ content: v1, version: 4 });
  expect((await alice.get(`/api/scripts/${script.id}`)).body).toMatchObject({ content: v1, version: 4 });
  const history = (await alice.get(`/api/scripts/${script.id}/history`)).body as { type: string }[];
  expect(history.map((h) => h.type)).toEqual(expect.arrayContaining(['ScriptCreated', 'ScriptSaved', 'ScriptRestored']));

  // Share, and fetch the public view and the raw URL without an account.
  const shared = await alice.post(`/api/scripts/${script.id}/share`);
  expect(shared.status).toBe(200);
  const shareId = shared.body.shareId as string;
  expect(shareId).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
  expect((await alice.get(`/api/scripts/${script.id}`)).body.shareId).toBe(shareId);
  expect((await anonymous.get(`/api/share/${shareId}`)).body).toMatchObject({ title: 'Lib (renamed)', content: v1, version: 4 });
  const raw = await anonymous.get(`/api/share/${shareId}/raw`);
  expect(raw.status).toBe(200);
  expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(raw.text).toBe(v1);
  const etag = raw.headers.get('etag');
  expect(etag).toBeTruthy();
  expect((await anonymous.get(`/api/share/${shareId}/raw`, { 'If-None-Match': etag! })).status).toBe(304);
  // Version 2 was saved before sharing: served only once the owner shares the full history.
  expect((await anonymous.get(`/api/share/${shareId}/raw?version=2`)).status).toBe(404);
  expect((await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true })).body).toMatchObject({ shareId, fullHistory: true });
  expect((await anonymous.get(`/api/share/${shareId}/raw?version=2`)).text).toBe(v2);
  // A save shows on the raw URL as soon as it is answered.
  const v5 = '-- Library v5\nreturn {}\n';
  expect((await alice.put(`/api/scripts/${script.id}`, { content: v5 })).body.version).toBe(5);
  expect((await anonymous.get(`/api/share/${shareId}/raw`)).text).toBe(v5);

  // Share the folder: its public view lists the script (and a subfolder's).
  const sub = await createFolder(alice, 'Nested', folder.id);
  const other = await createScript(alice, { title: 'Helper', content: 'return 1', folderId: sub.id });
  const folderShared = await alice.post(`/api/folders/${folder.id}/share`);
  expect(folderShared.status).toBe(200);
  const folderShareId = folderShared.body.shareId as string;
  const folderView = await anonymous.get(`/api/share/folder/${folderShareId}`);
  expect(folderView.status).toBe(200);
  expect(folderView.body.folder.name).toBe('Library');
  expect(folderView.body.contents.scripts.map((s: { id: string; title: string }) => [s.id, s.title])).toEqual([[script.id, 'Lib (renamed)']]);
  expect(folderView.body.contents.subfolders).toHaveLength(1);
  expect(folderView.body.contents.subfolders[0]).toMatchObject({ name: 'Nested' });
  expect(folderView.body.contents.subfolders[0].contents.scripts.map((s: { id: string }) => s.id)).toEqual([other.id]);

  // Delete the script: gone for its owner, its share link and the folder's listing, at once.
  expect((await alice.delete(`/api/scripts/${script.id}`)).status).toBe(204);
  expect((await alice.get(`/api/scripts/${script.id}`)).status).toBe(404);
  expect((await alice.get(`/api/scripts/${script.id}/versions`)).status).toBe(404);
  expect((await anonymous.get(`/api/share/${shareId}`)).status).toBe(404);
  expect((await anonymous.get(`/api/share/${shareId}/raw`)).status).toBe(404);
  expect((await anonymous.get(`/api/share/folder/${folderShareId}`)).body.contents.scripts).toEqual([]);
  expect((await alice.get('/api/scripts')).body.map((s: { id: string }) => s.id)).not.toContain(script.id);

  // Delete the folder with everything in it (`contents=trash`; the default moves its contents to the root): it goes to
  // the trash with everything inside it, and its share link goes.
  expect((await alice.delete(`/api/folders/${folder.id}?contents=trash`)).status).toBe(204);
  expect((await alice.get(`/api/folders/${folder.id}`)).status).toBe(404);
  expect((await anonymous.get(`/api/share/folder/${folderShareId}`)).status).toBe(404);
  expect((await alice.get(`/api/scripts/${other.id}`)).status).toBe(404);
  // Restored from the trash, the folder comes back with the script still inside its subfolder; the link stays revoked.
  expect((await alice.post(`/api/trash/folders/${folder.id}/restore`)).status).toBe(204);
  expect((await alice.get(`/api/scripts/${other.id}`)).body).toMatchObject({ title: 'Helper', folderId: sub.id });
  expect((await anonymous.get(`/api/share/folder/${folderShareId}`)).status).toBe(404);
}
