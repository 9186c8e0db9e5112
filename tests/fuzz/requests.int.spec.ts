import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../http/client';
import { expectHealthy, expectSafeAnswer, seedAccount, snapshot, startFuzzServer, type Account, type FuzzServer } from './harness';
import {
  MULTIPART_TYPE,
  ROUTES,
  badCookies,
  fillPath,
  generateCases,
  jsonRoutes,
  malformedJsonCases,
  malformedMultipartCases,
  multipartBody,
  uploadRoutes,
  type BodyCase,
  type GeneratedCase,
  type Ids,
  type Route,
} from './cases';
import { LAST_CHUNK, chunk, head, hostPort, rawExchange, type RawAnswer } from './raw-http';

/**
 * Issue 8, "nothing a client sends stops the process": every route gets malformed, truncated, aborted, chunked and
 * oversized bodies, odd headers and bad cookies. After each phase the process still answers; every answer is a 4xx
 * (or, where the HTTP layer itself must refuse, a closed connection); and the victim's data (alice: scripts with
 * versions, folders, share links, an API key) is exactly as before. Malformed-by-construction requests use alice's
 * own credentials; generated mutations (which may happen to stay valid) use mallory's, aimed at both accounts' ids.
 */

let server: FuzzServer;
let alice: Account;
let mallory: Account;
let before: Record<string, unknown>;

const idsOf = (account: Account): Ids => ({
  script: account.scriptIds[0]!,
  folder: account.folderIds[0]!,
  share: account.shareId,
  folderShare: account.folderShareId,
  key: account.apiKeyId,
  version: '2',
});

const sessionToken = (account: Account) => account.client.cookies.get('lv_session')!;

/** A client holding `account`'s credentials for `route` (session cookie, API key or admin key). */
function clientFor(route: Route, account: Account): Client {
  if (route.auth === 'session') return account.client;
  if (route.auth === 'apiKey') return account.client.withApiKey(account.apiKey);
  if (route.auth === 'admin') return new Client(server.url, { headers: { 'X-API-Key': server.adminKey } });
  return new Client(server.url);
}

async function sendBody(route: Route, account: Account, bodyCase: BodyCase) {
  const headers: Record<string, string> = { ...bodyCase.headers };
  if (bodyCase.contentType !== '') headers['Content-Type'] = bodyCase.contentType;
  const body = typeof bodyCase.body === 'string' ? bodyCase.body : new Uint8Array(bodyCase.body);
  return clientFor(route, account).request(route.method, fillPath(route.path, idsOf(account)), { body, headers });
}

/** Runs `tasks` a few at a time: enough to overlap requests, not enough to starve the other engineers' tests. */
async function inBatches<T>(tasks: Array<() => Promise<T>>, size = 6): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += size) results.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))));
  return results;
}

function rawHeaders(route: Route, account: Account, extra: Array<[string, string]> = []): Array<[string, string]> {
  const { host, port } = hostPort(server.url);
  const headers: Array<[string, string]> = [['Host', `${host}:${port}`], ['Connection', 'close']];
  if (route.auth === 'session') headers.push(['Cookie', `lv_session=${sessionToken(account)}`]);
  if (route.auth === 'apiKey') headers.push(['X-API-Key', account.apiKey]);
  if (route.auth === 'admin') headers.push(['X-API-Key', server.adminKey]);
  return [...headers, ...extra];
}

function expectRaw(label: string, answer: RawAnswer, accept: 'client-error' | 'no-server-error' = 'client-error') {
  // The server either answered or closed the connection: it never leaves a client hanging.
  expect(answer.status !== null || answer.closed, `${label}: no answer and still open after ${answer.elapsedMs} ms`).toBe(true);
  expectSafeAnswer(label, answer.status, answer.text, server, accept);
}

beforeAll(async () => {
  server = await startFuzzServer();
  alice = await seedAccount(server.url, 'alice');
  mallory = await seedAccount(server.url, 'mallory');
  before = await snapshot(server.url, alice);
});

afterAll(async () => {
  await server?.dispose();
});

