import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../middleware/errors';
import { ByteBudget } from '../byte-budget';
import { readMultipart, UPLOADS_BUSY, UPLOADS_OF_ACCOUNT } from './multipart';

/** The process-wide budget of upload bytes: a flood of uploads, each within its own limits, is refused past it. */

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An app whose upload route reads the body under `budget` and answers only once `release` is called. */
async function appWith(budget: ByteBudget) {
  const waiting: (() => void)[] = [];
  const app = express();
  // the account as authentication would name it (a header here)
  app.use((req, res, next) => {
    const account = req.get('x-account');
    if (account) res.locals.auth = { actor: { userId: account, actorId: `user:${account}` } };
    next();
  });
  app.post('/upload', async (req, res, next) => {
    try {
      const body = await readMultipart(req, budget);
      await new Promise<void>((resolve) => waiting.push(resolve));
      res.json({ files: body.files.length });
    } catch (error) {
      next(error);
    }
  });
  app.use(errorHandler(() => undefined));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  const upload = (bytes: number, account?: string) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes).fill(0x61)]), 'a.lua');
    return fetch(url, { method: 'POST', body: form, headers: account ? { 'x-account': account } : {} });
  };
  return { upload, releaseAll: () => waiting.splice(0).forEach((resolve) => resolve()), waiting };
}

describe('upload byte budget', () => {
  it('answers 503 to an upload that would go over what the process holds, and takes uploads again once answers are sent', async () => {
    const budget = new ByteBudget(100_000);
    const { upload, releaseAll, waiting } = await appWith(budget);
    const first = upload(60_000);
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(budget.inUse).toBe(60_000); // held while the first request is being handled
    const second = await upload(60_000);
    expect(second.status).toBe(503);
    expect((await second.json()).error).toBe(UPLOADS_BUSY);
    releaseAll();
    expect((await first).status).toBe(200);
    while (budget.inUse > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const third = upload(60_000);
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    releaseAll();
    expect((await third).status).toBe(200);
  });

  it("answers 429 to an account's upload past its share, while another account's upload is still taken", async () => {
    const budget = new ByteBudget(200_000, 100_000);
    const { upload, releaseAll, waiting } = await appWith(budget);
    const first = upload(60_000, 'mallory');
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await upload(60_000, 'mallory');
    expect(again.status).toBe(429);
    expect((await again.json()).error).toBe(UPLOADS_OF_ACCOUNT);
    const other = upload(60_000, 'alice');
    while (waiting.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(budget.inUse).toBe(120_000);
    releaseAll();
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
    while (budget.inUse > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const later = upload(60_000, 'mallory'); // the share is given back with the answers
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    releaseAll();
    expect((await later).status).toBe(200);
  });
});
