import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, field, file, PASSWORD, signedInUser, startTestServer, uniqueName, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  anonymous = new Client(server.url);
});
afterAll(async () => {
  await server?.dispose();
});

describe('usernames at registration', () => {
  const register = (username: string) => new Client(server.url).post('/api/register', { username, password: PASSWORD });

  it('accepts 3 to 32 of letters, digits, dot, dash and underscore', async () => {
    const base = uniqueName('ok').slice(0, 12);
    for (const username of [`${base}.a-b_C`, `${base}${'x'.repeat(32 - base.length)}`]) {
      const res = await register(username);
      expect(res.status).toBe(201);
      expect(res.body.username).toBe(username);
    }
  });

  it.each([
    ['too long', 'x'.repeat(33), 'Username must be at most 32 characters'],
    ['too short', 'ab', 'Username must be at least 3 characters'],
    ['markup', '<img src=x>', 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)'],
    ['a NUL', 'bob\u0000by', 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)'],
    ['a zero-width joiner', 'bo\u200dbby', 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)'],
    ['a right-to-left override', 'bob\u202egpj.exe', 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)'],
    ['a look-alike letter', 'p\u0430ypal', 'Username may only contain letters, digits, dots (.), dashes (-) and underscores (_)'],
  ])('refuses a name with %s (400, no account, no cookie)', async (_what, username, message) => {
    const client = new Client(server.url);
    const res = await client.post('/api/register', { username, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(client.cookies.size).toBe(0);
  });

  it('is unique regardless of case', async () => {
    const name = uniqueName('Case');
    expect((await register(name)).status).toBe(201);
    const other = await register(name.toUpperCase());
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('Username already taken');
  });
});

describe('title and name caps on every path', () => {
  it('cuts a title derived from a long file name to 200 characters, on every upload route', async () => {
    const longName = `${'n'.repeat(250)}.lua`;
    const single = await alice.upload('/api/upload/script', [file(longName, 'print(1)')]);
    expect(single.status).toBe(201);
    expect(single.body.title).toBe('n'.repeat(200));

    const many = await alice.upload('/api/upload/folder/null', [file(longName, 'print(1)', 'files')]);
    expect(many.body.scripts[0].title).toHaveLength(200);

    const key = alice.withApiKey((await alice.post('/api/api-keys', { name: 'caps' })).body.key);
    const viaApi = await key.upload('/api/v1/scripts/upload', [file(longName, 'print(1)')]);
    expect(viaApi.status).toBe(201);
    expect(viaApi.body.title).toBe('n'.repeat(200));
    // A title the client typed is refused, not cut.
    const typed = await key.upload('/api/v1/scripts/upload', [file('a.lua', 'print(1)'), field('title', 't'.repeat(201))]);
    expect(typed.status).toBe(400);
    expect(typed.body.error).toBe('Title must be at most 200 characters');
    expect((await alice.post('/api/scripts', { title: 't'.repeat(201), content: 'x' })).body.error).toBe('Title must be at most 200 characters');
  });

  it('refuses a repository name over 200 characters, writing nothing; folder names from paths are cut to 200', async () => {
    const before = (await alice.get('/api/folders')).body.length;
    const tooLong = await alice.upload('/api/upload/repository', [field('repositoryName', 'r'.repeat(201)), file('a.lua', 'print(1)', 'files'), field('paths', 'p/a.lua')]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('Repository name must be at most 200 characters');
    expect((await alice.get('/api/folders')).body).toHaveLength(before);

    const ok = await alice.upload('/api/upload/repository', [
      field('repositoryName', 'r'.repeat(200)),
      file('a.lua', 'print(1)', 'files'),
      field('paths', `p/${'d'.repeat(300)}/a.lua`),
    ]);
    expect(ok.status).toBe(201);
    const folders = (await alice.get('/api/folders')).body as { id: string; name: string; parentId: string | null }[];
    const repo = folders.find((f) => f.id === ok.body.folderId)!;
    expect(repo.name).toBe('r'.repeat(200));
    expect(folders.find((f) => f.parentId === repo.id)!.name).toBe('d'.repeat(200));
  });
});

describe('share links serve only versions saved while shared, unless the full history is shared', () => {
  it('hides versions saved before sharing, serves later ones, and the owner can open and close the full history', async () => {
    const script = await createScript(alice, { title: 'Secret', content: 'local key = "hunter2"' });
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'local key = os.getenv("KEY")' })).status).toBe(200);
    const shared = await alice.post(`/api/scripts/${script.id}/share`);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ shareId: expect.any(String), fullHistory: false, sharedAtVersion: 2 });
    const raw = `/api/share/${shared.body.shareId}/raw`;

    const secret = await anonymous.get(`${raw}?version=1`);
    expect(secret.status).toBe(404);
    expect(secret.text).not.toContain('hunter2');
    expect((await anonymous.get(`${raw}?version=2`)).status).toBe(200);
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'print(3)' })).status).toBe(200);
    expect((await anonymous.get(`${raw}?version=3`)).text).toBe('print(3)');
    expect((await anonymous.get(`${raw}?version=2`)).text).toBe('local key = os.getenv("KEY")');

    // Sharing the full history keeps the same link and serves every version.
    const full = await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true });
    expect(full.body).toEqual({ shareId: shared.body.shareId, fullHistory: true, sharedAtVersion: 2 });
    expect((await anonymous.get(`${raw}?version=1`)).text).toBe('local key = "hunter2"');
    expect((await alice.get(`/api/scripts/${script.id}`)).body).toMatchObject({ shareFullHistory: true, sharedAtVersion: 2 });
    // Sharing again without a body keeps the choice.
    expect((await alice.post(`/api/scripts/${script.id}/share`)).body.fullHistory).toBe(true);

    const limited = await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: false });
    expect(limited.body.fullHistory).toBe(false);
    expect((await anonymous.get(`${raw}?version=1`)).status).toBe(404);

    // The history shows the change.
    const history = (await alice.get(`/api/scripts/${script.id}/history`)).body as { summary: string }[];
    expect(history.map((e) => e.summary)).toEqual(expect.arrayContaining(['Shared the full history on the link', 'Limited the link to versions since sharing']));
  });

  it('shares the full history from the start when asked, also through /api/v1; refuses a malformed option', async () => {
    const script = await createScript(alice, { title: 'Open', content: 'print(1)' });
    await alice.put(`/api/scripts/${script.id}`, { content: 'print(2)' });
    const key = alice.withApiKey((await alice.post('/api/api-keys', { name: 'share' })).body.key);
    const bad = await key.post(`/api/v1/scripts/${script.id}/share`, { fullHistory: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('fullHistory must be true or false');
    const res = await key.post(`/api/v1/scripts/${script.id}/share`, { fullHistory: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullHistory: true, sharedAtVersion: 2 });
    expect((await anonymous.get(`/api/share/${res.body.shareId}/raw?version=1`)).text).toBe('print(1)');
  });

  it('a new link after a revoke starts again from the version current then', async () => {
    const script = await createScript(alice, { title: 'Again', content: 'print(1)' });
    await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true });
    await alice.delete(`/api/scripts/${script.id}/share`);
    await alice.put(`/api/scripts/${script.id}`, { content: 'print(2)' });
    const again = (await alice.post(`/api/scripts/${script.id}/share`)).body;
    expect(again).toMatchObject({ fullHistory: false, sharedAtVersion: 2 });
    expect((await anonymous.get(`/api/share/${again.shareId}/raw?version=1`)).status).toBe(404);
    expect((await anonymous.get(`/api/share/${again.shareId}/raw`)).text).toBe('print(2)');
  });
});
