import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { ValidationError } from '../../domain/shared/errors';
import { PayloadTooLargeError, ServiceBusyError, TooMuchInProgressError, UnsupportedMediaTypeError } from './errors';
import { announcedBytes, ByteBudget, holdersOf, type HoldOutcome } from '../byte-budget';
import { confirmCredentialStillLive, userIdOf } from './auth';
import { jsonShapeProblem } from './json-shape';

/** Session routes (register, login, logout) carry a name and a password: a few hundred bytes. */
export const SESSION_BODY_LIMIT_BYTES = 8 * 1024;
/**
 * Content routes carry a script of at most 5 MB (UTF-8 bytes). JSON escaping turns each newline, tab, quote and
 * backslash into two bytes, so the limit admits a 5 MB script whose escaping at most doubles it, plus 64 KB for the
 * envelope (title, comment, ids): 10,551,296 bytes.
 */
export const CONTENT_BODY_LIMIT_BYTES = 2 * 5 * 1024 * 1024 + 64 * 1024;

const MiB = 1024 * 1024;
/**
 * JSON bodies held by the process at once, counted three times their bytes (the bytes, the decoded text and the
 * parsed strings) from arrival until the answer is sent: 120 saves of 10 MB at once took 1.4 GB. Over it, 503.
 */
export const MAX_JSON_BYTES_IN_FLIGHT = 512 * MiB;
/** Kept for small bodies (a save of a few KB): large ones held open never take these 64 MiB (341 small bodies at once). */
export const JSON_BYTES_FOR_SMALL_BODIES = 64 * MiB;
/** A body announcing at most 64 KB (Content-Length) is small. */
export const SMALL_JSON_BODY_BYTES = 64 * 1024;
/** One client address's small bodies at once: 16 MiB, 85 of the largest small bodies (a quarter of the reserve). */
export const MAX_SMALL_JSON_BYTES_PER_ADDRESS = 16 * MiB;
/** One client address's share of the rest (all its accounts): five content-sized bodies at once. */
export const MAX_JSON_BYTES_PER_ADDRESS = 160 * MiB;
/** One account's share: four content-sized bodies at once. */
export const MAX_JSON_BYTES_PER_ACCOUNT = 128 * MiB;
const HELD_PER_BYTE = 3;
export const jsonBudget = new ByteBudget(MAX_JSON_BYTES_IN_FLIGHT, {
  perAccount: MAX_JSON_BYTES_PER_ACCOUNT,
  perAddress: MAX_JSON_BYTES_PER_ADDRESS,
  reservedForSmall: JSON_BYTES_FOR_SMALL_BODIES,
  perAddressSmall: MAX_SMALL_JSON_BYTES_PER_ADDRESS,
  smallRequest: SMALL_JSON_BODY_BYTES * HELD_PER_BYTE,
});
export const JSON_BODIES_BUSY = 'The server is busy with other large requests - please try again in a moment';
export const JSON_BODIES_OF_ACCOUNT = 'Too many large requests of this account in progress - wait for one to finish';
export const JSON_BODIES_OF_ADDRESS = 'Too many large requests from this address in progress - wait for one to finish';

export const MALFORMED_JSON = 'Malformed JSON body';
export const UNPAIRED_SURROGATE = 'Text must be valid Unicode - the body has an unpaired surrogate escape (\\uD800-\\uDFFF)';
const INCOMPLETE_BODY = 'Request body incomplete - the connection closed before it ended';
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/** True when the request announces a body (a length above 0, or chunked). */
export function mayHaveBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads an `application/json` body of at most `limit` bytes into `req.body`. A declared or streamed size over the
 * limit answers 413 at once (the rest of the body is dropped, see body-guard); invalid UTF-8 or JSON, or a shape
 * costly to parse (json-shape.ts), answers 400.
 * Other content types are left unread: the route then answers 400 for a missing JSON body (see validation.ts), and
 * the upload routes read their own multipart bodies.
 */
export function jsonBody(limit: number, budget: ByteBudget = jsonBudget): RequestHandler {
  return (req, res, next) => {
    if (!mayHaveBody(req) || req.readableEnded || !req.is('application/json')) {
      next();
      return;
    }
    if (req.destroyed) {
      next(new ValidationError(INCOMPLETE_BODY));
      return;
    }
    const encoding = req.headers['content-encoding']?.toLowerCase();
    if (encoding && encoding !== 'identity') {
      next(new UnsupportedMediaTypeError('Compressed request bodies are not accepted'));
      return;
    }
    const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      next(new UnsupportedMediaTypeError('JSON bodies must be UTF-8'));
      return;
    }
    if (Number(req.headers['content-length']) > limit) {
      req.resume(); // dropped, bounded by the body guard's linger
      next(tooLarge(limit));
      return;
    }
    const held = budget.heldUntilClosed(res, holdersOf(req, res), announcedBytes(req) * HELD_PER_BYTE);
    readLimited(req, limit, (bytes) => held(bytes * HELD_PER_BYTE))
      .then(async (bytes) => {
        // Before parsing: a credential revoked while the body trickled in gets its 401 first.
        await confirmCredentialStillLive(res);
        return parseJson(bytes);
      })
      .then((body) => {
        req.body = body;
        next();
      }, next);
  };
}

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Request body too large - at most ${limit} bytes here`);
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError('Request body is not valid UTF-8');
  }
  const shapeProblem = jsonShapeProblem(text);
  if (shapeProblem) throw new ValidationError(shapeProblem);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(MALFORMED_JSON);
  }
  // Valid UTF-8 holds no surrogates, but a `\uD800` escape parses into a string no UTF-8 store can hold: saved, it
  // would come back as U+FFFD and never match what was hashed (every later save of the script a conflict).
  if (SURROGATE_ESCAPE.test(text) && holdsUnpairedSurrogate(value)) throw new ValidationError(UNPAIRED_SURROGATE);
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const UNPAIRED = /\p{Cs}/u; // with the u flag a pair is one code point, so only an unpaired half matches

/** Any string (or key) of a parsed body with an unpaired surrogate; the shape check bounds the depth. */
function holdsUnpairedSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return UNPAIRED.test(value);
  if (Array.isArray(value)) return value.some(holdsUnpairedSurrogate);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, field]) => UNPAIRED.test(key) || holdsUnpairedSurrogate(field));
  return false;
}

/**
 * The whole body, or a rejection as soon as it passes `limit`, finds the process's budget spent, errs or is cut off.
 * Settles exactly once.
 */
function readLimited(req: IncomingMessage, limit: number, hold: (bytes: number) => HoldOutcome): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | null) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (error) {
        req.resume(); // drop what is left; the body guard closes the connection if it never ends
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return settle(tooLarge(limit));
      const outcome = hold(chunk.length);
      if (outcome === 'held') chunks.push(chunk);
      else settle(outcome === 'busy' ? new ServiceBusyError(JSON_BODIES_BUSY) : new TooMuchInProgressError(outcome === 'over-account' ? JSON_BODIES_OF_ACCOUNT : JSON_BODIES_OF_ADDRESS));
    };
    const onEnd = () => settle(null);
    const onClose = () => settle(new ValidationError(INCOMPLETE_BODY));
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}
