import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../middleware/errors';
import { ByteBudget } from '../byte-budget';
import { readMultipart, UPLOADS_BUSY, UPLOADS_OF_ACCOUNT, UPLOADS_OF_ADDRESS } from './multipart';
import { holdBody, holdUntilRefused, multipartStart, until, type HeldBody } from '../../../tests/http/held-bodies';

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
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  const upload = (bytes: number, account?: string) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes).fill(0x61)]), 'a.lua');
    return fetch(url, { method: 'POST', body: form, headers: account ? { 'x-account': account } : {} });
  };
  return { url, upload, releaseAll: () => waiting.splice(0).forEach((resolve) => resolve()), waiting };
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
    const budget = new ByteBudget(200_000, { perAccount: 100_000 });
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

  it('one address stops at its share whatever its accounts (429), and large uploads held open never starve a small one', async () => {
    const budget = new ByteBudget(600_000, { perAccount: 150_000, perAddress: 200_000, reservedForSmall: 100_000, smallRequest: 10_000 });
    const { url, releaseAll, waiting } = await appWith(budget);
    const held: HeldBody[] = [];
    const boundary = 'held-upload';
    const large = (account: string, localAddress: string) =>
      holdUntilRefused(
        url,
        { path: '/upload', localAddress, announced: 900_000, sendUpTo: 50_000, chunkBytes: 10_000, body: multipartStart(boundary), headers: { 'x-account': account, 'Content-Type': `multipart/form-data; boundary=${boundary}` } },
        held,
      );
    try {
      const refusals = [];
      for (const n of [1, 2, 3, 4, 5]) refusals.push(await large(`mallory${n}`, '127.0.0.2'));
      expect(refusals.every((r) => r.status === 429)).toBe(true);
      expect(refusals.map((r) => r.body.error)).toContain(UPLOADS_OF_ADDRESS);
      await until(() => budget.inUse <= 200_000);
      for (const address of ['127.0.0.3', '127.0.0.4', '127.0.0.5']) for (const n of [1, 2]) refusals.push(await large(`eve${address}${n}`, address));
      expect(refusals.map((r) => r.status)).toContain(503);
      await until(() => budget.inUse <= 500_000);
      expect(budget.inUse).toBeGreaterThan(500_000 - 20_000); // the large uploads' part is full

      // Another user's small upload, whole, from a fresh address: taken.
      const body = `${multipartStart(boundary, 'small.lua')}print("hello")\r\n--${boundary}--\r\n`;
      const small = await holdBody(url, { path: '/upload', localAddress: '127.0.0.7', announced: body.length, sendUpTo: body.length, body, headers: { 'x-account': 'alice', 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
      held.push(small);
      await until(() => waiting.length > 0 || small.answer !== null);
      releaseAll();
      await until(() => small.answer !== null);
      expect(small.answer).toEqual({ status: 200, body: { files: 1 } });
    } finally {
      for (const body of held) body.close();
      releaseAll();
    }
  });
});
