import { randomBytes } from 'node:crypto';
import { sha256 } from './secrets';

const PREFIX = 'lv_';

/**
 * 32 random bytes (256 bits) behind a prefix: 46 characters, under the 64 the spec allows.
 * Stored as SHA-256: a key this random cannot be brute-forced, so a slow KDF would only slow every API call.
 */
export function generateApiKey(): { key: string; keyHash: string; keyPreview: string } {
  const key = PREFIX + randomBytes(32).toString('base64url');
  return { key, keyHash: hashApiKey(key), keyPreview: `${key.slice(0, 7)}...${key.slice(-4)}` };
}

export function hashApiKey(key: string): string {
  return sha256(key);
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(PREFIX) && value.length <= 64;
}
