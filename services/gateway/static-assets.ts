import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { RequestHandler } from 'express';

/** Hashed build output never changes under its name: a year, and no revalidation. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip' | 'identity';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };
/** The same answer as any unknown /api path. */
const NOT_FOUND = { error: 'Not found' };
/** One path segment of a built asset name (Vite writes `name-hash.ext`): no `..`, no separators. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** The encodings a client accepts, best first: br, then gzip, then identity (`q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  const result: Encoding[] = [];
  if (accepts('br')) result.push('br');
  if (accepts('gzip')) result.push('gzip');
  result.push('identity'); // always acceptable in practice; refusing it leaves nothing to send
  return result;
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built web app's hashed assets from `dir`, using the `.br` / `.gz` copies written at build time when
 * the client accepts them (never compressing per request), with `Vary: Accept-Encoding`, the original file's
 * Content-Type and the sent file's Content-Length. Unknown names answer 404.
 */
export function precompressedAssets(dir: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const segments = req.path.split('/').filter(Boolean);
    if (segments.length === 0 || !segments.every((s) => SAFE_SEGMENT.test(s) && !s.includes('..'))) {
      res.status(404).json(NOT_FOUND);
      return;
    }
    const file = join(dir, ...segments);
    try {
      for (const encoding of acceptedEncodings(req.get('accept-encoding'))) {
        const path = file + SUFFIX[encoding];
        const size = await sizeOf(path);
        if (size === null) continue;
        res.status(200);
        res.type(extname(file));
        res.set({ 'Cache-Control': IMMUTABLE_CACHE, Vary: 'Accept-Encoding', 'Content-Length': String(size), 'X-Content-Type-Options': 'nosniff' });
        if (encoding !== 'identity') res.set('Content-Encoding', encoding);
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        const stream = createReadStream(path);
        stream.on('error', (error) => (res.headersSent ? res.destroy(error) : next(error)));
        stream.pipe(res);
        return;
      }
      res.status(404).json(NOT_FOUND);
    } catch (error) {
      next(error);
    }
  };
}
