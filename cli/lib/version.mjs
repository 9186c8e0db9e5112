// @ts-check
import { readFileSync } from 'node:fs';

/**
 * The CLI's version. The one-file build that the server offers at `/cli/luavault.mjs` (cli/vite.cli.config.ts) writes
 * in `<package version>+<hash of the CLI's sources>`, so any change to the CLI is a new version; run from a clone, it
 * is the package's version and is never compared with a server's.
 */
const BUILT = /** @type {{ __LUAVAULT_CLI_VERSION__?: string }} */ (globalThis).__LUAVAULT_CLI_VERSION__;

/** The build's version, or null when run from the sources. */
export const BUILT_VERSION = typeof BUILT === 'string' ? BUILT : null;

/** @type {string | undefined} */
let fromSource;

export function cliVersion() {
  if (BUILT_VERSION) return BUILT_VERSION;
  fromSource ??= `${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version} (from source)`;
  return fromSource;
}

/** Request header naming this CLI's version; the server answers with the one it serves. */
export const CLI_HEADER = 'X-LuaVault-CLI';
export const SERVED_HEADER = 'x-luavault-cli-served';

let told = false;

/**
 * Tells the user once per run, on stderr, when the server offers another build than this one.
 * @param {string | null} served the version the server serves, from its answer's header @param {string} server
 */
export function noteServedVersion(served, server) {
  if (told || !served || !BUILT_VERSION || served === BUILT_VERSION) return;
  told = true;
  process.stderr.write(
    `luavault: ${server} offers another version of this tool (${served}; this is ${BUILT_VERSION}). Download it again:\n` +
      `  curl -fsSLo luavault.mjs ${server}/cli/luavault.mjs\n`,
  );
}
