import { createHash } from 'node:crypto';

/** Strong ETag of a raw script body, computed once when the read model is written, never per request. */
export function contentEtag(content: string): string {
  return `"${createHash('sha1').update(content).digest('base64url')}"`;
}
