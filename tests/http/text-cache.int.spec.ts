/**
 * TEXT_CACHE_MB bounds the texts a server keeps ready to send (raw answers of share links, versions). With no budget at
 * all nothing is kept, and every answer is still served, current after each save. `/metrics` shows what each cache
 * holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { TEXT_CACHE_MB: '0' } });
  alice = await signedInUser(server.url, 'alice');
  anonymous = new Client(server.url);
});
afterAll(() => server.dispose());

/** luavault_cache_bytes by cache, from /metrics */
async function cacheBytes(client: Client): Promise<Record<string, number>> {
  const text = (await client.get('/metrics')).text;
  return Object.fromEntries([...text.matchAll(/^luavault_cache_bytes\{cache="(\w+)"\} (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

/** A shared script read raw and as its version 1: what the text caches would keep. */
async function readShared(owner: Client, visitor: Client, content: string) {
  const script = await createScript(owner, { title: 'Kept', content });
  const { shareId } = (await owner.post(`/api/scripts/${script.id}/share`)).body;
  expect((await visitor.get(`/api/share/${shareId}/raw`)).text).toBe(content);
  expect((await owner.get(`/api/scripts/${script.id}/versions/1`)).body.content).toBe(content);
}

describe('TEXT_CACHE_MB=0', () => {
  it('serves raw answers, share pages and versions, each current after a save', async () => {
    const script = await createScript(alice, { title: 'Uncached', content: 'print("é one")' });
    const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`, { fullHistory: true })).body;
    const read = async () => ({
      raw: (await anonymous.get(`/api/share/${shareId}/raw`)).text,
      page: (await anonymous.get(`/api/share/${shareId}`)).body.content,
      version: (await alice.get(`/api/scripts/${script.id}/versions/1`)).body.content,
    });
    expect(await read()).toEqual({ raw: 'print("é one")', page: 'print("é one")', version: 'print("é one")' });
    expect(await read()).toEqual({ raw: 'print("é one")', page: 'print("é one")', version: 'print("é one")' });

    expect((await alice.put(`/api/scripts/${script.id}`, { title: 'Uncached', content: 'print("two")' })).status).toBe(200);
    expect(await read()).toEqual({ raw: 'print("two")', page: 'print("two")', version: 'print("é one")' });
    expect((await anonymous.get(`/api/share/${shareId}/raw?version=1`)).text).toBe('print("é one")');
    expect((await alice.get(`/api/scripts/${script.id}/versions/2`)).body.content).toBe('print("two")');
  });

  it('keeps nothing: /metrics shows no bytes held for raw answers or versions', async () => {
    await readShared(alice, anonymous, 'print("not kept")');
    const held = await cacheBytes(anonymous);
    expect(held).toMatchObject({ raw_answers: 0, version_texts: 0 });
    expect(held.read_documents).toBeGreaterThan(0); // READ_CACHE_MB is its own budget
  });
});

describe('TEXT_CACHE_MB by default', () => {
  it('keeps what was read, within its budget, and /metrics shows it', async () => {
    const other = await startTestServer();
    try {
      const owner = await signedInUser(other.url, 'bob');
      const content = 'print("kept")\n'.repeat(100);
      await readShared(owner, new Client(other.url), content);
      const held = await cacheBytes(new Client(other.url));
      expect(held.raw_answers).toBe(content.length);
      expect(held.version_texts).toBeGreaterThanOrEqual(content.length + JSON.stringify(content).length);
      expect(held.version_texts).toBeLessThan(32 * 1024 * 1024);
      expect(held.decision_states).toBeGreaterThan(0);
    } finally {
      await other.dispose();
    }
  });
});