describe('fuzz: malformed requests on every route', () => {
  it('malformed JSON bodies on every JSON route answer a 4xx JSON error', async () => {
    const tasks = jsonRoutes.flatMap((route) =>
      malformedJsonCases(route.template!).map((bodyCase) => async () => {
        const res = await sendBody(route, alice, bodyCase);
        const label = `${route.method} ${route.path} ${bodyCase.name}`;
        // Sign-out reads no field: any well-formed body (or none) signs out.
        if (route.path === '/api/logout' && res.status === 204) return res.status;
        expectSafeAnswer(label, res.status, res.text, server);
        expect(res.headers.get('content-type'), label).toMatch(/application\/json/);
        expect(typeof res.body.error, label).toBe('string');
        return res.status;
      }),
    );
    const statuses = await inBatches(tasks);
    expect(statuses.length).toBeGreaterThan(100);
    // The specific answers for the body checks done before any route runs.
    const register = ROUTES.find((route) => route.path === '/api/register')!;
    const latin1 = await sendBody(register, alice, { name: 'latin1', body: '{}', contentType: 'application/json; charset=latin1' });
    expect(latin1.status).toBe(415);
    const broken = await sendBody(register, alice, { name: 'broken', body: '{"username":', contentType: 'application/json' });
    expect(broken.body.error).toBe('Malformed JSON body');
    await expectHealthy(server.url);
  });

  it('oversized JSON bodies answer 413 at once: 8 KB on session routes (before any work), 10 MB elsewhere after authentication', async () => {
    const anonymous = new Client(server.url);
    const oversized = JSON.stringify({ username: 'u'.repeat(9000), password: 'x' });
    for (const path of ['/api/register', '/api/login']) {
      const res = await anonymous.request('POST', path, { body: oversized, headers: { 'Content-Type': 'application/json' } });
      expect(res.status, path).toBe(413);
      expectSafeAnswer(path, res.status, res.text, server);
    }
    // Sign-out reads no body: it succeeds whatever comes with it.
    expect((await anonymous.request('POST', '/api/logout', { body: oversized, headers: { 'Content-Type': 'application/json' } })).status).toBe(204);
    // A declared length far over the limit is refused before the body arrives.
    const register = ROUTES.find((route) => route.path === '/api/register')!;
    const declared = await rawExchange(server.url, [head('POST', '/api/register', rawHeaders(register, alice, [['Content-Type', 'application/json'], ['Content-Length', String(5 * 1024 ** 3)]]))], { waitMs: 3000 });
    expect(declared.status).toBe(413);
    expect(declared.elapsedMs).toBeLessThan(2000);

    const huge = JSON.stringify({ title: 'big', content: 'x'.repeat(10.7 * 1024 * 1024) });
    for (const [method, path, client] of [
      ['POST', '/api/scripts', alice.client],
      ['PUT', `/api/scripts/${alice.scriptIds[0]}`, alice.client],
      ['PATCH', `/api/v1/scripts/${alice.scriptIds[0]}`, alice.client.withApiKey(alice.apiKey)],
    ] as const) {
      const res = await client.request(method, path, { body: huge, headers: { 'Content-Type': 'application/json' } });
      expect(res.status, path).toBe(413);
      expectSafeAnswer(path, res.status, res.text, server);
    }
    // Shapes that are slow to parse (10 MB of nesting took V8 4.6 s) are refused before JSON.parse, quickly.
    for (const [name, body] of [
      ['nested', `{"title":"x","content":${'['.repeat(10 * 1024 * 1024)}`],
      ['many values', `{"title":"x","content":[${'0,'.repeat(5 * 1024 * 1024)}0]}`],
    ] as const) {
      const started = Date.now();
      const res = await alice.client.request('POST', '/api/scripts', { body, headers: { 'Content-Type': 'application/json' } });
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toMatch(/nested too deeply|too many values/);
      expect(Date.now() - started, name).toBeLessThan(1500);
    }
    // Without a session the body is never read: 401.
    const anonymousHuge = await anonymous.request('POST', '/api/scripts', { body: huge, headers: { 'Content-Type': 'application/json' } });
    expect(anonymousHuge.status).toBe(401);
    // Under the body limit but over the 5 MB per version: refused by validation, not by the parser.
    const overVersion = await alice.client.post('/api/scripts', { title: 'big', content: 'x'.repeat(5 * 1024 * 1024 + 1) });
    expect(overVersion.status).toBeGreaterThanOrEqual(400);
    expect(overVersion.status).toBeLessThan(500);
    await expectHealthy(server.url);
  });

  it('malformed multipart bodies on every upload route answer a 4xx, chunked or not', async () => {
    const tasks = uploadRoutes.flatMap((route) =>
      malformedMultipartCases(route.fileField!).map((bodyCase) => async () => {
        const res = await sendBody(route, alice, bodyCase);
        expectSafeAnswer(`${route.method} ${route.path} ${bodyCase.name}`, res.status, res.text, server);
        return res;
      }),
    );
    const answers = await inBatches(tasks);
    expect(answers.length).toBe(uploadRoutes.length * malformedMultipartCases('file').length);
    const script = uploadRoutes[0]!;
    const truncated = await sendBody(script, alice, malformedMultipartCases('file')[0]!);
    expect(truncated.status).toBe(400);
    expect(truncated.body.error).toMatch(/Malformed multipart body/);
    const notUtf8 = await sendBody(script, alice, malformedMultipartCases('file').find((c) => c.name === 'non-UTF-8 file')!);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.error).toMatch(/UTF-8/);
    // A UTF-8 byte-order mark is dropped (Lua's loadstring refuses it); the rest of the file is kept as sent.
    const bom = await sendBody(script, mallory, { name: 'bom', body: multipartBody('file', 'bom.lua', Buffer.from('\ufeffprint("é")')), contentType: MULTIPART_TYPE });
    expect(bom.status).toBe(201);
    expect(bom.body.content).toBe('print("é")');
    const tooBig = await sendBody(script, alice, { name: 'too big', body: multipartBody('file', 'big.lua', 'x'.repeat(5 * 1024 * 1024 + 1)), contentType: MULTIPART_TYPE });
    expect(tooBig.status).toBe(413);

    // The same truncated bodies, chunked, on a bare socket (the issue's exact bytes among them).
    const issueBody = '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.lua"\r\n\r\nx';
    const raw = uploadRoutes.map((route) => async () => {
      const headers = rawHeaders(route, alice, [['Content-Type', 'multipart/form-data; boundary=XX'], ['Transfer-Encoding', 'chunked']]);
      const answer = await rawExchange(server.url, [head(route.method, fillPath(route.path, idsOf(alice)), headers), chunk(issueBody), LAST_CHUNK]);
      expectRaw(`chunked ${route.path}`, answer);
      expect(answer.status, route.path).toBe(400);
    });
    await inBatches(raw);
    await expectHealthy(server.url);
  });

  it('uploads cut off mid-body (dropped, half-closed, broken chunking) never stop the server or leave a request hanging', async () => {
    const tasks = uploadRoutes.flatMap((route) => {
      const path = fillPath(route.path, idsOf(alice));
      const body = multipartBody(route.fileField!, 'dropped.lua', 'x'.repeat(256 * 1024));
      const sized = (extra: Array<[string, string]> = []) => head(route.method, path, rawHeaders(route, alice, [['Content-Type', MULTIPART_TYPE], ['Content-Length', String(body.length)], ...extra]));
      const chunked = head(route.method, path, rawHeaders(route, alice, [['Content-Type', MULTIPART_TYPE], ['Transfer-Encoding', 'chunked']]));
      const half = body.subarray(0, body.length / 2);
      return [
        // a connection dropped in the middle of an upload: nobody left to answer, the server must just carry on
        async () => expectRaw(`${path} dropped`, await rawExchange(server.url, [sized(), half], { after: 'destroy' })),
        async () => expectRaw(`${path} chunked dropped`, await rawExchange(server.url, [chunked, chunk(half)], { after: 'destroy' })),
        // the client says it has sent everything, but the body is short
        async () => expectRaw(`${path} half-closed`, await rawExchange(server.url, [sized(), half], { after: 'end' })),
        async () => expectRaw(`${path} chunked half-closed`, await rawExchange(server.url, [chunked, chunk(half)], { after: 'end' })),
        // broken chunk framing: the HTTP layer refuses
        async () => expectRaw(`${path} bad chunk size`, await rawExchange(server.url, [chunked, chunk(half.subarray(0, 1000)), 'zz\r\nxx\r\n', LAST_CHUNK])),
        async () => expectRaw(`${path} chunk longer than announced`, await rawExchange(server.url, [chunked, '10\r\n', 'x'.repeat(100), '\r\n', LAST_CHUNK])),
      ];
    });
    await inBatches(tasks);
    await expectHealthy(server.url);
    // Nothing was created from the broken uploads (checked in full at the end).
    const scripts = await alice.client.get('/api/root-scripts');
    expect(scripts.status).toBe(200);
  });

  it('odd headers: huge, contradictory, duplicate, a bad Content-Length, a bad request line', async () => {
    const scripts = ROUTES.find((route) => route.method === 'POST' && route.path === '/api/scripts')!;
    const user = ROUTES.find((route) => route.path === '/api/user')!;
    const json = '{"title":"odd","content":"print(1)"}';
    const post = (extra: Array<[string, string]>, body = json) => [head('POST', '/api/scripts', rawHeaders(scripts, alice, extra)), body];
    const { host, port } = hostPort(server.url);
    const cases: Array<[string, Array<string | Buffer>, ('client-error' | 'no-server-error')?]> = [
      ['huge header', [head('GET', '/api/user', rawHeaders(user, alice, [['X-Big', 'a'.repeat(20_000)]]))]],
      ['huge URL', [head('GET', `/api/scripts/${'a'.repeat(20_000)}`, rawHeaders(user, alice))]],
      ['many headers', [head('GET', '/api/user', rawHeaders(user, alice, Array.from({ length: 3000 }, (_, i) => [`X-H${i}`, 'v'] as [string, string])))]],
      ['Content-Length not a number', post([['Content-Type', 'application/json'], ['Content-Length', 'abc']])],
      ['negative Content-Length', post([['Content-Type', 'application/json'], ['Content-Length', '-1']])],
      ['two different Content-Lengths', post([['Content-Type', 'application/json'], ['Content-Length', String(json.length)], ['Content-Length', '3']])],
      ['Content-Length and chunked', post([['Content-Type', 'application/json'], ['Content-Length', String(json.length)], ['Transfer-Encoding', 'chunked']])],
      ['Transfer-Encoding without chunked', post([['Content-Type', 'application/json'], ['Transfer-Encoding', 'gzip']])],
      ['Content-Length shorter than the body', post([['Content-Type', 'application/json'], ['Content-Length', '5']])],
      ['two Content-Types', post([['Content-Type', 'text/plain'], ['Content-Type', 'application/json'], ['Content-Length', String(json.length)]]), 'no-server-error'],
      ['two Cookie headers, the first bad', [head('GET', '/api/user', [['Host', `${host}:${port}`], ['Connection', 'close'], ['Cookie', 'lv_session=%zz'], ['Cookie', `lv_session=${sessionToken(alice)}`]])]],
      ['Expect: something', post([['Content-Type', 'application/json'], ['Content-Length', String(json.length)], ['Expect', 'the-unexpected']])],
      ['header value with a control character', [head('GET', '/api/user', rawHeaders(user, alice, [['X-Bad', 'a\u0001b']]))]],
      ['folded header line', [`GET /api/user HTTP/1.1\r\nHost: ${host}\r\nX-Folded: a\r\n b\r\nConnection: close\r\n\r\n`]],
      ['no Host header', ['GET /api/user HTTP/1.1\r\nConnection: close\r\n\r\n']],
      ['garbage request line', ['GARBAGE\r\n\r\n']],
      ['lower-case method', [`get /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]],
      ['unknown method', [`BREW /api/scripts HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]],
      ['HTTP/2 preface on HTTP/1', ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n']],
      ['binary noise', [Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256))]],
      ['absolute URL', [head('GET', `http://elsewhere.example/api/user`, rawHeaders(user, alice))], 'no-server-error'],
      ['pipelined: a malformed body then a health check', [Buffer.concat([Buffer.from(head('POST', '/api/scripts', rawHeaders(scripts, alice, [['Content-Type', 'application/json'], ['Content-Length', '7']]).filter(([name]) => name !== 'Connection'))), Buffer.from('{"a":}x'), Buffer.from(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)])]],
    ];
    await inBatches(cases.map(([label, chunks, accept]) => async () => expectRaw(label, await rawExchange(server.url, chunks), accept)));
    // Odd but legal headers through a normal client, on every route.
    const odd = { 'Content-Type': ';;;', Accept: '*/*;q=oops', 'If-None-Match': '*, "x"', 'X-Forwarded-For': 'garbage, ::1', Origin: 'null', Range: 'bytes=5-1' };
    await inBatches(
      ROUTES.map((route) => async () => {
        const res = await clientFor(route, mallory).request(route.method, fillPath(route.path, idsOf(mallory)), { headers: odd, body: route.method === 'GET' ? undefined : 'x' });
        expectSafeAnswer(`${route.method} ${route.path} odd headers`, res.status, res.text, server, 'no-server-error');
      }),
    );
    await expectHealthy(server.url);
  });

  it('bad session cookies answer 401 and clear the cookie; sign-out works with any of them', async () => {
    const expired = /^lv_session=;.*Expires=Thu, 01 Jan 1970/i;
    const tasks = badCookies(sessionToken(alice)).flatMap((cookie) =>
      [
        ['GET', '/api/user', undefined, undefined],
        ['POST', '/api/scripts', '{"title":"x","content":"y"}', 'application/json'],
        ['POST', '/api/upload/script', multipartBody('file'), MULTIPART_TYPE],
        ['GET', `/api/scripts/${alice.scriptIds[0]}`, undefined, undefined],
      ].map(([method, path, body, type]) => async () => {
        const headers: Record<string, string> = { Cookie: cookie as string };
        if (type) headers['Content-Type'] = type as string;
        const res = await new Client(server.url).request(method as string, path as string, { body: body === undefined ? undefined : typeof body === 'string' ? body : new Uint8Array(body as Buffer), headers });
        const label = `${method} ${path} with Cookie: ${cookie.slice(0, 60)}`;
        expect(res.status, label).toBe(401);
        expectSafeAnswer(label, res.status, res.text, server);
        expect(res.setCookies.some((line) => expired.test(line)), `${label} clears the cookie`).toBe(true);
      }),
    );
    await inBatches(tasks);
    for (const cookie of badCookies(sessionToken(alice))) {
      const res = await new Client(server.url).request('POST', '/api/logout', { headers: { Cookie: cookie } });
      expect(res.status, cookie.slice(0, 60)).toBe(204);
      expect(res.setCookies.some((line) => expired.test(line))).toBe(true);
    }
    await expectHealthy(server.url);
  });

  it('odd paths and static files never answer a file path or a stack trace', async () => {
    const { host, port } = hostPort(server.url);
    const get = (path: string, extra: Array<[string, string]> = []) => rawExchange(server.url, [head('GET', path, [['Host', `${host}:${port}`], ['Connection', 'close'], ['Cookie', `lv_session=${sessionToken(alice)}`], ...extra])]);
    const missing = await new Client(server.url).get('/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not found' });
    const paths = [
      '/assets/nope.js',
      '/assets/%zz',
      '/assets/..%2f..%2fpackage.json',
      '/assets/../../../../etc/passwd',
      '/assets/%00.js',
      `/assets/${'a'.repeat(5000)}.js`,
      '/assets/',
      '/api/scripts/%zz',
      '/api/%',
      '/api/share/%zz/raw',
      '/api/share/%zz',
      '/api/scripts/..%2f..%2fapi-keys',
      '/admin-api/%zz',
      `/api/scripts/${'b'.repeat(5000)}`,
      '/api/folders/%E0%A4%A',
    ];
    await inBatches(paths.map((path) => async () => expectRaw(path, await get(path))));
    const keyed = await rawExchange(server.url, [head('GET', '/api/v1/scripts/%zz/raw', [['Host', `${host}:${port}`], ['Connection', 'close'], ['X-API-Key', alice.apiKey]])]);
    expectRaw('v1 %zz', keyed);
    // Outside /api and /assets every path is the web app's (index.html); legal files stay served.
    for (const path of ['/assets/app.js', '/index.html', '/%00', '//api//scripts', '/folder/%zz', `/${'c'.repeat(5000)}`]) expectRaw(path, await get(path), 'no-server-error');
    await expectHealthy(server.url);
  });

  it('300 generated mutations across every route (seeded) never get a 5xx', async () => {
    const cookies = badCookies(sessionToken(mallory));
    const cases = generateCases(0x5eed, 300, [idsOf(mallory), idsOf(alice)]);
    const send = async (item: GeneratedCase, index: number) => {
      const { host, port } = hostPort(server.url);
      const headers: Array<[string, string]> = [['Host', `${host}:${port}`], ['Connection', 'close']];
      if (item.auth === 'badCookie') headers.push(['Cookie', cookies[index % cookies.length]!]);
      else if (item.auth !== 'none') headers.push(...rawHeaders({ ...item.route, auth: item.auth }, mallory).slice(2));
      for (const [name, value] of Object.entries(item.headers)) headers.push([name, value]);
      if (item.body) headers.push(['Content-Length', String(item.body.length)]);
      const chunks: Array<string | Buffer> = [head(item.route.method, item.path, headers)];
      if (item.body) chunks.push(item.body);
      const answer = await rawExchange(server.url, chunks);
      expectRaw(`#${index} ${item.description}`, answer, 'no-server-error');
      return answer.status;
    };
    const statuses = await inBatches(cases.map((item, index) => () => send(item, index)));
    // Most mutations are refused; a few stay valid (and act on mallory's own data).
    expect(statuses.filter((status) => status !== null && status >= 400).length).toBeGreaterThan(150);
    await expectHealthy(server.url);
  });

  it("alice's data is exactly as before the fuzz, and she can still sign in", async () => {
    await expectHealthy(server.url);
    expect(await snapshot(server.url, alice)).toEqual(before);
    const again = new Client(server.url);
    expect((await again.login(alice.client.user!.username)).status).toBe(200);
  });
});
