import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { ApiKeyCommand, CreateApiKey } from './commands';
import { API_KEY_NAME_REQUIRED, API_KEY_NOT_FOUND, apiKeyDecider } from './decider';
import type { ApiKeyCreated, ApiKeyEvent } from './events';

const keyId = 'k-1';
const owner = 'u-owner';
const stranger = 'u-stranger';
const meta: CommandMetadata = { actorId: owner, at: '2025-03-05T14:07:09.000Z' };
const HASH = 'sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PREVIEW = 'lv_abcd...wxyz';

const created: ApiKeyCreated = {
  type: 'ApiKeyCreated',
  data: { keyId, ownerId: owner, name: 'CI deploy', keyHash: HASH, keyPreview: PREVIEW },
};
const deleted: ApiKeyEvent = { type: 'ApiKeyDeleted', data: { keyId } };

const create = (data: Partial<CreateApiKey['data']> = {}): ApiKeyCommand => ({
  type: 'CreateApiKey',
  data: { keyId, userId: owner, name: 'CI deploy', keyHash: HASH, keyPreview: PREVIEW, ...data },
  metadata: meta,
});
const use = (at = meta.at): ApiKeyCommand => ({ type: 'RecordApiKeyUse', data: { keyId }, metadata: { actorId: `apikey:${keyId}`, at } });
const remove = (userId = owner): ApiKeyCommand => ({ type: 'DeleteApiKey', data: { keyId, userId }, metadata: meta });

describe('api key decider', () => {
  describe('CreateApiKey', () => {
    it('records the key for its owner with hash and preview, never a secret', () => {
      const [event] = given(apiKeyDecider).when(create()).events();
      expect(event).toEqual(created);
      expect(Object.keys(event!.data).sort()).toEqual(['keyHash', 'keyId', 'keyPreview', 'name', 'ownerId']);
    });

    it('trims the name', () => {
      given(apiKeyDecider).when(create({ name: '  CI deploy\t' })).then([created]);
    });

    it.each(['', '   ', '\n'])("rejects a blank name (%j) with 'Please provide a name for your API key.'", (name) => {
      expect(API_KEY_NAME_REQUIRED).toBe('Please provide a name for your API key.');
      given(apiKeyDecider).when(create({ name })).thenThrows(ValidationError, API_KEY_NAME_REQUIRED);
    });

    it('refuses to create over an existing or deleted key', () => {
      given(apiKeyDecider, [created]).when(create()).thenThrows(ValidationError, 'API key already exists');
      given(apiKeyDecider, [created, deleted]).when(create()).thenThrows(ValidationError, 'API key already exists');
    });
  });

  describe('RecordApiKeyUse', () => {
    it('records the use at metadata.at', () => {
      given(apiKeyDecider, [created])
        .when(use('2025-04-01T08:00:00.000Z'))
        .then([{ type: 'ApiKeyUsed', data: { keyId, usedAt: '2025-04-01T08:00:00.000Z' } }]);
    });

    it("every use of a live key is recorded (throttling is the caller's)", () => {
      given(apiKeyDecider, [created, { type: 'ApiKeyUsed', data: { keyId, usedAt: meta.at } }])
        .when(use())
        .then([{ type: 'ApiKeyUsed', data: { keyId, usedAt: meta.at } }]);
    });

    it('a deleted key records nothing', () => {
      given(apiKeyDecider, [created, deleted]).when(use()).thenNothingHappens();
    });

    it('a key that never existed records nothing', () => {
      given(apiKeyDecider).when(use()).thenNothingHappens();
    });
  });

  describe('DeleteApiKey', () => {
    it('the owner deletes the key', () => {
      given(apiKeyDecider, [created]).when(remove()).then([deleted]);
      expect(given(apiKeyDecider, [created, deleted]).state()).toMatchObject({ status: 'deleted' });
    });

    it("another user's key answers 404 'API key not found'", () => {
      given(apiKeyDecider, [created]).when(remove(stranger)).thenThrows(NotFoundError, API_KEY_NOT_FOUND);
    });

    it('a deleted or missing key answers the same way: deletion is not repeatable', () => {
      given(apiKeyDecider, [created, deleted]).when(remove()).thenThrows(NotFoundError, API_KEY_NOT_FOUND);
      given(apiKeyDecider).when(remove()).thenThrows(NotFoundError, API_KEY_NOT_FOUND);
    });
  });

  describe('evolve', () => {
    it('starts absent, becomes active for its owner, stays active when used', () => {
      expect(given(apiKeyDecider).state()).toEqual({ status: 'absent' });
      expect(given(apiKeyDecider, [created, { type: 'ApiKeyUsed', data: { keyId, usedAt: meta.at } }]).state()).toEqual({
        status: 'active',
        ownerId: owner,
        name: 'CI deploy',
      });
    });

    it('a deletion of a key never created leaves it absent', () => {
      expect(given(apiKeyDecider, [deleted]).state()).toEqual({ status: 'absent' });
    });
  });
});
