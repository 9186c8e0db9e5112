/**
 * TEXT_CACHE_MB bounds the texts a server keeps ready to send (raw answers of share links, versions). With no budget at
 * all nothing is kept, and every answer is still served, current after each save.
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
});
