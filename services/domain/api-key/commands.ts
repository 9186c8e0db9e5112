import type { CommandMetadata } from '../shared/decider';

export type CreateApiKey = {
  type: 'CreateApiKey';
  data: { keyId: string; userId: string; name: string; keyHash: string; keyPreview: string };
  metadata: CommandMetadata;
};
export type RecordApiKeyUse = { type: 'RecordApiKeyUse'; data: { keyId: string }; metadata: CommandMetadata };
export type DeleteApiKey = { type: 'DeleteApiKey'; data: { keyId: string; userId: string }; metadata: CommandMetadata };

export type ApiKeyCommand = CreateApiKey | RecordApiKeyUse | DeleteApiKey;
