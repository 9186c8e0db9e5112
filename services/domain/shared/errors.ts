/**
 * Errors that carry an HTTP status. The gateway's error middleware turns every
 * one of them into the same `{ error, ...details }` JSON body.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(400, message, details);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(409, message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Not authenticated') {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

/** Thrown by every event-store adapter when the expected revision does not match. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Wrong expected revision on ${stream}: expected ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** 507: the event log could not take the write for lack of space. Nothing of the request was stored. */
export class StorageFullError extends DomainError {
  constructor(message = 'Storage is full: nothing was saved') {
    super(507, message);
  }
}

/**
 * 503: the write is in the log (it will not be lost and must not be repeated) but the read models did not include it
 * in time. `details` names what was stored (id, version, position) so a client can find it instead of retrying.
 */
export class StoredNotVisibleError extends DomainError {
  constructor(details: Record<string, unknown> = {}) {
    super(503, 'Saved, but not visible yet: it will appear shortly', { stored: true, ...details });
  }
}

/** SQLite's primary result codes for a write the disk could not take (extended codes keep them in the low byte). */
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;

/**
 * A write the disk could not take: SQLite's SQLITE_FULL (no space, or the page limit) or any SQLITE_IOERR_* (a failed
 * write or fsync), as `node:sqlite` reports them in `errcode`, and Node's ENOSPC/EDQUOT should one surface from the
 * file system.
 */
export function isOutOfSpace(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number' && ((errcode & 0xff) === SQLITE_FULL || (errcode & 0xff) === SQLITE_IOERR)) return true;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
