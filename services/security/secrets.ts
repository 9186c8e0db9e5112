import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Random URL-safe id with `bytes` of entropy. */
export function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison (hashes both sides so lengths never leak). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * A secret generated on first start and kept in the data directory (mode 0600), so restarts keep sessions
 * and the admin key valid. `created` tells the caller to print a generated admin key once.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, generate: () => string): { value: string; created: boolean } {
  const path = join(dataDir, fileName);
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  mkdirSync(dataDir, { recursive: true });
  const value = generate();
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  return { value, created: true };
}
