import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
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
 * Brotli quality: 9 by default, 11 with PRECOMPRESS_BROTLI_QUALITY=11 (the Docker image). Measured on the built assets
 * (8.0 MB, 2-core machine): quality 11 took 22 s for 1.61 MB, quality 9 2.1 s for 1.79 MB (11 % more bytes), and a
 * first `npm start` must not wait most of a minute for the difference (docs/performance.md, "Start-up build").
 */
export function brotliQuality(env: NodeJS.ProcessEnv = process.env): number {
  const quality = Number(env.PRECOMPRESS_BROTLI_QUALITY ?? 9);
  return Number.isInteger(quality) && quality >= 1 && quality <= 11 ? quality : 9;
}

/** Compressed copies by content: a rebuild that leaves a chunk unchanged (Monaco, StyLua) finds its copies here. */
const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'luavault-precompress');

async function cached(key: string, make: () => Promise<Buffer>, cacheDir: string | null): Promise<Buffer> {
  if (!cacheDir) return make();
  const file = join(cacheDir, key);
  try {
    return await readFile(file);
  } catch {
    const made = await make();
    await mkdir(cacheDir, { recursive: true });
    await writeFile(`${file}.tmp`, made);
    await rename(`${file}.tmp`, file);
    return made;
  }
}

/**
 * Writes `name.br` (brotli) and `name.gz` (gzip level 9) beside every compressible file over 1 KB in `dir`, once at
 * build time, so the server never compresses on a request. A copy that would not be smaller is skipped. Files are
 * compressed side by side on zlib's thread pool, and copies are kept by content in `cacheDir` for the next build.
 */
export async function precompressDir(
  dir: string,
  options: { quality?: number; cacheDir?: string | null } = {},
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const quality = options.quality ?? brotliQuality();
  const cacheDir = options.cacheDir === undefined ? CACHE_DIR : options.cacheDir;
  const names = (await readdir(dir, { recursive: true })).filter((n) => COMPRESSIBLE.test(n));
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  const one = async (name: string) => {
    const path = join(dir, name);
    if ((await stat(path)).size <= PRECOMPRESS_MIN_BYTES) return;
    const body = await readFile(path);
    const digest = createHash('sha256').update(body).digest('hex');
    const [br, gzipped] = await Promise.all([
      cached(`${digest}.q${quality}.br`, () =>
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }), cacheDir),
      cached(`${digest}.gz`, () => gz(body, { level: 9 }), cacheDir),
    ]);
    if (br.length < body.length) await writeFile(`${path}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
    files++;
    bytes += body.length;
    brotliBytes += Math.min(br.length, body.length);
  };
  // As many files at once as the machine has cores: zlib runs them on its thread pool.
  const queue = [...names];
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) await one(name);
  }));
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
      this.info?.(`pre-compressed ${files} assets: ${(bytes / 1e6).toFixed(2)} MB -> ${(brotliBytes / 1e6).toFixed(2)} MB brotli quality ${brotliQuality()} (${ms} ms)`);
    },
  };
}
