import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, eventually, signedInUser, startTestServer, type HttpResult, type TestServer } from './client';

/** Views over time: `GET /api/scripts/{id}/views` (owner) and `GET /admin-api/stats/views` (admin). */
let server: TestServer;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  anonymous = new Client(server.url);
});
afterAll(async () => {
  await server?.dispose();
});

type Day = { date: string; pageViews: number; rawFetches: number };
const utcToday = () => new Date().toISOString().slice(0, 10);
/** The last two days together: a flush that lands just before midnight UTC counts on the day before the query's. */
const recent = (days: Day[]) => days.slice(-2).reduce((s, d) => ({ pageViews: s.pageViews + d.pageViews, rawFetches: s.rawFetches + d.rawFetches }), { pageViews: 0, rawFetches: 0 });
const times = (n: number, fetch: () => Promise<HttpResult>) => Promise.all(Array.from({ length: n }, fetch));

describe('views over time', () => {
  it('counts raw fetches and page views of a shared script apart, by UTC day, over 90 zero-filled days', async () => {
    const owner = await signedInUser(server.url, 'viewer');
    const script = await createScript(owner, { title: 'counted', content: 'return 1' });
    await owner.put(`/api/scripts/${script.id}`, { content: 'return 2' });
    const { shareId } = (await owner.post(`/api/scripts/${script.id}/share`, { fullHistory: true })).body;

    const empty = await owner.get(`/api/scripts/${script.id}/views`);
    expect(empty.status).toBe(200);
    expect(empty.body.days).toHaveLength(90);
    expect(empty.body.totals).toEqual({ pageViews: 0, rawFetches: 0 });

    const before = utcToday();
    // raw: the fast path, a pinned version, a 304 revalidation; page: the share page's JSON
    await times(4, () => anonymous.get(`/api/share/${shareId}/raw`));
    await anonymous.get(`/api/share/${shareId}/raw?version=1`);
    const etag = (await anonymous.get(`/api/share/${shareId}/raw`)).headers.get('etag')!;
    expect((await anonymous.get(`/api/share/${shareId}/raw`, { 'If-None-Match': etag })).status).toBe(304);
    await times(2, () => anonymous.get(`/api/share/${shareId}`));

    const res = await eventually(
      () => owner.get(`/api/scripts/${script.id}/views`),
      (r) => r.body.totals?.rawFetches === 7 && r.body.totals?.pageViews === 2,
    );
    const days = res.body.days as Day[];
    expect(days).toHaveLength(90);
    expect([before, utcToday()]).toContain(days[89]!.date);
    // oldest first, one entry per consecutive day
    for (let i = 1; i < days.length; i++) expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(86_400_000);
    expect(recent(days)).toEqual({ pageViews: 2, rawFetches: 7 });
    expect(days.slice(0, 88).every((d) => d.pageViews === 0 && d.rawFetches === 0)).toBe(true);
    // the all-time total still counts every view
    expect((await owner.get(`/api/scripts/${script.id}`)).body.views).toBe(9);
  });

  it("counts a folder link's script page as a page view and its raw URL as a raw fetch", async () => {
    const owner = await signedInUser(server.url, 'folderviews');
    const folder = await createFolder(owner, 'lib');
    const script = await createScript(owner, { title: 'in folder', folderId: folder.id });
    const { shareId } = (await owner.post(`/api/folders/${folder.id}/share`)).body;
    await anonymous.get(`/api/share/folder/${shareId}/scripts/${script.id}`);
    await times(3, () => anonymous.get(`/api/share/folder/${shareId}/scripts/${script.id}/raw`));
    await anonymous.get(`/api/share/folder/${shareId}`); // the folder listing is nobody's script view
    const res = await eventually(
      () => owner.get(`/api/scripts/${script.id}/views`),
      (r) => r.body.totals?.rawFetches === 3 && r.body.totals?.pageViews === 1,
    );
    expect(recent(res.body.days)).toEqual({ pageViews: 1, rawFetches: 3 });
  });

  it("answers 404 for another user's script, a missing one, and signed out 401", async () => {
    const owner = await signedInUser(server.url, 'own');
    const other = await signedInUser(server.url, 'other');
    const script = await createScript(owner);
    for (const path of [`/api/scripts/${script.id}/views`, '/api/scripts/nosuchscript/views']) {
      const res = await other.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Script not found' });
    }
    expect((await anonymous.get(`/api/scripts/${script.id}/views`)).status).toBe(401);
    expect((await owner.get('/api/scripts/bad$id/views')).status).toBe(400);
  });

  it('admin: top scripts over time need the admin key and list the most viewed scripts with their series', async () => {
    expect((await anonymous.get('/admin-api/stats/views')).status).toBe(401);
    const user = await signedInUser(server.url, 'notadmin');
    expect((await user.get('/admin-api/stats/views')).status).toBe(401);

    const admin = new Client(server.url, { apiKey: server.adminKey });
    const busy = await createScript(user, { title: 'busiest' });
    const { shareId } = (await user.post(`/api/scripts/${busy.id}/share`, {})).body;
    await times(30, () => anonymous.get(`/api/share/${shareId}/raw`));
    await anonymous.get(`/api/share/${shareId}`);
    const res = await eventually(
      () => admin.get('/admin-api/stats/views?days=7&top=2'),
      (r) => r.body.scripts?.[0]?.id === busy.id && r.body.scripts[0].totals.rawFetches === 30 && r.body.scripts[0].totals.pageViews === 1,
    );
    expect(res.body.days).toBe(7);
    expect(res.body.scripts).toHaveLength(2);
    const [first] = res.body.scripts;
    expect(first).toMatchObject({ id: busy.id, title: 'busiest', username: user.user!.username });
    expect(first.days).toHaveLength(7);
    expect(recent(first.days)).toEqual({ pageViews: 1, rawFetches: 30 });

    // defaults and bad input
    expect((await admin.get('/admin-api/stats/views')).body.days).toBe(30);
    for (const query of ['days=0', 'days=91', 'days=x', 'top=0', 'top=21', 'top=1.5']) {
      const bad = await admin.get(`/admin-api/stats/views?${query}`);
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.error).toBe('string');
    }
  });
});
