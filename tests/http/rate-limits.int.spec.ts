import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, PASSWORD, startTestServer, uniqueName, type HttpResult, type TestServer } from './client';

/**
 * Every rate limit with tiny budgets. Windows are a day long so no test straddles a window's end. With
 * TRUST_PROXY=loopback each test speaks from its own X-Forwarded-For address, so per-address budgets stay separate.
 */
const TINY: Record<string, string> = {
  RATE_LIMIT: 'on',
  RATE_LIMIT_REGISTER: '2/1d',
  RATE_LIMIT_LOGIN: '5/1d',
  RATE_LIMIT_LOGIN_USER: '2/1d',
  RATE_LIMIT_WRITE: '3/1d',
  RATE_LIMIT_WRITE_ADDRESS: '5/1d',
  RATE_LIMIT_API_KEY_CREATE: '2/1d',
  RATE_LIMIT_API: '4/1d',
  RATE_LIMIT_SEARCH: '2/1d',
  RATE_LIMIT_RAW: '3/1d',
  // Counting, not timing: a create that took over 100 ms on a loaded host must not cost a second hit of these tiny budgets
  // (charging by time has its own spec, services/gateway/rate-limit/charged-by-time.int.spec.ts).
  RATE_LIMIT_CHARGE_MS: 'off',
};

let proxied: TestServer; // TRUST_PROXY=loopback
let direct: TestServer; // TRUST_PROXY unset: X-Forwarded-For is ignored
let off: TestServer; // RATE_LIMIT=off
let registerOff: TestServer; // RATE_LIMIT_REGISTER=off, the rest tiny

beforeAll(async () => {
  [proxied, direct, off, registerOff] = await Promise.all([
    startTestServer({ env: { ...TINY, TRUST_PROXY: 'loopback' } }),
    startTestServer({ env: TINY }),
    startTestServer({ env: { ...TINY, RATE_LIMIT: 'off' } }),
    startTestServer({ env: { ...TINY, RATE_LIMIT_REGISTER: 'off' } }),
  ]);
});

afterAll(async () => {
  await Promise.all([proxied?.dispose(), direct?.dispose(), off?.dispose(), registerOff?.dispose()]);
});

let nextAddress = 1;
/** A client that the proxied server sees at its own address (documentation range 203.0.113.0/24). */
const from = (server: TestServer, address = `203.0.113.${nextAddress++}`, apiKey?: string) =>
  new Client(server.url, { apiKey, headers: { 'X-Forwarded-For': address } });

/** The same signed-in account (its cookies) seen at another address. */
function elsewhere(client: Client, address: string): Client {
  const moved = from(proxied, address);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  moved.user = client.user;
  return moved;
}

async function registered(client: Client): Promise<Client> {
  const res = await client.register(uniqueName('rl'));
  expect(res.status).toBe(201);
  return client;
}

/** The answer a client relies on once a limit is used up: 429 JSON, Retry-After and both IETF headers for `policy`. */
function expectLimited(res: HttpResult, policy: string, quota: number) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatch(/Too many requests/);
  expect(res.body.limit).toBe(policy);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(86_400);
  expect(res.headers.get('ratelimit-policy')).toContain(`"${policy}";q=${quota};w=86400`);
  expect(res.headers.get('ratelimit')).toContain(`"${policy}";r=0;t=${retryAfter}`);
}

describe('registration, per address', () => {
  it('answers 429 after the budget; another address still registers', async () => {
    const address = '203.0.113.200';
    for (let i = 0; i < 2; i++) expect((await from(proxied, address).register(uniqueName('reg'))).status).toBe(201);
    const refused = await from(proxied, address).register(uniqueName('reg'));
    expectLimited(refused, 'register', 2);
    expect(refused.setCookies).toEqual([]);
    expect((await from(proxied).register(uniqueName('reg'))).status).toBe(201);
  });
});

