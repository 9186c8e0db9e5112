import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, eventually, ISO_DATE, signedInUser, startTestServer, type TestServer } from './client';

/** A fresh server per file, so the admin counts are exact. */
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url, { apiKey: server.adminKey });
});
afterAll(async () => {
  await server?.dispose();
});

const ROUTES = ['/admin-api/health', '/admin-api/stats', '/admin-api/users', '/admin-api/scripts'];

describe('admin API', () => {
  it('answers 401 "Invalid access key" without the key or with a wrong one', async () => {
    expect(server.adminKey.length).toBeGreaterThanOrEqual(16);
    const wrong = [
      new Client(server.url),
      new Client(server.url, { apiKey: 'wrong-key' }),
      new Client(server.url, { apiKey: server.adminKey.slice(0, -1) }),
      new Client(server.url, { apiKey: `${server.adminKey}x` }),
      new Client(server.url, { apiKey: '123456' }),
    ];
    for (const client of wrong) {
      for (const path of ROUTES) {
        const res = await client.get(path);
        expect(res.status, path).toBe(401);
        expect(res.body).toEqual({ error: 'Invalid access key' });
      }
    }
    // A user's session is not an admin key.
    const user = await signedInUser(server.url, 'notadmin');
    expect((await user.get('/admin-api/stats')).status).toBe(401);
    // Nor is the key accepted in the address.
    expect((await new Client(server.url).get(`/admin-api/stats?key=${server.adminKey}`)).status).toBe(401);
  });

  it('with the key: health, exact counts, users and scripts (with ?userId)', async () => {
    expect((await admin.get('/admin-api/health')).body).toEqual({ status: 'ok' });

    const base = (await admin.get('/admin-api/stats')).body.counts as { users: number; scripts: number; versions: number };
    const ann = await signedInUser(server.url, 'ann');
    const bob = await signedInUser(server.url, 'bob');
    const a1 = await createScript(ann, { title: 'a1', content: 'A1' });
    await ann.put(`/api/scripts/${a1.id}`, { content: 'A1 v2' });
    await ann.put(`/api/scripts/${a1.id}`, { content: 'A1 v3' });
    const a2 = await createScript(ann, { title: 'a2', content: 'A2' });
    const b1 = await createScript(bob, { title: 'b1', content: 'B1' });
    await bob.post(`/api/scripts/${b1.id}/restore/1`);
    const doomed = await createScript(bob, { title: 'doomed', content: 'D' });
    await bob.put(`/api/scripts/${doomed.id}`, { content: 'D2' });
    await bob.delete(`/api/scripts/${doomed.id}`);
    await bob.delete(`/api/trash/scripts/${doomed.id}`);

    const stats = await admin.get('/admin-api/stats');
    expect(stats.status).toBe(200);
    // users +2; scripts a1, a2, b1 (doomed purged from the trash); versions 3 + 1 + 2 (doomed's versions gone with it)
    expect(stats.body.counts).toEqual({ users: base.users + 2, scripts: base.scripts + 3, versions: base.versions + 6 });
    expect(Array.isArray(stats.body.topViewed)).toBe(true);

    const users = await admin.get('/admin-api/users');
    expect(users.status).toBe(200);
    for (const user of [ann, bob]) {
      expect(users.body).toContainEqual({ id: user.user!.id, username: user.user!.username, createdAt: expect.stringMatching(ISO_DATE) });
    }
    expect(users.text).not.toMatch(/password|scrypt/i);

    const scripts = await admin.get('/admin-api/scripts');
    expect(scripts.status).toBe(200);
    const ids = scripts.body.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]));
    expect(ids).not.toContain(doomed.id);
    expect(scripts.body.find((s: { id: string }) => s.id === a1.id)).toEqual({
      id: a1.id,
      title: 'a1',
      userId: ann.user!.id,
      username: ann.user!.username,
      views: 0,
      updatedAt: expect.stringMatching(ISO_DATE),
      preview: null, // a private script's text only by opening it (recorded)
      size: 5,
    });
    expect((await admin.get(`/admin-api/scripts/${a1.id}`)).body).toMatchObject({ id: a1.id, content: 'A1 v3', username: ann.user!.username });

    const annOnly = await admin.get(`/admin-api/scripts?userId=${ann.user!.id}`);
    expect(new Set(annOnly.body.map((s: { id: string }) => s.id))).toEqual(new Set([a1.id, a2.id]));
    expect(annOnly.body.every((s: { userId: string }) => s.userId === ann.user!.id)).toBe(true);
    expect((await admin.get('/admin-api/scripts?userId=nosuchuser')).body).toEqual([]);
    expect((await admin.get('/admin-api/scripts?userId=bad%20id')).status).toBe(400);
  });

  it('lists the top 5 viewed scripts, most viewed first', async () => {
    const owner = await signedInUser(server.url, 'popular');
    const anonymous = new Client(server.url);
    const viewsWanted = [9, 3, 7, 1, 5, 8, 2];
    const scripts: { id: string; title: string; views: number; username: string }[] = [];
    for (const [i, views] of viewsWanted.entries()) {
      const script = await createScript(owner, { title: `top-${i}`, content: `print(${i})` });
      const { shareId } = (await owner.post(`/api/scripts/${script.id}/share`)).body;
      await Promise.all(Array.from({ length: views }, () => anonymous.get(`/api/share/${shareId}/raw`)));
      scripts.push({ id: script.id, title: script.title, views, username: owner.user!.username });
    }
    const expected = [...scripts].sort((a, b) => b.views - a.views).slice(0, 5);

    const stats = await eventually(
      async () => (await admin.get('/admin-api/stats')).body,
      (body) => JSON.stringify(body.topViewed) === JSON.stringify(expected),
      5000,
    );
    expect(stats.topViewed).toEqual(expected);
    expect(stats.topViewed.map((s: { views: number }) => s.views)).toEqual([9, 8, 7, 5, 3]);
  });

  it('names owners by username on every script row, one page at a time, and answers a user by id', async () => {
    const owners = [await signedInUser(server.url, 'owner'), await signedInUser(server.url, 'owner')];
    for (const [i, owner] of owners.entries()) for (let n = 0; n < 3; n++) await createScript(owner, { title: `owned-${i}-${n}`, content: 'x' });
    // Small pages, so each page's usernames come from its own lookup.
    const seen = new Map<string, string>();
    let next: string | null = '/admin-api/scripts?limit=2';
    while (next) {
      const page = await admin.get(next);
      expect(page.status).toBe(200);
      for (const row of page.body as { title: string; userId: string; username: string | null }[]) {
        expect(typeof row.username, row.title).toBe('string');
        seen.set(row.userId, row.username!);
      }
      const link = /<([^>]+)>\s*;\s*rel="next"/.exec(page.headers.get('link') ?? '');
      next = link ? new URL(link[1]!, server.url).pathname + new URL(link[1]!, server.url).search : null;
    }
    for (const owner of owners) expect(seen.get(owner.user!.id)).toBe(owner.user!.username);

    const one = await admin.get(`/admin-api/users/${owners[0]!.user!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ id: owners[0]!.user!.id, username: owners[0]!.user!.username, createdAt: expect.stringMatching(ISO_DATE) });
    expect(one.text).not.toMatch(/password|scrypt/i);
    expect((await admin.get('/admin-api/users/nosuchuser')).status).toBe(404);
    expect((await new Client(server.url).get(`/admin-api/users/${owners[0]!.user!.id}`)).status).toBe(401);
  });
});
