/**
 * How to install the command-line tool from this server, as the API Keys page shows it (and the README, "Command-line
 * sync"); tests/cli/install.int.spec.ts runs these very commands in an empty directory.
 */
export const CLI_DOWNLOAD_PATH = '/cli/luavault.mjs';

export interface CliInstallCommands {
  /** download with curl (macOS, Linux, Windows 10 and later) */
  download: string;
  /** the same with Node alone, for machines without curl */
  downloadWithNode: string;
  /** log in: asks for an API key, not echoed */
  login: string;
}

export function cliInstallCommands(origin: string): CliInstallCommands {
  const url = `${origin}${CLI_DOWNLOAD_PATH}`;
  return {
    download: `curl -fsSLo luavault.mjs ${url}`,
    downloadWithNode:
      `node -e "fetch(process.argv[1]).then(r=>{if(!r.ok)throw new Error('HTTP '+r.status);return r.arrayBuffer()})` +
      `.then(b=>require('fs').writeFileSync('luavault.mjs',Buffer.from(b)))" ${url}`,
    login: `node luavault.mjs login --server ${origin}`,
  };
}