describe('sign-in', () => {
  it('per address: every attempt counts, whatever the username; another address is unaffected', async () => {
    const user = await registered(from(proxied));
    const attacker = from(proxied);
    for (let i = 0; i < 5; i++) expect((await attacker.post('/api/login', { username: uniqueName('nobody'), password: 'x' })).status).toBe(401);
    expectLimited(await attacker.login(user.user!.username), 'login', 5);
    expect((await from(proxied).login(user.user!.username)).status).toBe(200);
  });

  it('per address and username: wrong passwords lock that pair only, even against the right password', async () => {
    const victim = (await registered(from(proxied))).user!.username;
    const bystander = (await registered(from(proxied))).user!.username;
    const attacker = from(proxied);
    for (let i = 0; i < 2; i++) expect((await attacker.post('/api/login', { username: victim, password: `wrong-${i}` })).status).toBe(401);
    expectLimited(await attacker.login(victim.toUpperCase()), 'login-user', 2);
    expect((await attacker.login(bystander)).status).toBe(200);
    // nobody can lock a user out from elsewhere
    expect((await from(proxied).login(victim)).status).toBe(200);
  });

  it('a successful sign-in clears the failures before it', async () => {
    const username = (await registered(from(proxied))).user!.username;
    const person = from(proxied);
    for (let round = 0; round < 2; round++) {
      expect((await person.post('/api/login', { username, password: 'typo' })).status).toBe(401);
      expect((await person.login(username)).status).toBe(200);
    }
  });
});

