import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { ByteBudget } from '../byte-budget';
import { errorHandler } from './errors';
import { JSON_BODIES_BUSY, JSON_BODIES_OF_ACCOUNT, jsonBody } from './json-body';

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
    const budget = new ByteBudget(3 * 200_000, 3 * 100_000);
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
});
