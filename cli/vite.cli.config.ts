import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The command-line tool as one plain-Node file, `dist/cli/luavault.mjs`, served by the gateway at `/cli/luavault.mjs`
 * (`npm run build:cli`, part of `npm run build`). Only `node:` built-ins stay imports, so the file runs with `node`
 * alone, anywhere. Not minified: it is a program people download and may want to read.
 *
 * Its version is the package's plus a hash of the CLI's sources: a server built from changed sources serves a new
 * version, and the CLI can tell its user to download again (cli/lib/version.mjs).
 */
const root = import.meta.dirname;
const sources = ['luavault.mjs', ...readdirSync(join(root, 'lib')).filter((f) => f.endsWith('.mjs')).sort().map((f) => `lib/${f}`)];
const hash = createHash('sha256');
for (const file of sources) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
const pkg = JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')) as { version: string };
export const CLI_BUILD_VERSION = `${pkg.version}+${hash.digest('hex').slice(0, 12)}`;

export default defineConfig({
  define: { 'globalThis.__LUAVAULT_CLI_VERSION__': JSON.stringify(CLI_BUILD_VERSION) },
  build: {
    ssr: true,
    outDir: 'dist/cli',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: { luavault: join(root, 'luavault.mjs') },
      output: {
        format: 'esm',
        entryFileNames: '[name].mjs',
        // one file: nothing split into chunks
        codeSplitting: false,
        // the entry's own `#!/usr/bin/env node` line is kept first
        banner: `// luavault ${CLI_BUILD_VERSION}: LuaVault's command-line sync, one file for Node 22.16+ (no dependencies).`,
      },
    },
  },
  logLevel: 'warn',
});
