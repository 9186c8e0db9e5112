import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError, ValidationError } from '../../domain/shared/errors';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 500;
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const INVALID_FILE_TYPE = 'Invalid file type - Only .lua and .txt files are allowed';
export const FILE_TOO_LARGE = 'File too large - Maximum file size is 5MB';
const ALLOWED_EXTENSION = /\.(lua|txt)$/i;

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

class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}

/**
 * Reads a multipart request with busboy, enforcing every limit while streaming: a 6 GB upload is refused
 * after its first 5 MB, never buffered. Only `.lua`/`.txt` files are accepted.
 */
export function readMultipart(req: Request): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) {
      reject(new ValidationError('Expected a multipart/form-data upload'));
      return;
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy signals 'limit' when a file *reaches* fileSize, so a file of exactly 5 MB would be refused: allow one byte more.
        limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES, fields: 2 * MAX_FILES + 10, fieldSize: 64 * 1024, parts: 3 * MAX_FILES + 10 },
      });
    } catch {
      reject(new ValidationError('Malformed multipart body'));
      return;
    }
    const fields = new Map<string, string[]>();
    const files: UploadedFile[] = [];
    let totalBytes = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume(); // drain what is left so the client sees our answer
      reject(error);
    };

    parser.on('field', (name, value) => fields.set(name, [...(fields.get(name) ?? []), value]));
    parser.on('file', (field, stream, info) => {
      const fileName = baseName(info.filename ?? '');
      if (!ALLOWED_EXTENSION.test(fileName)) {
        stream.resume();
        fail(new ValidationError(INVALID_FILE_TYPE, { fileName }));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        totalBytes += chunk.length;
        if (totalBytes > MAX_TOTAL_BYTES) fail(new PayloadTooLargeError('Upload too large - at most 50MB per upload'));
        else chunks.push(chunk);
      });
      stream.on('limit', () => fail(new PayloadTooLargeError(FILE_TOO_LARGE)));
      stream.on('end', () => {
        if (!failed) files.push({ field, fileName, content: Buffer.concat(chunks).toString('utf8') });
      });
    });
    parser.on('filesLimit', () => fail(new PayloadTooLargeError(`Too many files - at most ${MAX_FILES} per upload`)));
    parser.on('partsLimit', () => fail(new PayloadTooLargeError('Too many parts in the upload')));
    parser.on('fieldsLimit', () => fail(new PayloadTooLargeError('Too many fields in the upload')));
    parser.on('error', () => fail(new ValidationError('Malformed multipart body')));
    parser.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    req.pipe(parser);
  });
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? '';
}

/** Title of a script made from a file: its name without the extension. */
export function titleFromFileName(fileName: string): string {
  return fileName.replace(ALLOWED_EXTENSION, '').trim() || 'Untitled';
}

/**
 * Folder segments of a client-supplied relative path, with everything that could escape the target folder removed:
 * `.`/`..`, empty and control-character segments, drive letters, backslashes. The last segment (the file) is dropped.
 */
export function folderSegments(relativePath: string): string[] {
  const segments = relativePath
    .split(/[\\/]+/)
    .map((segment) => segment.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..' && !/^[A-Za-z]:$/.test(segment))
    .map((segment) => segment.slice(0, 200));
  return segments.slice(0, -1).slice(0, 32);
}
