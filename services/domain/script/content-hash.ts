import { createHash } from 'node:crypto';

/**
 * Identifies a script's current content in its decision state without keeping the content: a save that changes only
 * the title is given the content read from the read model and checks it against this hash.
 */
export function contentHash(content: string): string {
  return createHash('sha1').update(content).digest('base64url');
}
