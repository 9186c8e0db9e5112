import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, field, file, signedInUser, startTestServer, type TestServer } from './client';

const MB = 1024 * 1024;
const TOO_LARGE = 'File too large - Maximum file size is 5MB';
const FIVE_MB = 5 * MB;

/** `n` bytes of Lua, all ASCII (one byte each). */
const lua = (bytes: number, fill = 'x') => `--${fill.repeat(bytes - 2)}`;

async function apiKeyClient(owner: Client): Promise<Client> {
  const res = await owner.post('/api/api-keys', { name: 'limits' });
  expect(res.status).toBe(201);
  return owner.withApiKey(res.body.key);
}

const storageOf = async (client: Client) => (await client.get('/api/user')).body.storage as { usedBytes: number; quotaBytes: number | null };

describe('per-account storage quota (ACCOUNT_STORAGE_QUOTA_MB=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ACCOUNT_STORAGE_QUOTA_MB: '1' } });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('counts every version in UTF-8 bytes and shows used and allowed storage in GET /api/user', async () => {
    const alice = await signedInUser(server.url, 'count');
    expect(await storageOf(alice)).toEqual({ usedBytes: 0, quotaBytes: MB });
    const script = (await alice.post('/api/scripts', { title: 'T', content: 'print("é")' })).body; // 11 bytes, 10 characters
    expect((await storageOf(alice)).usedBytes).toBe(11);
    expect((await alice.put(`/api/scripts/${script.id}`, { content: 'print(2)' })).status).toBe(200);
    expect((await storageOf(alice)).usedBytes).toBe(19);
    // A title-only save is a full version too, and so is a restore.
    expect((await alice.put(`/api/scripts/${script.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await alice.post(`/api/scripts/${script.id}/restore/1`)).status).toBe(200);
    expect((await storageOf(alice)).usedBytes).toBe(19 + 8 + 11);
  });

  it('refuses every write path that would pass the quota with 413 and a clear message; other accounts are unaffected', async () => {
    const bob = await signedInUser(server.url, 'full');
    const big = (await bob.post('/api/scripts', { title: 'Big', content: lua(600 * 1024) })).body;
    expect((await storageOf(bob)).usedBytes).toBe(600 * 1024);
    const expectFull = (res: { status: number; body: { error: string } }) => {
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/^Storage limit reached: 600 KB of 1 MB used/);
    };
    const half = lua(500 * 1024);
    expectFull(await bob.post('/api/scripts', { title: 'More', content: half }));
    expectFull(await bob.put(`/api/scripts/${big.id}`, { content: half }));
    expectFull(await bob.put(`/api/scripts/${big.id}`, { title: 'Only the title' })); // stores the 600 KB again
    expectFull(await bob.post(`/api/scripts/${big.id}/restore/1`));
    expectFull(await bob.upload('/api/upload/script', [file('more.lua', half)]));
    expectFull(await bob.upload('/api/upload/folder/null', [file('a.lua', lua(300 * 1024), 'files'), file('b.lua', lua(300 * 1024), 'files')]));
    expectFull(await bob.upload('/api/upload/structure', [file('a.lua', half, 'files'), field('paths', 'src/a.lua')]));
    expectFull(await bob.upload('/api/upload/repository', [field('repositoryName', 'repo'), file('a.lua', half, 'files'), field('paths', 'r/a.lua')]));
    const key = await apiKeyClient(bob);
    expectFull(await key.post('/api/v1/scripts', { title: 'More', content: half }));
    expectFull(await key.patch(`/api/v1/scripts/${big.id}`, { content: half }));
    expectFull(await key.upload('/api/v1/scripts/upload', [file('more.lua', half)]));
    expectFull(await key.upload(`/api/v1/scripts/${big.id}/upload`, [file('more.lua', half)], 'PATCH'));

    // Nothing of the refused writes was stored.
    expect((await storageOf(bob)).usedBytes).toBe(600 * 1024);
    expect((await bob.get(`/api/scripts/${big.id}`)).body.version).toBe(1);
    expect((await bob.get('/api/folders')).body).toEqual([]);

    // What still fits is accepted; another account has its own quota.
    expect((await bob.post('/api/scripts', { title: 'Small', content: lua(100 * 1024) })).status).toBe(201);
    const carol = await signedInUser(server.url, 'other');
    expect((await carol.post('/api/scripts', { title: 'Mine', content: half })).status).toBe(201);
  });

  it('a script in the trash still counts; emptying the trash gives back every one of its versions', async () => {
    const dan = await signedInUser(server.url, 'delete');
    const script = (await dan.post('/api/scripts', { title: 'A', content: lua(400 * 1024) })).body;
    expect((await dan.put(`/api/scripts/${script.id}`, { content: lua(400 * 1024, 'y') })).status).toBe(200);
    expect((await dan.post('/api/scripts', { title: 'B', content: lua(400 * 1024) })).status).toBe(413);
    const used = (await storageOf(dan)).usedBytes;
    expect((await dan.delete(`/api/scripts/${script.id}`)).status).toBe(204);
    expect((await storageOf(dan)).usedBytes).toBe(used);
    expect((await dan.post('/api/scripts', { title: 'B', content: lua(400 * 1024) })).status).toBe(413);
    expect((await dan.delete('/api/trash')).body).toEqual({ purged: 1 });
    expect((await storageOf(dan)).usedBytes).toBe(0);
    expect((await dan.post('/api/scripts', { title: 'B', content: lua(400 * 1024) })).status).toBe(201);
  });

  it('parallel writes near the quota never take the account past it: each reserves its bytes before it is appended', async () => {
    const fay = await signedInUser(server.url, 'burst');
    const KB = 1024;
    const big = (await fay.post('/api/scripts', { title: 'Big', content: lua(MB - 94 * KB) })).body;
    const scripts = [];
    for (let i = 0; i < 6; i++) scripts.push((await fay.post('/api/scripts', { title: `s${i}`, content: lua(4 * KB, String(i)) })).body);
    // 70 KB left: four 15 KB writes fit, a fifth does not (and at least 2 KB stay free, whichever fit).
    const fifteen = (fill: string) => lua(15 * KB, fill);
    const answers = await Promise.all([
      ...scripts.map((script, i) => fay.put(`/api/scripts/${script.id}`, { content: fifteen(String(i)) })),
      ...['b', 'c'].map((fill) => fay.post('/api/scripts', { title: fill, content: fifteen(fill) })),
      fay.upload('/api/upload/script', [file('up.lua', fifteen('d'))]),
      fay.upload('/api/upload/folder/null', [file('in-folder.lua', fifteen('e'), 'files')]),
      fay.post(`/api/scripts/${scripts[0]!.id}/restore/1`), // 4 KB
      fay.put(`/api/scripts/${scripts[1]!.id}`, { title: 'Renamed' }), // stores the current content again
    ]);
    expect(answers.every((a) => a.status === 413 || a.status === 200 || a.status === 201)).toBe(true);
    const refused = answers.filter((a) => a.status === 413);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.body.error).toMatch(/^Storage limit reached: /);
    expect((await storageOf(fay)).usedBytes).toBeLessThanOrEqual(MB);
    // Every reservation was given back: what is left of the quota can still be used, to the byte.
    const left = MB - (await storageOf(fay)).usedBytes;
    expect((await fay.put(`/api/scripts/${big.id}`, { content: lua(left) })).status).toBe(200);
    expect((await storageOf(fay)).usedBytes).toBe(MB);
  });

  it('the tally survives a restart (it is a read model rebuilt from the log)', async () => {
    const erin = await signedInUser(server.url, 'restart');
    await erin.post('/api/scripts', { title: 'A', content: lua(1000) });
    const before = await storageOf(erin);
    const dataDir = server.dataDir;
    await server.stop();
    server = await startTestServer({ dataDir, env: { ACCOUNT_STORAGE_QUOTA_MB: '1' } });
    const again = new Client(server.url);
    for (const [name, value] of erin.cookies) again.cookies.set(name, value);
    expect(await storageOf(again)).toEqual(before);
  });
});

describe('unlimited storage (ACCOUNT_STORAGE_QUOTA_MB=0)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ACCOUNT_STORAGE_QUOTA_MB: '0' } });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it("reports quotaBytes null and never refuses a write for the account's total", async () => {
    const alice = await signedInUser(server.url, 'unlimited');
    await alice.post('/api/scripts', { title: 'A', content: lua(MB) });
    expect((await alice.post('/api/scripts', { title: 'B', content: lua(MB) })).status).toBe(201);
    expect(await storageOf(alice)).toEqual({ usedBytes: 2 * MB, quotaBytes: null });
  });
});

describe('5 MB per version on every write path (default quota, 100 MB)', () => {
  let server: TestServer;
  let alice: Client;
  let key: Client;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await signedInUser(server.url, 'size');
    key = await apiKeyClient(alice);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('shows the default quota of 100 MB', async () => {
    expect((await storageOf(alice)).quotaBytes).toBe(100 * MB);
  });

  it('refuses JSON saves over 5 MB with 413 and the upload message; exactly 5 MB is fine', async () => {
    const exactly = lua(FIVE_MB);
    const over = lua(FIVE_MB + 1);
    const script = (await alice.post('/api/scripts', { title: 'Exactly 5 MB', content: exactly })).body;
    expect(script.id).toBeTruthy();
    for (const res of [
      await alice.post('/api/scripts', { title: 'Over', content: over }),
      await alice.put(`/api/scripts/${script.id}`, { content: over }),
      await key.post('/api/v1/scripts', { title: 'Over', content: over }),
      await key.patch(`/api/v1/scripts/${script.id}`, { content: over }),
    ]) {
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: TOO_LARGE });
    }
    expect((await alice.put(`/api/scripts/${script.id}`, { content: exactly })).status).toBe(200);
  });

  it('measures bytes as UTF-8: 2.6 million two-byte characters are over 5 MB', async () => {
    const twoByte = 'é'.repeat(2_700_000); // 2.7 M characters, 5.4 M bytes
    const res = await alice.post('/api/scripts', { title: 'Accents', content: twoByte });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(TOO_LARGE);
  });
});
