import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawScriptCache, RawEntry } from './raw-script-cache';
import type { ViewCounter } from './view-counter';

const RAW_PATH = /^\/api\/share\/([A-Za-z0-9_-]{1,36})\/raw$/;
export const SHARE_NOT_FOUND = 'Script not found or no longer shared';
const NOT_FOUND_BODY = JSON.stringify({ error: SHARE_NOT_FOUND });

/**
 * Our hottest path, `GET /api/share/{id}/raw`, answered before the Express router (which costs most of a
 * request's time) from memory with a precomputed ETag. Returns false for anything else, which Express handles
 * (including `?version=N`, pinned raw URLs).
 */
export function createRawFastPath(
  cache: RawScriptCache,
  views: ViewCounter,
  onError: (error: unknown) => void,
  observe: (status: number, seconds: number) => void = () => undefined,
  /** the raw rate limit: false when it answered 429 itself (an in-process count, no I/O) */
  withinLimit: (req: IncomingMessage, res: ServerResponse, shareId: string) => boolean = () => true,
) {
  return function handleRaw(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const match = RAW_PATH.exec(req.url ?? '');
    if (!match) return false;
    const started = performance.now();
    const shareId = match[1]!;
    if (!withinLimit(req, res, shareId)) {
      observe(res.statusCode, (performance.now() - started) / 1000);
      return true;
    }
    const cached = cache.peek(shareId);
    if (cached) {
      send(req, res, cached, views);
      observe(res.statusCode, (performance.now() - started) / 1000);
      return true;
    }
    const done = () => observe(res.statusCode, (performance.now() - started) / 1000);
    cache.load(shareId).then(
      (entry) => {
        if (entry) send(req, res, entry, views);
        else {
          res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(NOT_FOUND_BODY) });
          res.end(NOT_FOUND_BODY);
        }
        done();
      },
      (error) => {
        onError(error);
        if (!res.headersSent) res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'Temporarily unavailable' }));
        done();
      },
    );
    return true;
  };
}

function send(req: IncomingMessage, res: ServerResponse, entry: RawEntry, views: ViewCounter): void {
  views.count(entry.scriptId, 'raw');
  if (ifNoneMatchHits(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, entry.notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(200, entry.headers);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/**
 * RFC 9110 If-None-Match for GET/HEAD: `*` matches any current representation; otherwise a comma-separated list of
 * entity tags compared weakly (a `W/` prefix on either side is ignored), so a client that cached a weakened tag
 * (e.g. after a compressing proxy) still gets its 304.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const ours = opaque(etag);
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || (tag !== '' && opaque(tag) === ours)) return true;
  }
  return false;
}
