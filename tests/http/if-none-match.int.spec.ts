/**
 * Conditional raw fetches as game servers and caches send them: a list of tags, weak tags and `*`, on the fast path
 * (latest version) and on the Express route (`?version=N`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createScript, signedInUser, startTestServer, type TestServer } from './client';

let server: TestServer;
let alice: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server.url, 'alice');
  anonymous = new Client(server.url);
});
afterAll(() => server.dispose());

async function sharedRaw(content: string) {
  const script = await createScript(alice, { title: 'Conditional', content });
  const { shareId } = (await alice.post(`/api/scripts/${script.id}/share`)).body;
  return { script, path: `/api/share/${shareId}/raw` };
}

const status = async (path: string, ifNoneMatch: string, method = 'GET') => (await anonymous.request(method, path, { headers: { 'If-None-Match': ifNoneMatch } })).status;

describe('If-None-Match on the raw URL', () => {
  it('answers 304 for a list containing the tag, its weak form and *; 200 otherwise', async () => {
    const { script, path } = await sharedRaw('print("v1")');
    const etag = (await anonymous.get(path)).headers.get('etag')!;
    const opaque = etag.replace(/^W\//, '');
    for (const header of [etag, `"stale", ${etag}`, `"a","b",${etag}`, `W/${opaque}`, `"stale", W/${opaque}`, '*']) {
      expect(await status(path, header), header).toBe(304);
      expect(await status(path, header, 'HEAD'), `HEAD ${header}`).toBe(304);
    }
    for (const header of ['"stale"', '"a", "b"', opaque.slice(1, -1)]) expect(await status(path, header), header).toBe(200);

    // After a save the old tags no longer match; `*` still does (the script exists).
    expect((await alice.put(`/api/scripts/${script.id}`, { title: 'Conditional', content: 'print("v2")' })).status).toBe(200);
    expect(await status(path, `"stale", ${etag}`)).toBe(200);
    expect(await status(path, '*')).toBe(304);

    // The pinned first version goes through the Express route: same rules.
    const pinned = (await anonymous.get(`${path}?version=1`)).headers.get('etag')!;
    expect(await status(`${path}?version=1`, `"stale", W/${pinned.replace(/^W\//, '')}`)).toBe(304);
    expect(await status(`${path}?version=1`, '*')).toBe(304);
    expect(await status(`${path}?version=1`, '"stale"')).toBe(200);
  });

  it('never answers 304 for a link that is not shared', async () => {
    expect(await status('/api/share/doesnotexist/raw', '*')).toBe(404);
  });
});
