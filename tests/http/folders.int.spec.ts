import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, field, file, ISO_DATE, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  await server?.dispose();
});

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('folders', () => {
  it('creates a folder (201, Folder shape) and rejects a blank name with the spec message', async () => {
    const res = await alice.post('/api/folders', { name: '  Tools  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      name: 'Tools',
      parentId: null,
      isPublic: false,
      shareId: null,
      createdAt: expect.stringMatching(ISO_DATE),
      updatedAt: expect.stringMatching(ISO_DATE),
    });
    expect((await alice.get(`/api/folders/${res.body.id}`)).body).toEqual(res.body);

    for (const name of ['', '   ']) {
      const blank = await alice.post('/api/folders', { name });
      expect(blank.status).toBe(400);
      expect(blank.body.error).toBe('Folder name cannot be empty');
    }
    const missing = await alice.post('/api/folders', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Folder name cannot be empty');

    const publicFolder = await alice.post('/api/folders', { name: 'Public one', isPublic: true });
    expect(publicFolder.body.isPublic).toBe(true);
  });

  it('lists all folders, root folders with ?parentId=null, children with ?parentId=<id>', async () => {
    const user = await signedInUser(server.url, 'lister');
    const a = await createFolder(user, 'A');
    const b = await createFolder(user, 'B');
    const a1 = await createFolder(user, 'A1', a.id);
    const a2 = await createFolder(user, 'A2', a.id);
    const a1x = await createFolder(user, 'A1x', a1.id);
    expect(a1.parentId).toBe(a.id);

    const all = await user.get('/api/folders');
    expect(all.status).toBe(200);
    expect(new Set(ids(all.body))).toEqual(new Set([a.id, b.id, a1.id, a2.id, a1x.id]));
    expect(new Set(ids((await user.get('/api/folders?parentId=null')).body))).toEqual(new Set([a.id, b.id]));
    expect(new Set(ids((await user.get(`/api/folders?parentId=${a.id}`)).body))).toEqual(new Set([a1.id, a2.id]));
    expect(ids((await user.get(`/api/folders?parentId=${a1.id}`)).body)).toEqual([a1x.id]);
    expect((await user.get(`/api/folders?parentId=${b.id}`)).body).toEqual([]);
    expect((await user.get('/api/folders?parentId=bad%20id')).status).toBe(400);
  });

  it('renames, changes visibility and moves a folder; a cycle is rejected', async () => {
    const top = await createFolder(alice, 'Top');
    const mid = await createFolder(alice, 'Mid', top.id);
    const leaf = await createFolder(alice, 'Leaf', mid.id);
    const other = await createFolder(alice, 'Other');

    const renamed = await alice.put(`/api/folders/${mid.id}`, { name: 'Middle' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: mid.id, name: 'Middle', parentId: top.id });
    expect((await alice.get(`/api/folders/${mid.id}`)).body.name).toBe('Middle');

    const blank = await alice.put(`/api/folders/${mid.id}`, { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Folder name cannot be empty');

    const visible = await alice.put(`/api/folders/${mid.id}`, { isPublic: true });
    expect(visible.body).toMatchObject({ isPublic: true, name: 'Middle' });

    // Cycles: into itself, into its child, into its grandchild.
    for (const target of [top.id, mid.id, leaf.id]) {
      const res = await alice.put(`/api/folders/${top.id}`, { parentId: target });
      expect(res.status, `move Top under ${target}`).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await alice.get(`/api/folders/${top.id}`)).body.parentId).toBeNull();

    const moved = await alice.put(`/api/folders/${mid.id}`, { parentId: other.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(other.id);
    const path = await alice.get(`/api/folders/${leaf.id}/path`);
    expect(path.body).toEqual([
      { id: other.id, name: 'Other' },
      { id: mid.id, name: 'Middle' },
      { id: leaf.id, name: 'Leaf' },
    ]);
    expect(ids((await alice.get(`/api/folders?parentId=${top.id}`)).body)).toEqual([]);

    const toRoot = await alice.put(`/api/folders/${mid.id}`, { parentId: null });
    expect(toRoot.body.parentId).toBeNull();
    expect(ids((await alice.get('/api/folders?parentId=null')).body)).toContain(mid.id);
    expect((await alice.put(`/api/folders/${mid.id}`, { parentId: 'nosuchfolder' })).status).toBe(404);
  });

  it('path answers root first, ending with the folder itself', async () => {
    const a = await createFolder(alice, 'p-a');
    const b = await createFolder(alice, 'p-b', a.id);
    const c = await createFolder(alice, 'p-c', b.id);
    const res = await alice.get(`/api/folders/${c.id}/path`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: a.id, name: 'p-a' },
      { id: b.id, name: 'p-b' },
      { id: c.id, name: 'p-c' },
    ]);
    expect((await alice.get(`/api/folders/${a.id}/path`)).body).toEqual([{ id: a.id, name: 'p-a' }]);
  });

  it('lists the scripts directly in a folder', async () => {
    const folder = await createFolder(alice, 'Holder');
    const sub = await createFolder(alice, 'Holder sub', folder.id);
    const one = await createScript(alice, { title: 'one', folderId: folder.id });
    const two = await createScript(alice, { title: 'two', folderId: folder.id });
    await createScript(alice, { title: 'deeper', folderId: sub.id });
    await createScript(alice, { title: 'root' });
    const res = await alice.get(`/api/folders/${folder.id}/scripts`);
    expect(res.status).toBe(200);
    expect(new Set(ids(res.body))).toEqual(new Set([one.id, two.id]));
    expect(res.body[0]).toMatchObject({ title: expect.any(String), preview: expect.any(String), size: expect.any(Number), folderId: folder.id, version: 1 });
  });

  it('delete (the default) moves its scripts and subfolders to the root and only the empty folder to the trash', async () => {
    const top = await createFolder(alice, 'Emptied');
    const sub = await createFolder(alice, 'Emptied sub', top.id);
    const subsub = await createFolder(alice, 'Emptied subsub', sub.id);
    const s1 = await createScript(alice, { title: 'init.server.lua', folderId: top.id });
    const s2 = await createScript(alice, { title: 'init.lua', folderId: sub.id });
    const s3 = await createScript(alice, { title: 'deep.lua', folderId: subsub.id });
    const share = (await alice.post(`/api/folders/${top.id}/share`)).body.shareId;

    expect((await alice.delete(`/api/folders/${top.id}`)).status).toBe(204);

    expect((await alice.get(`/api/folders/${top.id}`)).status).toBe(404);
    // its scripts at the root, its subfolders at the root keeping what they hold
    expect((await alice.get(`/api/scripts/${s1.id}`)).body).toMatchObject({ folderId: null, version: 1 });
    expect((await alice.get(`/api/folders/${sub.id}`)).body).toMatchObject({ parentId: null });
    expect((await alice.get(`/api/folders/${subsub.id}`)).body).toMatchObject({ parentId: sub.id });
    expect((await alice.get(`/api/scripts/${s2.id}`)).body.folderId).toBe(sub.id);
    expect((await alice.get(`/api/scripts/${s3.id}`)).body.folderId).toBe(subsub.id);
    expect(ids((await alice.get('/api/root-scripts')).body)).toContain(s1.id);
    expect(ids((await alice.get('/api/folders?parentId=null')).body)).toContain(sub.id);
    // the trash holds the folder alone; restoring it brings back an empty folder
    const trash = (await alice.get('/api/trash')).body as { kind: string; id: string }[];
    expect(trash.filter((e) => [top.id, sub.id, subsub.id, s1.id, s2.id, s3.id].includes(e.id))).toEqual([expect.objectContaining({ kind: 'folder', id: top.id })]);
    expect((await new Client(server.url).get(`/api/share/folder/${share}`)).status).toBe(404);
    expect((await alice.post(`/api/trash/folders/${top.id}/restore`)).status).toBe(204);
    expect((await alice.get(`/api/folders/${top.id}/scripts`)).body).toEqual([]);
    expect((await alice.get(`/api/scripts/${s1.id}`)).body.folderId).toBeNull();
    // `?contents=root` says the same; anything else is refused with nothing done
    const refused = await alice.delete(`/api/folders/${top.id}?contents=everything`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^contents must be root .* or trash/);
    expect((await alice.get(`/api/folders/${top.id}`)).status).toBe(200);
    expect((await alice.delete(`/api/folders/${top.id}?contents=root`)).status).toBe(204);
    expect((await alice.delete(`/api/folders/${top.id}`)).status).toBe(404);
  });

  it('delete with ?contents=trash moves the folder to the trash with its subfolders and every script inside; the rest stays', async () => {
    const top = await createFolder(alice, 'Doomed');
    const sub = await createFolder(alice, 'Doomed sub', top.id);
    const subsub = await createFolder(alice, 'Doomed subsub', sub.id);
    const keep = await createFolder(alice, 'Keeper');
    const s1 = await createScript(alice, { title: 'in top', folderId: top.id });
    const s2 = await createScript(alice, { title: 'in sub', folderId: sub.id });
    const s3 = await createScript(alice, { title: 'in subsub', folderId: subsub.id });
    const s4 = await createScript(alice, { title: 'in keeper', folderId: keep.id });
    await alice.put(`/api/scripts/${s3.id}`, { content: 'second version' });
    const topShare = (await alice.post(`/api/folders/${top.id}/share`)).body.shareId;

    const del = await alice.delete(`/api/folders/${top.id}?contents=trash`);
    expect(del.status).toBe(204);

    for (const folder of [top, sub, subsub]) expect((await alice.get(`/api/folders/${folder.id}`)).status).toBe(404);
    const remaining = ids((await alice.get('/api/folders')).body);
    expect(remaining).toContain(keep.id);
    for (const folder of [top, sub, subsub]) expect(remaining).not.toContain(folder.id);

    const all = ids((await alice.get('/api/scripts')).body);
    for (const script of [s1, s2, s3]) {
      expect(all).not.toContain(script.id);
      expect((await alice.get(`/api/scripts/${script.id}`)).status).toBe(404);
    }
    expect((await alice.get(`/api/scripts/${s4.id}`)).body.folderId).toBe(keep.id);
    // One entry in the trash: the folder, holding the rest (tests/http/trash.int.spec.ts restores it).
    const trash = (await alice.get('/api/trash')).body as { kind: string; id: string }[];
    expect(trash.filter((e) => [top.id, sub.id, subsub.id, s1.id, s2.id, s3.id].includes(e.id))).toEqual([
      expect.objectContaining({ kind: 'folder', id: top.id }),
    ]);
    // The deleted folder's share link is gone.
    expect((await new Client(server.url).get(`/api/share/folder/${topShare}`)).status).toBe(404);
    expect((await alice.delete(`/api/folders/${top.id}`)).status).toBe(404);
  });
});

describe('folder sharing', () => {
  it('shares (same id again), shows the public tree, revokes at once, and shares again with a new id', async () => {
    const repo = await createFolder(alice, 'Repo');
    const src = await createFolder(alice, 'src', repo.id);
    const lib = await createFolder(alice, 'lib', src.id);
    const outside = await createFolder(alice, 'Outside');
    const readme = await createScript(alice, { title: 'readme', content: 'doc', folderId: repo.id });
    const main = await createScript(alice, { title: 'main', content: 'secret main', folderId: src.id });
    const util = await createScript(alice, { title: 'util', folderId: lib.id });
    await createScript(alice, { title: 'not in repo', folderId: outside.id });
    await createScript(alice, { title: 'root script' });
    const mainShare = (await alice.post(`/api/scripts/${main.id}/share`)).body.shareId as string;

    const shared = await alice.post(`/api/folders/${repo.id}/share`);
    expect(shared.status).toBe(200);
    const shareId = shared.body.shareId as string;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
    expect((await alice.post(`/api/folders/${repo.id}/share`)).body.shareId).toBe(shareId);
    expect((await alice.get(`/api/folders/${repo.id}`)).body.shareId).toBe(shareId);

    const anonymous = new Client(server.url);
    const view = await anonymous.get(`/api/share/folder/${shareId}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      folder: { name: 'Repo', updatedAt: expect.stringMatching(ISO_DATE) },
      contents: {
        scripts: [{ id: readme.id, title: 'readme', fileName: 'readme.lua', updatedAt: expect.stringMatching(ISO_DATE)}],
        subfolders: [
          {
            name: 'src',
            contents: {
              scripts: [{ id: main.id, title: 'main', fileName: 'main.lua', updatedAt: expect.stringMatching(ISO_DATE)}],
              subfolders: [
                {
                  name: 'lib',
                  contents: { scripts: [{ id: util.id, title: 'util', fileName: 'util.lua', updatedAt: expect.stringMatching(ISO_DATE)}], subfolders: [] },
                },
              ],
            },
          },
        ],
      },
      truncated: false,
    });
    // No content of unshared scripts, nothing from outside the folder.
    expect(view.text).not.toContain('secret main');
    expect(view.text).not.toContain('not in repo');
    expect(view.text).not.toContain('root script');
    // Nothing that outlives the folder link: no script's own share id, no folder id.
    for (const id of [mainShare, src.id, lib.id, repo.id]) expect(view.text).not.toContain(id);

    // Changes show in the public view.
    await alice.put(`/api/folders/${lib.id}`, { name: 'library' });
    const after = await anonymous.get(`/api/share/folder/${shareId}`);
    expect(after.body.contents.subfolders[0].contents.subfolders[0].name).toBe('library');

    const revoked = await alice.delete(`/api/folders/${repo.id}/share`);
    expect(revoked.status).toBe(204);
    const gone = await anonymous.get(`/api/share/folder/${shareId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual(expect.any(String));
    expect((await alice.get(`/api/folders/${repo.id}`)).body.shareId).toBeNull();

    const again = await alice.post(`/api/folders/${repo.id}/share`);
    expect(again.body.shareId).not.toBe(shareId);
    expect((await anonymous.get(`/api/share/folder/${again.body.shareId}`)).status).toBe(200);
    expect((await anonymous.get(`/api/share/folder/${shareId}`)).status).toBe(404);
  });
});

describe('concurrent folder changes', () => {
  /** Folders that cannot be reached from the root: what a cycle (or a dangling parent) leaves behind. */
  async function unreachable(user: Client) {
    const folders = (await user.get('/api/folders')).body as { id: string; parentId: string | null }[];
    const byId = new Map(folders.map((f) => [f.id, f]));
    return folders.filter((folder) => {
      const seen = new Set<string>();
      let current: { id: string; parentId: string | null } | undefined = folder;
      while (current && current.parentId !== null) {
        if (seen.has(current.id)) return true;
        seen.add(current.id);
        current = byId.get(current.parentId);
      }
      return current === undefined;
    });
  }

  // Two concurrent moves (A under B, B under A) can both pass the pre-check; each re-checks after its write and
  // puts its folder back (409) when it sees a cycle, so at most one move stands and no cycle remains.
  it('two opposite concurrent moves never make a cycle', async () => {
    const user = await signedInUser(server.url, 'racer');
    for (let round = 0; round < 5; round++) {
      const a = await createFolder(user, `A${round}`);
      const b = await createFolder(user, `B${round}`);
      const [ab, ba] = await Promise.all([user.put(`/api/folders/${a.id}`, { parentId: b.id }), user.put(`/api/folders/${b.id}`, { parentId: a.id })]);
      const statuses = [ab.status, ba.status];
      for (const status of statuses) expect([200, 400, 409]).toContain(status);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      expect(await unreachable(user)).toEqual([]);
    }
  });

  it('whatever concurrent moves did, the folders can still be deleted and the server keeps answering', async () => {
    // Regression: with a cycle in the read model, DELETE walked the subtree forever and crashed the process (OOM).
    const user = await signedInUser(server.url, 'survivor');
    const created: string[] = [];
    for (let round = 0; round < 5; round++) {
      const a = await createFolder(user, `A${round}`);
      const b = await createFolder(user, `B${round}`);
      created.push(a.id, b.id);
      await Promise.all([user.put(`/api/folders/${a.id}`, { parentId: b.id }), user.put(`/api/folders/${b.id}`, { parentId: a.id })]);
    }
    const script = await createScript(user, { title: 'inside', folderId: created[1]! });
    for (const id of created) expect([204, 404]).toContain((await user.delete(`/api/folders/${id}?contents=trash`)).status);
    expect((await user.get('/api/folders')).body).toEqual([]);
    // The script went to the trash with whichever folder took it.
    expect((await user.get(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await user.get('/api/scripts')).body).toEqual([]);
    expect((await new Client(server.url).get('/api/config')).status).toBe(200);
  });

  // The folder check before a create reads the read model; a folder deleted at the same moment is caught after the
  // write (by the create and by the deletion's final sweep), which move the script to the root.
  it('a script created while its folder is deleted never ends up in a deleted folder', async () => {
    const user = await signedInUser(server.url, 'orphan');
    for (let round = 0; round < 5; round++) {
      const folder = await createFolder(user, `gone${round}`);
      await Promise.all([user.delete(`/api/folders/${folder.id}`), user.post('/api/scripts', { title: `s${round}`, content: 'x', folderId: folder.id })]);
      const folderIds = new Set(((await user.get('/api/folders')).body as { id: string }[]).map((f) => f.id));
      const scripts = (await user.get('/api/scripts')).body as { folderId: string | null }[];
      expect(scripts.filter((s) => s.folderId !== null && !folderIds.has(s.folderId))).toEqual([]);
    }
  });

  it('nests folders at most 64 levels deep: creating, moving or uploading deeper is refused with nothing written', async () => {
    const user = await signedInUser(server.url, 'deep');
    const chain: { id: string }[] = [];
    for (let depth = 1; depth <= 62; depth++) chain.push(await createFolder(user, `L${depth}`, chain.at(-1)?.id ?? null));
    const at62 = chain.at(-1)!.id;
    const at63 = await createFolder(user, 'L63', at62);
    expect((await user.post('/api/folders', { name: 'L64', parentId: at63.id })).status).toBe(201);
    const tooDeep = await user.post('/api/folders', { name: 'L64 sibling', parentId: (await user.get(`/api/folders?parentId=${at63.id}`)).body[0].id });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toBe('Folders can be nested at most 64 levels deep');

    // A folder two levels deep (itself and a child) fits under depth 62, not under 63.
    const pair = await createFolder(user, 'Pair');
    await createFolder(user, 'Pair child', pair.id);
    const refused = await user.put(`/api/folders/${pair.id}`, { parentId: at63.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Folders can be nested at most 64 levels deep');
    expect((await user.get(`/api/folders/${pair.id}`)).body.parentId).toBeNull();
    expect((await user.put(`/api/folders/${pair.id}`, { parentId: at62 })).status).toBe(200);

    // An upload whose paths would go past 64 levels writes nothing.
    const before = (await user.get('/api/folders')).body.length;
    const upload = await user.upload('/api/upload/structure', [field('parentFolderId', chain[59]!.id), file('deep.lua', 'print(1)', 'files'), field('paths', 'a/b/c/d/e/deep.lua')]);
    expect(upload.status).toBe(400);
    expect(upload.body.error).toBe('Folders can be nested at most 64 levels deep');
    expect((await user.get('/api/folders')).body.length).toBe(before);
    expect((await user.get('/api/scripts')).body).toEqual([]);
  });
});
