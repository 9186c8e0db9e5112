import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { saveConflictOf } from './save-conflict';

const conflict = (body: unknown, status = 409) => new ApiError(status, JSON.stringify(body), 'Conflict');

describe('saveConflictOf', () => {
  it('reads the current version from a stale save 409', () => {
    const current = { version: 4, title: 'T', content: 'print(4)', updatedAt: '2026-01-01T00:00:00.000Z', savedWith: 'apiKey' };
    expect(saveConflictOf(conflict({ error: 'changed', currentVersion: 4, current }))).toEqual(current);
  });

  it('leaves the content out when the server did (a very large script is fetched instead)', () => {
    expect(saveConflictOf(conflict({ error: 'changed', currentVersion: 2, current: { version: 2, title: 'T', updatedAt: 'x' } }))?.content).toBeUndefined();
  });

  it('is null for other 409s (a retryable race), other statuses and other errors', () => {
    expect(saveConflictOf(conflict({ error: 'The script changed while saving; please retry' }))).toBeNull();
    expect(saveConflictOf(conflict({ error: 'x', currentVersion: 2, current: { version: 2, title: 'T' } }, 400))).toBeNull();
    expect(saveConflictOf(new ApiError(409, 'not json', 'Conflict'))).toBeNull();
    expect(saveConflictOf(new Error('boom'))).toBeNull();
  });
});
