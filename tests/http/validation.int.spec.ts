import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createFolder, createScript, file, PASSWORD, signedInUser, startTestServer, uniqueName, type HttpResult, type TestServer } from './client';

let server: TestServer;
let alice: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  await server?.dispose();
});

/** Bad input: a 4xx with a JSON `{ error }` body, never a 5xx. */
function expectClientError(res: HttpResult, status?: number) {
  const label = `${res.status} ${res.text}`;
  if (status !== undefined) expect(res.status, label).toBe(status);
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get('content-type'), label).toMatch(/application\/json/);
  expect(res.body.error, label).toEqual(expect.any(String));
}

const OPERATOR = { $ne: null };

describe('script fields', () => {
  it('blank title or content answers 400 with the spec messages', async () => {
    for (const title of ['', '   ', '\n\t']) {
      const res = await alice.post('/api/scripts', { title, content: 'print(1)' });
      expectClientError(res, 400);
      expect(res.body.error).toBe('Please enter a title for your script');
    }
    for (const content of ['', '   ', '\n\n']) {
      const res = await alice.post('/api/scripts', { title: 'T', content });
      expectClientError(res, 400);
      expect(res.body.error).toBe('Script content cannot be empty');
    }
    const missingTitle = await alice.post('/api/scripts', { content: 'x' });
    expectClientError(missingTitle, 400);
    expect(missingTitle.body.error).toBe('Please enter a title for your script');
    const missingContent = await alice.post('/api/scripts', { title: 'x' });
    expectClientError(missingContent, 400);
    expect(missingContent.body.error).toBe('Script content cannot be empty');

    const script = await createScript(alice);
    const blankTitle = await alice.put(`/api/scripts/${script.id}`, { title: ' ' });
    expectClientError(blankTitle, 400);
    expect(blankTitle.body.error).toBe('Please enter a title for your script');
    const blankContent = await alice.put(`/api/scripts/${script.id}`, { content: '' });
    expectClientError(blankContent, 400);
    expect(blankContent.body.error).toBe('Script content cannot be empty');
    // Nothing was recorded by the rejected saves.
    expect((await alice.get(`/api/scripts/${script.id}`)).body.version).toBe(1);
  });

  it('wrong types answer 400', async () => {
    const script = await createScript(alice);
    const folder = await createFolder(alice, 'Typed');
    const cases: [string, string, unknown][] = [
      ['POST', '/api/scripts', { title: 123, content: 'x' }],
      ['POST', '/api/scripts', { title: 'x', content: ['x'] }],
      ['POST', '/api/scripts', { title: 'x', content: 'x', folderId: 5 }],
      ['POST', '/api/scripts', { title: 'x', content: 'x', folderId: true }],
      ['POST', '/api/scripts', { title: 'x', content: 'x', comment: 7 }],
      ['POST', '/api/scripts', []],
      ['POST', '/api/scripts', 'just a string'],
      ['PUT', `/api/scripts/${script.id}`, { content: 42 }],
      ['PUT', `/api/scripts/${script.id}`, { title: null }],
      ['POST', `/api/scripts/${script.id}/move`, { folderId: 1 }],
      ['POST', '/api/folders', { name: 5 }],
      ['POST', '/api/folders', { name: 'x', isPublic: 'yes' }],
      ['POST', '/api/folders', { name: 'x', parentId: 3 }],
      ['PUT', `/api/folders/${folder.id}`, { isPublic: 'no' }],
      ['PUT', `/api/folders/${folder.id}`, { name: {} }],
      ['POST', '/api/api-keys', { name: 12 }],
      ['POST', '/api/register', { username: 123456, password: PASSWORD }],
      ['POST', '/api/register', { username: uniqueName(), password: 12345678 }],
      ['POST', '/api/register', { username: uniqueName(), password: PASSWORD, email: 'not-an-email' }],
      ['POST', '/api/login', { username: ['a'], password: PASSWORD }],
    ];
    for (const [method, path, json] of cases) {
      const res = await alice.request(method, path, { json });
      expectClientError(res, 400);
    }
    expect((await alice.get(`/api/scripts/${script.id}`)).body.version).toBe(1);
  });

  it('operator-looking values are rejected as input, never evaluated, never a 5xx', async () => {
    const script = await createScript(alice);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/scripts', { title: OPERATOR, content: 'x' }],
      ['POST', '/api/scripts', { title: 'x', content: OPERATOR }],
      ['POST', '/api/scripts', { title: 'x', content: 'x', folderId: OPERATOR }],
      ['PUT', `/api/scripts/${script.id}`, { title: OPERATOR }],
      ['POST', `/api/scripts/${script.id}/move`, { folderId: OPERATOR }],
      ['POST', `/api/scripts/${script.id}/move`, { folderId: { $gt: '' } }],
      ['POST', '/api/folders', { name: OPERATOR }],
      ['POST', '/api/folders', { name: 'x', parentId: OPERATOR }],
      ['POST', '/api/login', { username: OPERATOR, password: PASSWORD }],
      ['POST', '/api/login', { username: alice.user!.username, password: OPERATOR }],
      ['POST', '/api/login', { username: { $regex: '.*' }, password: { $ne: '' } }],
      ['POST', '/api/register', { username: OPERATOR, password: PASSWORD }],
      ['POST', '/api/api-keys', { name: OPERATOR }],
    ];
    for (const [method, path, json] of cases) {
      const res = await alice.request(method, path, { json });
      expectClientError(res);
      expect(res.status, `${method} ${path}`).not.toBe(401);
    }
    // The "$ne" login must not have signed anybody in.
    const login = await new Client(server.url).post('/api/login', { username: OPERATOR, password: OPERATOR });
    expectClientError(login);
    expect(login.setCookies.some((c) => c.startsWith('lv_session='))).toBe(false);

    // In ids and query strings too: an operator is a bad id, or at most a literal that matches nothing.
    expectClientError(await alice.get('/api/scripts/%7B%22%24ne%22%3Anull%7D'), 400);
    for (const path of ['/api/folders?parentId[$ne]=null', '/api/folders?parentId=a&parentId=b', '/api/folders?parentId=%7B%22%24ne%22%3Anull%7D']) {
      const res = await alice.get(path);
      expect(res.status, path).toBeLessThan(500);
      if (res.status === 200) expect(Array.isArray(res.body)).toBe(true);
      else expectClientError(res);
    }
    for (const path of ['/admin-api/scripts?userId[$ne]=x', '/admin-api/scripts?userId=%7B%22%24ne%22%3Anull%7D']) {
      const res = await alice.get(path, { 'X-API-Key': server.adminKey });
      expect(res.status, path).toBeLessThan(500);
      if (res.status !== 200) expectClientError(res);
    }
    // `?folderId[$ne]=null` on upload must not pick some folder: the script lands in the root or is refused.
    const upload = await alice.upload('/api/upload/script?folderId[$ne]=null', [file('op.lua', 'print(1)')]);
    expect(upload.status).toBeLessThan(500);
    if (upload.status === 201) expect(upload.body.folderId).toBeNull();
  });

  it('oversized fields answer 4xx', async () => {
    expectClientError(await alice.post('/api/scripts', { title: 'x'.repeat(201), content: 'x' }), 400);
    expectClientError(await alice.post('/api/register', { username: 'u'.repeat(51), password: PASSWORD }), 400);
    const huge = await alice.post('/api/scripts', { title: 'big', content: 'x'.repeat(7 * 1024 * 1024) });
    expectClientError(huge);
    expect([400, 413]).toContain(huge.status);
  });
});

