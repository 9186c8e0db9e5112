import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files at or below this size are not worth a compressed copy (headers cost more than they save). */
export const PRECOMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|map|ttf)$/;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every compressible file over 1 KB in
 * `dir`, once at build time, so the server never compresses on a request. A copy that would not be smaller is skipped.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const names = (await readdir(dir, { recursive: true })).filter((n) => COMPRESSIBLE.test(n));
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  // One file at a time: the build machine is shared, and brotli at quality 11 is CPU-bound anyway.
  for (const name of names) {
    const path = join(dir, name);
    if ((await stat(path)).size <= PRECOMPRESS_MIN_BYTES) continue;
    const body = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    if (br.length < body.length) await writeFile(`${path}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
    files++;
    bytes += body.length;
    brotliBytes += Math.min(br.length, body.length);
  }
  return { files, bytes, brotliBytes };
}

/** Vite plugin: pre-compress the built assets once the bundle is written. */
export function precompressAssets(assetsDir: string): Plugin {
  return {
    name: 'luavault-precompress',
    apply: 'build',
    async closeBundle() {
      const started = performance.now();
      const { files, bytes, brotliBytes } = await precompressDir(assetsDir);
      const ms = Math.round(performance.now() - started);
      this.info?.(`pre-compressed ${files} assets: ${(bytes / 1e6).toFixed(2)} MB -> ${(brotliBytes / 1e6).toFixed(2)} MB brotli (${ms} ms)`);
    },
  };
}
