/** API key aggregate events. Stream: `apikey-<keyId>`. The secret itself is never recorded, only its hash. */
export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: { keyId: string; ownerId: string; name: string; keyHash: string; keyPreview: string };
};
/** Recorded at most once a minute per key and gateway, so a busy key does not flood the log. */
export type ApiKeyUsed = { type: 'ApiKeyUsed'; data: { keyId: string; usedAt: string } };
export type ApiKeyDeleted = { type: 'ApiKeyDeleted'; data: { keyId: string } };

export type ApiKeyEvent = ApiKeyCreated | ApiKeyUsed | ApiKeyDeleted;

export const apiKeyStream = (keyId: string) => `apikey-${keyId}`;
