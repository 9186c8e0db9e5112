import { DomainError } from '../shared/errors';

/** Caps every write path applies to a script version, whatever route it came through (JSON, upload, /api/v1). */
export const MAX_VERSION_BYTES = 5 * 1024 * 1024;
/** The spec's upload message, used for JSON saves too so a client sees one message for one limit. */
export const VERSION_TOO_LARGE = 'File too large - Maximum file size is 5MB';
export const MAX_TITLE_LENGTH = 200;
export const TITLE_TOO_LONG = `Title must be at most ${MAX_TITLE_LENGTH} characters`;
/** Folder names (also upload folder segments and repository names) share the title's cap. */
export const MAX_FOLDER_NAME_LENGTH = 200;

/** 413: the request carries more than a limit allows. */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(413, message, details);
  }
}

/** Size of a version as stored and served: UTF-8 bytes. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

export function requireVersionSize(content: string): void {
  if (utf8Bytes(content) > MAX_VERSION_BYTES) throw new PayloadTooLargeError(VERSION_TOO_LARGE);
}

/**
 * Cuts `text` to at most `max` UTF-16 units (what the JSON schemas' `max` counts) without splitting a surrogate pair,
 * then trims trailing spaces.
 */
export function truncateCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate whose pair would be cut off
  return text.slice(0, end).trimEnd();
}
