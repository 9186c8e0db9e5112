import type { RequestHandler, Response } from 'express';

/** The largest body any API answer may have (issue "Safe in public": no response body exceeds 8 MB). */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export const RESPONSE_TOO_LARGE = 'Response too large - answers are limited to 8 MB';
/** A write is applied before its answer is built, so its 413 must not read as a refusal. */
export const WRITE_RESPONSE_TOO_LARGE = `${RESPONSE_TOO_LARGE}; the change itself was applied`;

/**
 * Lists are bounded by construction (pages of summaries); this guard catches the rest, e.g. a 5 MB script whose JSON
 * escaping doubles it. The answer becomes a 413 JSON error rather than an unbounded body (a write stays applied: the
 * message says so). `res.json` goes through
 * `res.send`, so wrapping `send` covers both.
 */
export function responseSizeCap(maxBytes = MAX_RESPONSE_BYTES): RequestHandler {
  return (_req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : 0;
      if (size <= maxBytes) return send(body);
      res.send = send;
      return sendTooLarge(res);
    };
    next();
  };
}

/** The 413 that replaces an answer over MAX_RESPONSE_BYTES (answers written in parts check their size themselves). */
export function sendTooLarge(res: Response): Response {
  res.removeHeader('ETag');
  res.removeHeader('Link');
  const read = res.req.method === 'GET' || res.req.method === 'HEAD';
  return res.status(413).type('application/json').send(JSON.stringify({ error: read ? RESPONSE_TOO_LARGE : WRITE_RESPONSE_TOO_LARGE }));
}
