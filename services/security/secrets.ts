import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
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
 * and the admin key valid. `created` tells the caller to say where a generated admin key is.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, generate: () => string): { value: string; created: boolean } {
  const path = join(dataDir, fileName);
  if (existsSync(path)) {
    // A copy restored from a backup may have come back readable by all (a file mounted by another user stays as is).
    if ((statSync(path).mode & 0o077) !== 0) {
      try {
        chmodSync(path, 0o600);
      } catch {
        /* not ours (EPERM): leave it */
      }
    }
    return { value: readFileSync(path, 'utf8').trim(), created: false };
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const value = generate();
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { value, created: true };
}