describe('forged cross-origin requests', () => {
  /** What a page on another site makes the visitor's browser send: refused with 403 before any limit counts it. */
  const forged = (client: Client, method: string, path: string, json?: unknown) =>
    client.request(method, path, { json, headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' } });

  it('spend nothing of the visitor\'s sign-in, registration, write or key budgets', async () => {
    const address = '203.0.113.210';
    const visitor = await registered(from(proxied, address)); // 1 of 2 registrations
    const username = visitor.user!.username;
    for (let i = 0; i < 8; i++) {
      expect((await forged(visitor, 'POST', '/api/login', { username, password: 'wrong' })).status).toBe(403);
      expect((await forged(visitor, 'POST', '/api/register', { username: uniqueName('forged'), password: PASSWORD })).status).toBe(403);
      expect((await forged(visitor, 'POST', '/api/scripts', { title: 'forged', content: 'print(1)' })).status).toBe(403);
      expect((await forged(visitor, 'POST', '/api/api-keys', { name: 'forged' })).status).toBe(403);
    }
    expect((await from(proxied, address).login(username)).status).toBe(200);
    expect((await from(proxied, address).register(uniqueName('real'))).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await visitor.post('/api/scripts', { title: `real ${i}`, content: 'print(1)' })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await visitor.post('/api/api-keys', { name: `real ${i}` })).status).toBe(201);
  });
});

describe('writes (create, save, upload, share)', () => {
  it('per account: the account is stopped, reads still work, and the same account elsewhere shares its budget', async () => {
    const writer = await registered(from(proxied));
    await createScript(writer);
    const script = await createScript(writer);
    expect((await writer.put(`/api/scripts/${script.id}`, { content: 'print(2)' })).status).toBe(200);
    const refused = await writer.post(`/api/scripts/${script.id}/share`);
    expectLimited(refused, 'write', 3);
    // both policies that apply are announced
    expect(refused.headers.get('ratelimit-policy')).toContain('"write-address";q=5;w=86400');
    expect((await writer.get(`/api/scripts/${script.id}`)).status).toBe(200);
    expectLimited(await elsewhere(writer, '198.51.100.1').upload('/api/upload/script', [{ field: 'file', fileName: 'a.lua', content: 'print(1)' }]), 'write', 3);
  });

  it('per address: accounts behind one address share its budget; elsewhere they go on', async () => {
    const address = '203.0.113.201';
    const [a, b, c] = await Promise.all([1, 2, 3].map(async () => elsewhere(await registered(from(proxied)), address)));
    for (const [client, creates] of [[a!, 2], [b!, 2], [c!, 1]] as const) for (let i = 0; i < creates; i++) await createScript(client);
    expectLimited(await c!.post('/api/scripts', { title: 'one too many', content: 'print(1)' }), 'write-address', 5);
    expect((await elsewhere(c!, '198.51.100.2').post('/api/scripts', { title: 'fine', content: 'print(1)' })).status).toBe(201);
  });

  it('writes with an API key count against the key owner’s account', async () => {
    const owner = await registered(from(proxied));
    const key = (await owner.post('/api/api-keys', { name: 'ci' })).body.key as string;
    for (let i = 0; i < 3; i++) await createScript(owner);
    const automation = from(proxied, undefined, key);
    expectLimited(await automation.post('/api/v1/scripts', { title: 'from ci', content: 'print(1)' }), 'write', 3);
  });
});

describe('API keys', () => {
  it('creation, per account', async () => {
    const user = await registered(from(proxied));
    for (let i = 0; i < 2; i++) expect((await user.post('/api/api-keys', { name: `k${i}` })).status).toBe(201);
    expectLimited(await user.post('/api/api-keys', { name: 'k2' }), 'api-key-create', 2);
    expect((await user.get('/api/api-keys')).status).toBe(200);
    const other = await registered(from(proxied));
    expect((await other.post('/api/api-keys', { name: 'k0' })).status).toBe(201);
  });

  it('requests to /api/v1, per key', async () => {
    const user = await registered(from(proxied));
    const first = (await user.post('/api/api-keys', { name: 'first' })).body.key as string;
    const second = (await user.post('/api/api-keys', { name: 'second' })).body.key as string;
    const automation = from(proxied, undefined, first);
    for (let i = 0; i < 4; i++) expect((await automation.get('/api/v1/scripts')).status).toBe(200);
    expectLimited(await automation.get('/api/v1/scripts'), 'api', 4);
    expect((await from(proxied, undefined, second).get('/api/v1/scripts')).status).toBe(200);
  });
});

describe('full-text search, per account', () => {
  it('stops one account’s content searches after the budget; title searches and other accounts go on', async () => {
    const user = await registered(from(proxied));
    const search = (client: Client) => client.get('/api/search?q=print&type=content');
    for (let i = 0; i < 2; i++) expect((await search(user)).status).toBe(200);
    expectLimited(await search(user), 'search', 2);
    expect((await user.get('/api/search?q=print&type=scripts')).status).toBe(200);
    expect((await search(await registered(from(proxied)))).status).toBe(200);
  });

  it('counts searches through the public API against the same budget of the key owner', async () => {
    const user = await registered(from(proxied));
    const key = (await user.post('/api/api-keys', { name: 'search' })).body.key as string;
    const api = from(proxied, undefined, key);
    expect((await user.get('/api/search?q=print&type=content')).status).toBe(200);
    expect((await api.get('/api/v1/search?q=print')).status).toBe(200);
    expectLimited(await api.get('/api/v1/search?q=print'), 'search', 2);
    expectLimited(await user.get('/api/search?q=print&type=content'), 'search', 2);
  });
});

describe('time travel, per account', () => {
  it('counts reads of the past against the search budget; another account goes on', async () => {
    const user = await registered(from(proxied));
    const at = encodeURIComponent(new Date().toISOString());
    expect((await user.get(`/api/search?q=print&type=content`)).status).toBe(200);
    expect((await user.get(`/api/as-of/workspace?at=${at}`)).status).toBe(200);
    expectLimited(await user.get(`/api/as-of/workspace?at=${at}`), 'search', 2);
    expect((await (await registered(from(proxied))).get(`/api/as-of/workspace?at=${at}`)).status).toBe(200);
  });
});

async function sharedLink(content: string): Promise<string> {
  const owner = await registered(from(proxied));
  const script = await createScript(owner, { content });
  return (await owner.post(`/api/scripts/${script.id}/share`)).body.shareId as string;
}

describe('raw fetches, per share link and address', () => {
  it('the fast path, pinned versions and the share page share one count; other addresses and links are unaffected', async () => {
    const [link, otherLink] = await Promise.all([sharedLink('return 1'), sharedLink('return 2')]);
    const gameServer = from(proxied, '203.0.113.202');
    expect((await gameServer.get(`/api/share/${link}/raw`)).text).toBe('return 1');
    expect((await gameServer.get(`/api/share/${link}/raw?version=1`)).status).toBe(200);
    expect((await gameServer.get(`/api/share/${link}/raw`)).status).toBe(200);
    const refused = await gameServer.get(`/api/share/${link}/raw`);
    expectLimited(refused, 'raw', 3);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expectLimited(await gameServer.get(`/api/share/${link}/raw?version=1`), 'raw', 3);
    expectLimited(await gameServer.get(`/api/share/${link}`), 'raw', 3);
    expect((await gameServer.get(`/api/share/${otherLink}/raw`)).text).toBe('return 2');
    expect((await from(proxied).get(`/api/share/${link}/raw`)).text).toBe('return 1');
  });
});

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For from a loopback peer is ignored, so rotating it dodges nothing', async () => {
    for (let i = 0; i < 2; i++) expect((await from(direct, `192.0.2.${i}`).register(uniqueName('direct'))).status).toBe(201);
    expectLimited(await from(direct, '192.0.2.99').register(uniqueName('direct')), 'register', 2);
    expectLimited(await new Client(direct.url).register(uniqueName('direct')), 'register', 2);
  });

  it('unset: the sign-in lock holds against a rotating X-Forwarded-For', async () => {
    // this server's only address spent its registrations above; attempts on an unknown username count the same way
    const victim = 'lockedvictim';
    for (let i = 0; i < 2; i++) expect((await from(direct, `192.0.2.${10 + i}`).post('/api/login', { username: victim, password: 'guess' })).status).toBe(401);
    expectLimited(await from(direct, '192.0.2.20').post('/api/login', { username: victim, password: PASSWORD }), 'login-user', 2);
  });

  it('loopback: the forwarded address is the one counted (see the per-address tests above), and without the header the peer is', async () => {
    const local = new Client(proxied.url);
    for (let i = 0; i < 2; i++) expect((await local.register(uniqueName('peer'))).status).toBe(201);
    expectLimited(await new Client(proxied.url).register(uniqueName('peer')), 'register', 2);
    expect((await from(proxied).register(uniqueName('peer'))).status).toBe(201);
  });
});

