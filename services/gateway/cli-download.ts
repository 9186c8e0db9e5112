import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { ifNoneMatchHits } from './raw-fast-path';

/**
 * The command-line tool as the server offers it: `GET /cli/luavault.mjs`, the one-file build of cli/ that
 * `npm run build` writes (cli/vite.cli.config.ts), so a machine with only Node can install the CLI from the server it
 * syncs with. Its version is read from the file's banner; a CLI naming its own version in `X-LuaVault-CLI` gets the one
 * served back in `X-LuaVault-CLI-Served` on every `/api/v1` answer, and tells its user to download again when they differ.
 */
export interface ServedCli {
  body: Buffer;
  etag: string;
  version: string;
}

/** A missing build is looked for again at most this often (a build while the server runs is picked up). */
const RETRY_MS = 10_000;
/** The banner's second line: `// luavault <version>: ...`. */
const BANNER = /^\/\/ luavault (\S+):/m;

export class CliDownload {
  private served: ServedCli | null = null;
  private triedAt = -Infinity;

  constructor(private readonly file: string) {}

  /** The built file, read once; null while there is none. */
  current(): ServedCli | null {
    if (this.served || Date.now() - this.triedAt < RETRY_MS) return this.served;
    this.triedAt = Date.now();
    let body: Buffer;
    try {
      body = readFileSync(this.file);
    } catch {
      return null;
    }
    const version = BANNER.exec(body.subarray(0, 400).toString('utf8'))?.[1] ?? 'unknown';
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    this.served = { body, etag, version };
    return this.served;
  }
}

/** `GET /cli/luavault.mjs` (HEAD too): the file, revalidated on every download (ETag, 304). */
export function cliDownload(cli: CliDownload): RequestHandler {
  return (req, res) => {
    const served = cli.current();
    if (!served) {
      res.status(503).json({ error: 'The command-line tool is not built on this server: run `npm run build`' });
      return;
    }
    res.set({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Disposition': 'attachment; filename="luavault.mjs"',
      'Cache-Control': 'no-cache',
      ETag: served.etag,
      'X-LuaVault-CLI-Version': served.version,
    });
    // as the raw path does (lists, weak tags, `*`); Express's req.fresh gives up on the `Cache-Control: no-cache` fetch sends
    if (ifNoneMatchHits(req.get('if-none-match'), served.etag)) {
      res.status(304).end();
      return;
    }
    res.send(served.body);
  };
}

/** On `/api/v1`: a request from the CLI (it names its version) learns the version this server serves. */
export function servedCliVersion(cli: CliDownload): RequestHandler {
  return (req, res, next) => {
    if (req.get('x-luavault-cli')) {
      const served = cli.current();
      if (served) res.set('X-LuaVault-CLI-Served', served.version);
    }
    next();
  };
}
