import busboy from 'busboy';
import type { Request } from 'express';
import { ValidationError } from '../../domain/shared/errors';
import { PayloadTooLargeError, ServiceBusyError, TooMuchInProgressError } from '../middleware/errors';
import { confirmCredentialStillLive, userIdOf } from '../middleware/auth';
import { announcedBytes, ByteBudget, holdersOf } from '../byte-budget';
import { isBlank } from '../../domain/shared/text';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 500;
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
/** Text fields (paths, names, ids) of one upload together: 500 paths of 32 segments fit many times over. */
export const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELD_SIZE = 16 * 1024;
const MiB = 1024 * 1024;
/**
 * Upload bytes (files and fields) held by the whole process at once, from arrival until the answer is sent: a flood
 * of uploads, each within its own limits, must not add up to more memory than the host has. Over it, 503.
 */
export const MAX_UPLOAD_BYTES_IN_FLIGHT = 256 * MiB;
/** Kept for small uploads (a few scripts): large ones held open never take these 32 MiB. */
export const UPLOAD_BYTES_FOR_SMALL_UPLOADS = 32 * MiB;
/** An upload announcing at most 1 MB (Content-Length) is small. */
export const SMALL_UPLOAD_BYTES = MiB;
/** One client address's small uploads at once: 8 MiB, a quarter of the reserve. */
export const MAX_SMALL_UPLOAD_BYTES_PER_ADDRESS = 8 * MiB;
/** One client address's share of the rest (all its accounts). */
export const MAX_UPLOAD_BYTES_PER_ADDRESS = 96 * MiB;
/** One account's share: a whole upload and then some, not the process's every byte (slow uploads of one account). */
export const MAX_UPLOAD_BYTES_PER_ACCOUNT = 64 * MiB;

/** Every upload route's budget: one per process. */
export const uploadBudget = new ByteBudget(MAX_UPLOAD_BYTES_IN_FLIGHT, {
  perAccount: MAX_UPLOAD_BYTES_PER_ACCOUNT,
  perAddress: MAX_UPLOAD_BYTES_PER_ADDRESS,
  reservedForSmall: UPLOAD_BYTES_FOR_SMALL_UPLOADS,
  perAddressSmall: MAX_SMALL_UPLOAD_BYTES_PER_ADDRESS,
  smallRequest: SMALL_UPLOAD_BYTES,
});
export const INVALID_FILE_TYPE = "Invalid file type - Only .lua, .luau, .txt and Rojo's .project.json, .meta.json and .model.json files are allowed";
export const FILE_TOO_LARGE = 'File too large - Maximum file size is 5MB';
/**
 * Luau (Roblox's Lua dialect, Rojo's default) is accepted like Lua: docs/decisions.md "Luau files". Rojo's own JSON
 * files are kept as plain text so a tree pulled back builds the same game ("Names that come back unchanged").
 */
const ALLOWED_EXTENSION = /\.(?:lua|luau|txt)$|\.(?:project|meta|model)\.json$/i;
/** The extension a title drops: the last one only (`init.server.luau` → `init.server`, `default.project.json` → `default.project`). */
const TITLE_EXTENSION = /\.(?:lua|luau|txt|json)$/i;

export interface UploadedFile {
  field: string;
  /** base name as sent, without any directory part */
  fileName: string;
  content: string;
}

export interface MultipartBody {
  fields: Map<string, string[]>;
  files: UploadedFile[];
}

export const UPLOADS_BUSY = 'The server is busy with other uploads - please try again in a moment';
export const UPLOADS_OF_ACCOUNT = 'Too many uploads of this account in progress - wait for one to finish';
export const UPLOADS_OF_ADDRESS = 'Too many uploads from this address in progress - wait for one to finish';
export const FIELDS_TOO_LARGE = 'Upload fields too large - at most 16KB each and 1MB in all';
const NOT_UTF8 = 'Invalid file encoding - files must be UTF-8 text';
export const NAMES_NOT_UTF8 = 'Invalid text encoding - file names, paths and names must be UTF-8';
/** What busboy puts where a name or field had bytes that are not UTF-8: refused like such a file, never stored. */
const REPLACED = '\uFFFD';
const INTERRUPTED = 'Upload interrupted - the connection closed before the upload ended';

/** busboy's parse errors, told to the client in our words (its messages are fixed strings, but keep them ours). */
function malformed(error: Error): ValidationError {
  const reason =
    error.message === 'Unexpected end of form' || error.message === 'Unexpected end of file'
      ? 'the body ended before its closing boundary'
      : error.message === 'Malformed part header'
        ? 'a part header is malformed'
        : 'it could not be parsed';
  return new ValidationError(`Malformed multipart body - ${reason}`);
}

/**
 * UTF-8 text of an uploaded file. Invalid bytes are refused rather than replaced with U+FFFD (that would silently
 * change the script). A leading byte-order mark is dropped: Lua's `loadstring` does not accept one.
 */
function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Reads a multipart request with busboy, enforcing every limit while streaming: a 6 GB upload is refused
 * after its first 5 MB, never buffered. Only `.lua`/`.luau`/`.txt` files and Rojo's JSON files of UTF-8 text are accepted. Settles exactly once,
 * whatever the client does: a truncated or malformed body is a 400, a body cut off by the client rejects too
 * (nobody is left to answer). A stalled body is ended by the body guard's idle timeout (middleware/body-guard.ts).
 */
