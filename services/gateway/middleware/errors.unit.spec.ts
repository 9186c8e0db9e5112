import { sqliteError, sqliteIoError } from '../../sqlite/errors.testing';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { StorageFullError, StoredNotVisibleError } from '../../domain/shared/errors';
import { errorHandler } from './errors';

/** What the error middleware answers for storage failures: a clear 507/503, never a bare 500. */
function answer(error: unknown): { status: number; body: unknown; logged: string[] } {
  const logged: string[] = [];
  const out = { status: 0, body: undefined as unknown };
  const res = {
    headersSent: false,
    status(code: number) {
      out.status = code;
      return this;
    },
    json(body: unknown) {
      out.body = body;
      return this;
    },
  } as unknown as Response;
  errorHandler((message) => logged.push(message))(error, {} as Request, res, () => undefined);
  return { ...out, logged };
}

describe('errorHandler on storage failures', () => {
  it('answers 507 "nothing was saved" when the event log refused the write', () => {
    expect(answer(new StorageFullError())).toMatchObject({ status: 507, body: { error: 'Storage is full: nothing was saved' } });
  });

  it('answers 503 naming what was stored when the read models lag behind the write', () => {
    const { status, body } = answer(new StoredNotVisibleError({ id: 'abc', version: 2, position: '41' }));
    expect(status).toBe(503);
    expect(body).toEqual({ error: 'Saved, but not visible yet: it will appear shortly', stored: true, id: 'abc', version: 2, position: '41' });
  });

  it('answers 507 without a claim for a full store other than the log, and 500 for anything else', () => {
    expect(answer(sqliteError('full'))).toMatchObject({ status: 507, body: { error: 'Storage is full' } });
    expect(answer(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toMatchObject({ status: 507 });
    expect(answer(sqliteIoError())).toMatchObject({ status: 507 });
    expect(answer(sqliteError('constraint'))).toMatchObject({ status: 500, body: { error: 'Internal server error' } });
  });
});