describe('names that show nothing, loose numbers, odd bodies (an audit)', () => {
  it('a title, folder name or key name of only invisible characters is blank', async () => {
    for (const title of ['\u200b', '\u200e\u2060', '\u0000']) {
      const res = await alice.post('/api/scripts', { title, content: 'print(1)' });
      expectClientError(res, 400);
      expect(res.body.error).toBe('Please enter a title for your script');
    }
    expectClientError(await alice.post('/api/folders', { name: '\u200b\ufeff' }), 400);
    expectClientError(await alice.post('/api/api-keys', { name: '\u2060' }), 400);
    // a visible name with a zero-width character inside is refused (tests/http/spoofing-names.int.spec.ts)
    expect((await alice.post('/api/folders', { name: 'a\u200bb' })).body.error).toBe('Folder name must not contain invisible or text-direction characters');
  });

  it('a version number is digits only: 0x1, " 1", 1e0 and abc answer 400 Invalid version', async () => {
    const script = await createScript(alice, { title: 'Numbered', content: 'print(1)' });
    const shareId = (await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true })).body.shareId as string;
    for (const version of ['0x1', '%201', '1e0', 'abc', '01']) {
      const res = await alice.get(`/api/scripts/${script.id}/versions/${version}`);
      expectClientError(res, 400);
      expect(res.body.error).toBe('Invalid version');
      const raw = await new Client(server.url).get(`/api/share/${shareId}/raw?version=${version}`);
      expectClientError(raw, 400);
      expect(raw.body.error).toBe('Invalid version');
    }
    expect((await alice.get(`/api/scripts/${script.id}/versions/1`)).status).toBe(200);
    expect((await new Client(server.url).get(`/api/share/${shareId}/raw?version=1`)).text).toBe('print(1)');
  });

  it('a sign-in with an over-long username or password says which', async () => {
    const longName = await new Client(server.url).post('/api/login', { username: 'u'.repeat(51), password: PASSWORD });
    expectClientError(longName, 400);
    expect(longName.body.error).toBe('Username must be at most 50 characters');
    const longPassword = await new Client(server.url).post('/api/login', { username: 'someone', password: 'p'.repeat(201) });
    expect(longPassword.body.error).toBe('Password must be at most 200 characters');
  });

  it('signing out succeeds whatever body comes with it, and ends the session', async () => {
    const carol = await signedInUser(server.url, 'malformed-logout');
    const cookie = carol.cookieHeader();
    const res = await carol.request('POST', '/api/logout', { body: '{"truncated', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(204);
    // the old cookie, sent again, no longer opens the session: it was revoked on the server
    expect((await fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('another method on a web app path answers 404 JSON, not an HTML page', async () => {
    for (const [method, path] of [['POST', '/'], ['PUT', '/folder/x'], ['DELETE', '/assets/app.js']]) {
      expectClientError(await new Client(server.url).request(method!, path!), 404);
    }
  });

  it('an upload whose file name or fields are not UTF-8 is refused (400), like such a file', async () => {
    const boundary = 'audit-boundary';
    const body = (disposition: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n`), disposition, Buffer.from('\r\nContent-Type: text/plain\r\n\r\nprint(1)\r\n'), Buffer.from(`--${boundary}--\r\n`)]);
    const send = (payload: Buffer) =>
      fetch(`${server.url}/api/upload/script`, { method: 'POST', headers: { Cookie: alice.cookieHeader(), 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(payload) });
    const latin1Name = Buffer.concat([Buffer.from('Content-Disposition: form-data; name="file"; filename="caf'), Buffer.from([0xe9]), Buffer.from('.lua"')]);
    const refused = await send(body(latin1Name));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('Invalid text encoding - file names, paths and names must be UTF-8');
    const fine = await send(body(Buffer.from('Content-Disposition: form-data; name="file"; filename="café.lua"')));
    expect(fine.status).toBe(201);
    expect((await fine.json()).title).toBe('café');
  });
});

describe('malformed requests', () => {
  it('text with an unpaired surrogate escape answers 400; a pair, and Lua text that merely spells one, are kept', async () => {
    for (const body of [{ title: 'Half', content: 'print("\ud800")' }, { title: 'Low \udc00', content: 'print(1)' }]) {
      const res = await alice.post('/api/scripts', body);
      expectClientError(res, 400);
      expect(res.body.error).toMatch(/unpaired surrogate/);
    }
    const content = 'print("\ud83d\ude00") -- and "\\ud800" as Lua source';
    const created = await alice.post('/api/scripts', { title: 'Emoji', content });
    expect(created.status).toBe(201);
    expect((await alice.get(`/api/scripts/${created.body.id}`)).body.content).toBe(content);
    const renamed = await alice.put(`/api/scripts/${created.body.id}`, { title: 'Emoji, renamed', content });
    expect(renamed.status, renamed.text).toBe(200);
    expectClientError(await alice.put(`/api/scripts/${created.body.id}`, { title: 'Emoji', content: '\udfff' }), 400);
  });

  it('malformed JSON answers 400 JSON', async () => {
    for (const body of ['{"title": "x",', '{title: x}', 'null', '"string"', '']) {
      const res = await alice.request('POST', '/api/scripts', { body, headers: { 'Content-Type': 'application/json' } });
      expectClientError(res, 400);
    }
    const login = await new Client(server.url).request('POST', '/api/login', { body: '{"username":', headers: { 'Content-Type': 'application/json' } });
    expectClientError(login, 400);
  });

  it('a body that is not JSON answers 400', async () => {
    const res = await alice.request('POST', '/api/scripts', { body: 'title=x&content=y', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expectClientError(res, 400);
    const text = await alice.request('POST', '/api/scripts', { body: 'hello', headers: { 'Content-Type': 'text/plain' } });
    expectClientError(text, 400);
  });

  it('bad ids answer 400, unknown ids 404', async () => {
    for (const path of ['/api/scripts/bad%20id', '/api/scripts/a.b', `/api/scripts/${'x'.repeat(65)}`, '/api/folders/%24where', '/api/scripts/abc/versions/-1', '/api/scripts/abc/versions/1.5']) {
      expectClientError(await alice.get(path), 400);
    }
    for (const path of ['/api/scripts/doesnotexist', '/api/folders/doesnotexist', '/api/scripts/doesnotexist/versions', '/api/folders/doesnotexist/path', '/api/folders/doesnotexist/scripts']) {
      expectClientError(await alice.get(path), 404);
    }
    expectClientError(await alice.delete('/api/api-keys/doesnotexist'), 404);
    expectClientError(await alice.get('/api/share/not%20valid'), 400);
    expectClientError(await alice.get(`/api/share/${'s'.repeat(37)}`), 400);
    expectClientError(await alice.get('/api/share/doesnotexist'), 404);
    expectClientError(await alice.get('/api/share/doesnotexist/raw'), 404);
    expectClientError(await alice.get('/api/share/folder/doesnotexist'), 404);
  });

  it('unknown /api routes answer 404 JSON, signed in or not', async () => {
    for (const client of [alice, new Client(server.url)]) {
      expectClientError(await client.get('/api/does-not-exist'), 404);
      expectClientError(await client.get('/api/v2/scripts'), 404);
      expectClientError(await client.request('PATCH', '/api/config'), 404);
    }
    expectClientError(await alice.post('/api/scripts/abc/nope'), 404);
    // Outside /api the web app answers (index.html once built), never an API error.
    const page = await new Client(server.url).get('/folder/some-id');
    expect([200, 503]).toContain(page.status);
    expect(page.headers.get('content-type')).toMatch(page.status === 200 ? /text\/html/ : /text\/plain/);
    expectClientError(await alice.get('/admin-api/nope', { 'X-API-Key': server.adminKey }), 404);
  });
});
