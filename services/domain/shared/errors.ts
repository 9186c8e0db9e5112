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
