import { ValidationError } from '../domain/shared/errors';
import { INVALID_BASE_VERSION } from './schemas';

/**
 * The ETag of a script version on the public API: `"v<version>"`. It names the version, not the bytes, so a title-only
 * save (same content, new version) changes it and a save back to old content does not reuse an old one.
 */
export const versionEtag = (version: number): string => `"v${version}"`;

export const INVALID_IF_MATCH = 'If-Match must be the ETag of a version, like "v3" (the ETag header of GET /api/v1/scripts/{id}/content), or *';

/** `If-Match` as a base version: `*` or no header names none; anything but one strong version ETag is refused (400). */
export function baseVersionFromIfMatch(header: string | undefined): number | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  const match = /^"v([1-9][0-9]{0,14})"$/.exec(value);
  if (!match) throw new ValidationError(INVALID_IF_MATCH);
  return Number(match[1]);
}

/** A multipart `baseVersion` field (text) as a version number. */
export function baseVersionFromField(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,14}$/.test(value)) throw new ValidationError(INVALID_BASE_VERSION);
  return Number(value);
}

/** The body's `baseVersion` and `If-Match` may both be given, but must then agree. */
export function oneBaseVersion(fromBody: number | undefined, fromHeader: number | undefined): number | undefined {
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    throw new ValidationError('baseVersion and If-Match name different versions');
  }
  return fromBody ?? fromHeader;
}
