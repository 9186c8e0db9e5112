import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { MemoryRateLimitStore } from './memory-store';
import { chargedByTime, createRateLimits, MS_PER_CHARGE } from './rate-limits';

/** Searches and writes are charged against their account by the time they took, once answered: a budget bounds seconds. */

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('searches charged by time', () => {
  it('adds one hit per MS_PER_CHARGE beyond the first to the account that searched, and nothing for quick or refused requests', async () => {
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

    await fetch(`${base}?account=slow&ms=${MS_PER_CHARGE * 3 + 40}`);
    await fetch(`${base}?account=quick&ms=0`);
    await waitForCharges(2);
    expect(charges).toEqual([['slow', 3], ['quick', 0]]);
    expect((await fetch(`${base}?account=refused&ms=500&refuse=1`)).status).toBe(429);
    await fetch(`${base}?ms=0`); // no account (not a content search): nothing to charge
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(charges).toHaveLength(2);
  });
});

describe('writes charged by time', () => {
  it("a long write uses up its account's write budget by its time; deletes and reads are not charged", async () => {
    const BUDGET = 10;
    const limits = createRateLimits({
      config: loadConfig({ RATE_LIMIT_WRITE: `${BUDGET}/1m`, RATE_LIMIT_WRITE_ADDRESS: 'off', SESSION_SECRET: 'x'.repeat(32) }),
      store: new MemoryRateLimitStore(),
      sharedStore: null,
      accountOfApiKey: async () => null,
      log: () => undefined,
    });
    const app = express();
    app.use((req, res, next) => {
      res.locals.auth = { actor: { userId: String(req.query.user) } };
      next();
    });
    app.use(limits.sessionWrites);
    // a restore of a large folder, say: one request, many commands
    app.all('/slow', (_req, res) => void setTimeout(() => res.status(204).end(), MS_PER_CHARGE * 2 + 50));
    app.all('/quick', (_req, res) => void res.status(204).end());
    app.post('/read-body', (req, res) => {
      req.resume();
      req.once('end', () => res.status(204).end());
    });
    app.use(((_error, _req, res, _next) => void res.status(429).json({})) as express.ErrorRequestHandler);
    const server = app.listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const status = async (method: string, path: string) => (await fetch(`${base}${path}`, { method })).status;
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20)); // the charge lands once the answer is sent

    /** Quick writes `user` still gets before the first 429. */
    const writesLeft = async (user: string) => {
      let left = 0;
      while (left < 20 && (await status('POST', `/quick?user=${user}`)) === 204) left++;
      return left;
    };
    // A slow write of 250 ms counts 1 and is charged 2 more (floor(250 / 100)). A loaded machine may stretch it past
    // 300 ms, one charge more: up to 2 more are tolerated, so the figure tests the charging, not the host's speed.
    const charged = (left: number) => {
      expect(left).toBeGreaterThanOrEqual(BUDGET - 1 - 4);
      expect(left).toBeLessThanOrEqual(BUDGET - 1 - 2);
    };
    expect(await status('POST', '/slow?user=a')).toBe(204);
    await settled();
    charged(await writesLeft('a'));
    // slow deletes and reads cost nothing: the whole budget is left
    expect(await status('DELETE', '/slow?user=b')).toBe(204);
    expect(await status('GET', '/slow?user=b')).toBe(204);
    await settled();
    expect(await writesLeft('b')).toBe(BUDGET);
    // a client that hangs up does not escape the charge: the server's work goes on, and is charged when it ends
    const hungUp = new AbortController();
    const abandoned = fetch(`${base}/slow?user=c`, { method: 'POST', signal: hungUp.signal }).catch(() => 'hung up');
    await new Promise((resolve) => setTimeout(resolve, 30));
    hungUp.abort();
    expect(await abandoned).toBe('hung up');
    await new Promise((resolve) => setTimeout(resolve, MS_PER_CHARGE * 2 + 100));
    charged(await writesLeft('c'));
    // the time a body takes to arrive is not charged: a body sent slowly, then a quick answer
    const slowBody = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        await new Promise((resolve) => setTimeout(resolve, MS_PER_CHARGE * 3));
        controller.enqueue(new TextEncoder().encode('1}'));
        controller.close();
      },
    });
    const uploaded = await fetch(`${base}/read-body?user=d`, { method: 'POST', body: slowBody, duplex: 'half' } as RequestInit);
    expect(uploaded.status).toBe(204);
    await settled();
    // charged for its answer alone: at most one charge of a loaded host, never the three the body took
    expect(await writesLeft('d')).toBeGreaterThanOrEqual(BUDGET - 2);
    await limits.stop();
  });
});
