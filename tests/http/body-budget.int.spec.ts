import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedInUser, startTestServer, type TestServer } from './client';
import { holdBody, until, type HeldBody } from './held-bodies';
import { JSON_BODIES_OF_ADDRESS, MAX_JSON_BYTES_PER_ACCOUNT, MAX_JSON_BYTES_PER_ADDRESS, jsonBudget } from '../../services/gateway/middleware/json-body';

/**
 * The finding, with the real budget: five accounts of one address hold large JSON saves open (bare sockets, bodies
 * never finished). Each account sends five bodies sized so that four accounts alone would fill the whole 512 MiB
 * (bodies count three times their bytes; 128 MiB per account), as they once did, and every other user's 300-byte save
 * answered 503. Now their address stops at its share and other users' saves go through.
 */

/** Five of these fill one account's share to within 8 bytes of its units. */
const BODY_BYTES = Math.floor(MAX_JSON_BYTES_PER_ACCOUNT / 3 / 5);
const ATTACKER_ADDRESS = '127.0.0.2';

let server: TestServer;
let alice: Client;
const held: HeldBody[] = [];
beforeAll(async () => {
  // The held bodies stay silent while the test looks: longer than the default 15 s idle limit would allow on a slow host.
  server = await startTestServer({ env: { BODY_IDLE_TIMEOUT_MS: '60000' } });
  alice = await signedInUser(server.url, 'alice');
});
afterAll(async () => {
  for (const body of held) body.close();
  await until(() => jsonBudget.inUse === 0).catch(() => undefined);
  await server?.dispose();
});

const cookieOf = (client: Client) => client.cookieHeader();
const heldNow = () => held.filter((body) => body.answer === null).reduce((sum, body) => sum + 3 * body.sent, 0);

describe('the JSON body budget under large saves held open', () => {
  it("five accounts of one address stop at the address's share (429); other users' saves, large or small, still go through", async () => {
    const attackers = await Promise.all([1, 2, 3, 4, 5].map((n) => signedInUser(server.url, `mallory${n}`)));
    const bob = await signedInUser(server.url, 'bob'); // behind the attackers' address (one NAT)
    const carol = await signedInUser(server.url, 'carol');
    for (const attacker of attackers) {
      for (let n = 0; n < 5; n++) {
        const headers = { Cookie: cookieOf(attacker) };
        held.push(await holdBody(server.url, { path: '/api/scripts', headers, localAddress: ATTACKER_ADDRESS, announced: BODY_BYTES + 1000, sendUpTo: BODY_BYTES, chunkBytes: 256 * 1024 }));
      }
    }
    // Every byte sent is read by now (held, or refused and given back).
    await until(() => jsonBudget.inUse === heldNow(), 20_000);

    const refused = held.filter((body) => body.answer !== null);
    expect(refused.length).toBeGreaterThan(0);
    for (const body of refused) expect(body.answer).toEqual({ status: 429, body: { error: JSON_BODIES_OF_ADDRESS } });
    expect(jsonBudget.inUse).toBeLessThanOrEqual(MAX_JSON_BYTES_PER_ADDRESS);
    expect(jsonBudget.inUse).toBeGreaterThan(MAX_JSON_BYTES_PER_ADDRESS - 3 * BODY_BYTES);

    // Another user's 300-byte save, from another address: saved.
    const small = await alice.post('/api/scripts', { title: 'small', content: 'x'.repeat(280) });
    expect(small.status).toBe(201);
    // From the attackers' own address too: small saves are counted apart from large ones.
    const body = JSON.stringify({ title: 'nat', content: 'print("behind the same NAT")' });
    const nat = await holdBody(server.url, { path: '/api/scripts', headers: { Cookie: cookieOf(bob) }, localAddress: ATTACKER_ADDRESS, announced: body.length, sendUpTo: body.length, body });
    held.push(nat);
    await until(() => nat.answer !== null);
    expect(nat.answer!.status).toBe(201);
    // A large save from another address is still read whole.
    const large = await carol.post('/api/scripts', { title: 'large', content: 'y'.repeat(4 * 1024 * 1024) });
    expect(large.status).toBe(201);
  }, 90_000);
});