export function readMultipart(req: Request, budget: ByteBudget = uploadBudget): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) {
      reject(new ValidationError('Expected a multipart/form-data upload'));
      return;
    }
    if (req.destroyed || req.readableEnded) {
      reject(new ValidationError(INTERRUPTED));
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy signals 'limit' when a file *reaches* fileSize, so a file of exactly 5 MB would be refused: allow one byte more.
        limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES, fields: 2 * MAX_FILES + 10, fieldSize: MAX_FIELD_SIZE, parts: 3 * MAX_FILES + 10 },
      });
    } catch {
      reject(new ValidationError('Malformed multipart body'));
      return;
    }
    const fields = new Map<string, string[]>();
    const files: UploadedFile[] = [];
    let totalBytes = 0;
    let fieldBytes = 0;
    let settled = false;
    // Until the answer is sent (or the connection drops) the request holds what it read.
    const held = budget.heldUntilClosed(req.res ?? req, req.res ? holdersOf(req, req.res) : {}, announcedBytes(req));
    /** Counts `bytes` against the process-wide budget and the account's share; false (and the upload refused) when spent. */
    const hold = (bytes: number): boolean => {
      const outcome = held(bytes);
      if (outcome === 'held') return true;
      if (outcome === 'busy') fail(new ServiceBusyError(UPLOADS_BUSY));
      else fail(new TooMuchInProgressError(outcome === 'over-account' ? UPLOADS_OF_ACCOUNT : UPLOADS_OF_ADDRESS));
      return false;
    };
    const stopListening = () => {
      req.off('close', onRequestClose).off('error', onRequestError);
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      stopListening();
      req.unpipe(parser);
      req.resume(); // drain what is left so the client sees our answer (bounded by the body guard)
      reject(error);
    };
    const onRequestClose = () => {
      if (!req.complete) fail(new ValidationError(INTERRUPTED));
    };
    const onRequestError = () => fail(new ValidationError(INTERRUPTED));
    req.on('close', onRequestClose).on('error', onRequestError);

    parser.on('field', (name, value, info) => {
      if (settled) return;
      fieldBytes += Buffer.byteLength(value ?? '') + Buffer.byteLength(name ?? ''); // busboy passes no name for a part without one
      if (info.valueTruncated || fieldBytes > MAX_FIELD_BYTES) {
        fail(new PayloadTooLargeError(FIELDS_TOO_LARGE));
        return;
      }
      if ((value ?? '').includes(REPLACED)) {
        fail(new ValidationError(NAMES_NOT_UTF8, { field: name }));
        return;
      }
      if (!hold((value ?? '').length)) return;
      const values = fields.get(name);
      if (values) values.push(value);
      else fields.set(name, [value]);
    });
    parser.on('file', (field, stream, info) => {
      // Every file stream gets an error listener: busboy destroys open ones with an error on a truncated body.
      stream.on('error', (error) => fail(malformed(error)));
      const fileName = baseName(info.filename ?? '');
      if (fileName.includes(REPLACED)) {
        stream.resume();
        fail(new ValidationError(NAMES_NOT_UTF8));
        return;
      }
      if (!ALLOWED_EXTENSION.test(fileName)) {
        stream.resume();
        fail(new ValidationError(INVALID_FILE_TYPE, { fileName }));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        totalBytes += chunk.length;
        if (totalBytes > MAX_TOTAL_BYTES) fail(new PayloadTooLargeError('Upload too large - at most 50MB per upload'));
        else if (!settled && hold(chunk.length)) chunks.push(chunk);
      });
      stream.on('limit', () => fail(new PayloadTooLargeError(FILE_TOO_LARGE)));
      stream.on('end', () => {
        if (settled) return;
        const content = decodeUtf8(Buffer.concat(chunks));
        if (content === null) fail(new ValidationError(NOT_UTF8, { fileName }));
        else files.push({ field, fileName, content });
      });
    });
    parser.on('filesLimit', () => fail(new PayloadTooLargeError(`Too many files - at most ${MAX_FILES} per upload`)));
    parser.on('partsLimit', () => fail(new PayloadTooLargeError('Too many parts in the upload')));
    parser.on('fieldsLimit', () => fail(new PayloadTooLargeError('Too many fields in the upload')));
    parser.on('error', (error: Error) => fail(malformed(error)));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      stopListening();
      // The whole upload is in: its credential is checked again before any of it is written.
      const confirmed = req.res ? confirmCredentialStillLive(req.res) : Promise.resolve();
      confirmed.then(() => resolve({ fields, files }), reject);
    });
    req.pipe(parser);
  });
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? '';
}

/** Title of a script made from a file: its name without the extension (kept apart: extensionOfUpload). */
export function titleFromFileName(fileName: string): string {
  const title = fileName.replace(TITLE_EXTENSION, '').trim();
  return isBlank(title) ? 'Untitled' : title;
}

/**
 * Folder segments of a client-supplied relative path, with everything that could escape the target folder removed:
 * `.`/`..`, empty segments, drive letters, backslashes, tabs. The last segment (the file) is dropped. Other control
 * characters are kept, for the upload to refuse them (services/domain/shared/text.ts).
 */
export function folderSegments(relativePath: string): string[] {
  const segments = relativePath
    .split(/[\\/]+/)
    .map((segment) => segment.replace(/\t/g, '').trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..' && !/^[A-Za-z]:$/.test(segment))
    .map((segment) => segment.slice(0, 200));
  return segments.slice(0, -1).slice(0, 32);
}