describe('RATE_LIMIT=off', () => {
  it('turns every limit off, headers included', async () => {
    for (let i = 0; i < 4; i++) expect((await new Client(off.url).register(uniqueName('free'))).status).toBe(201);
    const user = await registered(new Client(off.url));
    for (let i = 0; i < 4; i++) expect((await user.post('/api/login', { username: user.user!.username, password: 'wrong' })).status).toBe(401);
    expect((await user.login(user.user!.username)).status).toBe(200);
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) keys.push((await user.post('/api/api-keys', { name: `k${i}` })).body.key);
    const script = await createScript(user);
    for (let i = 0; i < 4; i++) expect((await user.put(`/api/scripts/${script.id}`, { content: `print(${i})` })).status).toBe(200);
    const { shareId } = (await user.post(`/api/scripts/${script.id}/share`)).body;
    for (let i = 0; i < 5; i++) {
      const res = await new Client(off.url).get(`/api/share/${shareId}/raw`);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
    }
    for (let i = 0; i < 5; i++) expect((await new Client(off.url).withApiKey(keys[0]!).get('/api/v1/scripts')).status).toBe(200);
  });
});

describe('one limit set to off', () => {
  it('lifts that limit only', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await new Client(registerOff.url).register(uniqueName('many'));
      expect(res.status).toBe(201);
      expect(res.headers.get('ratelimit-policy')).toBeNull();
    }
    const attacker = new Client(registerOff.url);
    for (let i = 0; i < 2; i++) await attacker.post('/api/login', { username: 'someone', password: 'guess' });
    expectLimited(await attacker.post('/api/login', { username: 'someone', password: 'guess' }), 'login-user', 2);
  });
});
