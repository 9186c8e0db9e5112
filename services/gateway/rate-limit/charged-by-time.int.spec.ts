import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { chargedByTime, SEARCH_MS_PER_CHARGE } from './rate-limits';

/** A search is charged against its account by the time it took, once answered: a budget bounds seconds, not only searches. */

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('searches charged by time', () => {
  it('adds one hit per SEARCH_MS_PER_CHARGE beyond the first to the account that searched, and nothing for quick or refused requests', async () => {
    const charges: [string, number][] = [];
    const limiter = { charge: (key: string, amount: number) => void charges.push([key, amount]) };
    const app = express();
    const refuseWhen = (req: express.Request) => req.query.refuse === '1';
    const limit: express.RequestHandler = (req, _res, next) => next(refuseWhen(req) ? new Error('limited') : undefined);
    app.get('/search', chargedByTime(limiter, (req) => (req.query.account as string | undefined), limit), async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, Number(req.query.ms)));
      res.json({ ok: true });
    });
    app.use(((_error, _req, res, _next) => void res.status(429).json({})) as express.ErrorRequestHandler);
    const server = app.listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
    const waitForCharges = async (n: number) => {
      while (charges.length < n) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    await fetch(`${base}?account=slow&ms=${SEARCH_MS_PER_CHARGE * 3 + 40}`);
    await fetch(`${base}?account=quick&ms=0`);
    await waitForCharges(2);
    expect(charges).toEqual([['slow', 3], ['quick', 0]]);
    expect((await fetch(`${base}?account=refused&ms=500&refuse=1`)).status).toBe(429);
    await fetch(`${base}?ms=0`); // no account (not a content search): nothing to charge
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(charges).toHaveLength(2);
  });
});
