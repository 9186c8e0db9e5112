import { assertNever, type Decider } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { ApiKeyCommand } from './commands';
import type { ApiKeyEvent } from './events';
import { isBlank } from '../shared/text';

export type ApiKeyState = { status: 'absent' } | { status: 'active' | 'deleted'; ownerId: string; name: string };

export const API_KEY_NAME_REQUIRED = 'Please provide a name for your API key.';
export const API_KEY_NOT_FOUND = 'API key not found';

export function decide(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'CreateApiKey': {
      if (state.status !== 'absent') throw new ValidationError('API key already exists');
      const name = command.data.name.trim();
      if (isBlank(name)) throw new ValidationError(API_KEY_NAME_REQUIRED);
      const { keyId, userId, keyHash, keyPreview } = command.data;
      return [{ type: 'ApiKeyCreated', data: { keyId, ownerId: userId, name, keyHash, keyPreview } }];
    }
    case 'RecordApiKeyUse':
      if (state.status !== 'active') return [];
      return [{ type: 'ApiKeyUsed', data: { keyId: command.data.keyId, usedAt: command.metadata.at } }];
    case 'DeleteApiKey':
      if (state.status !== 'active' || state.ownerId !== command.data.userId) throw new NotFoundError(API_KEY_NOT_FOUND);
      return [{ type: 'ApiKeyDeleted', data: { keyId: command.data.keyId } }];
    default:
      return assertNever(command);
  }
}

export function evolve(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return { status: 'active', ownerId: event.data.ownerId, name: event.data.name };
    case 'ApiKeyUsed':
      return state;
    case 'ApiKeyDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const initialState = (): ApiKeyState => ({ status: 'absent' });

export const apiKeyDecider: Decider<ApiKeyState, ApiKeyCommand, ApiKeyEvent> = { decide, evolve, initialState };
