import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ByteBudget } from '../byte-budget';
import { errorHandler } from './errors';
import { JSON_BODIES_BUSY, JSON_BODIES_OF_ACCOUNT, JSON_BODIES_OF_ADDRESS, jsonBody } from './json-body';
import { holdBody, holdUntilRefused, until, type HeldBody } from '../../../tests/http/held-bodies';

/** The process-wide budget of JSON bodies: large saves arriving together are refused past it, not held. */

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('JSON body budget', () => {
  it('answers 503 to a body that would go over what the process holds, and takes bodies again once answers are sent', async () => {
    const budget = new ByteBudget(3 * 100_000); // bodies count three times their bytes
    const waiting: (() => void)[] = [];
    const app = express();
    app.post('/save', jsonBody(1_000_000, budget), async (req, res) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      res.json({ length: (req.body as { content: string }).content.length });
    });
    app.use(errorHandler(() => undefined));
    const server = app.listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/save`;
    const save = (chars: number) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x'.repeat(chars) }) });
    const waitForHandler = async () => {
      while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    const first = save(60_000);
    await waitForHandler();
    const second = await save(60_000);
    expect(second.status).toBe(503);
    expect((await second.json()).error).toBe(JSON_BODIES_BUSY);
    waiting.splice(0).forEach((resolve) => resolve());
    expect(await (await first).json()).toEqual({ length: 60_000 });
    while (budget.inUse > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const third = save(60_000);
    await waitForHandler();
    waiting.splice(0).forEach((resolve) => resolve());
    expect((await third).status).toBe(200);
  });

  it("answers 429 to an account's body past its share of the budget; another account's is still read", async () => {
    const budget = new ByteBudget(3 * 200_000, { perAccount: 3 * 100_000 });
    const waiting: (() => void)[] = [];
    const app = express();
    app.use((req, res, next) => {
      res.locals.auth = { actor: { userId: req.get('x-account')!, actorId: `user:${req.get('x-account')}` } };
      next();
    });
    app.post('/save', jsonBody(1_000_000, budget), async (_req, res) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      res.json({ ok: true });
    });
    app.use(errorHandler(() => undefined));
    const server = app.listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/save`;
    const save = (account: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-account': account }, body: JSON.stringify({ content: 'x'.repeat(60_000) }) });
    const first = save('mallory');
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await save('mallory');
    expect(again.status).toBe(429);
    expect((await again.json()).error).toBe(JSON_BODIES_OF_ACCOUNT);
    const other = save('alice');
    while (waiting.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    waiting.splice(0).forEach((resolve) => resolve());
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
  });

  describe('large bodies held open from several accounts and addresses', () => {
    // In the units of the budget (bytes x 3): 1.8 MB in all, 300 KB kept for bodies of at most 10 KB,
    // large ones at most 600 KB per address and 450 KB per account.
    const budget = new ByteBudget(3 * 600_000, { perAccount: 3 * 150_000, perAddress: 3 * 200_000, reservedForSmall: 3 * 100_000, smallRequest: 3 * 10_000 });
    let url: string;
    const held: HeldBody[] = [];
    const release: (() => void)[] = [];
    beforeAll(async () => {
      const app = express();
      app.use((req, res, next) => {
        res.locals.auth = { actor: { userId: req.get('x-account')!, actorId: `user:${req.get('x-account')}` } };
        next();
      });
      app.post('/save', jsonBody(1_000_000, budget), async (_req, res) => {
        await new Promise<void>((resolve) => release.push(resolve));
        res.status(201).json({ saved: true });
      });
      app.use(errorHandler(() => undefined));
      const server = app.listen(0, '127.0.0.1');
      servers.push(server);
      await new Promise((resolve) => server.once('listening', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      for (const body of held) body.close();
      release.splice(0).forEach((resolve) => resolve());
    });

    /** A small save of `account` from `localAddress`, sent whole; its answer. */
    const smallSave = async (account: string, localAddress: string) => {
      const body = JSON.stringify({ content: 'x'.repeat(280) });
      const sent = await holdBody(url, { path: '/save', headers: { 'x-account': account }, localAddress, announced: body.length, sendUpTo: body.length, body });
      await until(() => release.length > 0 || sent.answer !== null);
      release.splice(0).forEach((resolve) => resolve());
      await until(() => sent.answer !== null);
      sent.close();
      return sent.answer!;
    };

    const holdAllYouCan = (account: string, localAddress: string) =>
      holdUntilRefused(url, { path: '/save', headers: { 'x-account': account }, localAddress, announced: 900_000, sendUpTo: 50_000, chunkBytes: 10_000 }, held);

    it('one address stops at its share, however many accounts it uses (429), and the reserve keeps small saves going', async () => {
      // Five accounts of one address hold what they can.
      const refusals = [];
      for (const n of [1, 2, 3, 4, 5]) refusals.push(await holdAllYouCan(`mallory${n}`, '127.0.0.2'));
      for (const refusal of refusals) expect(refusal.status).toBe(429);
      expect(refusals.map((r) => r.body.error)).toContain(JSON_BODIES_OF_ADDRESS);
      expect(budget.inUse).toBe(3 * 200_000); // four bodies of 50 KB: the address's share, whatever its accounts

      // Three more addresses, two accounts each, hold what they can: the large part of the budget is full.
      const busy = [];
      for (const address of ['127.0.0.3', '127.0.0.4', '127.0.0.5']) for (const n of [1, 2]) busy.push(await holdAllYouCan(`eve${address}${n}`, address));
      expect(busy.map((r) => r.status)).toContain(503);
      expect(busy.find((r) => r.status === 503)!.body.error).toBe(JSON_BODIES_BUSY);
      expect(budget.inUse).toBe(3 * 500_000);

      // Another user's small save goes through, from a fresh address or from the attackers' own (a shared NAT).
      expect(await smallSave('alice', '127.0.0.7')).toEqual({ status: 201, body: { saved: true } });
      expect(await smallSave('bob', '127.0.0.2')).toEqual({ status: 201, body: { saved: true } });
    });
  });
});
