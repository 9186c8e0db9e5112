// @ts-check
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from './errors.mjs';

/** @typedef {{ server: string, apiKey: string }} Credentials */

/** `$XDG_CONFIG_HOME/luavault/config.json`, else `~/.config/luavault/config.json`. */
export function configPath(env = process.env) {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'luavault', 'config.json');
}

/** @returns {Promise<Partial<Credentials>>} */
async function readConfigFile(env = process.env) {
  try {
    const parsed = JSON.parse(await readFile(configPath(env), 'utf8'));
    return {
      server: typeof parsed.server === 'string' ? parsed.server : undefined,
      apiKey: typeof parsed.apiKey === 'string' ? parsed.apiKey : undefined,
    };
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return {};
    throw new CliError(`Cannot read ${configPath(env)}: ${/** @type {Error} */ (error).message}`, EXIT.usage);
  }
}

/** Server and key: `LUAVAULT_SERVER` / `LUAVAULT_API_KEY` first, then the config file. */
export async function loadCredentials(env = process.env) {
  const file = await readConfigFile(env);
  const server = env.LUAVAULT_SERVER || file.server;
  const apiKey = env.LUAVAULT_API_KEY || file.apiKey;
  if (!server || !apiKey) {
    throw new CliError('Not logged in: run `luavault login --server <url>`, or set LUAVAULT_SERVER and LUAVAULT_API_KEY', EXIT.auth);
  }
  return { server: normalizeServer(server), apiKey };
}

/** @param {string} server */
export function normalizeServer(server) {
  let url;
  try {
    url = new URL(server);
  } catch {
    throw new CliError(`Not a server URL: ${server}`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`Not an http(s) URL: ${server}`, EXIT.usage);
  // trailing slashes dropped by a loop: `/\/+$/` is tried from every slash of a run (quadratic in it)
  const text = url.toString();
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/** Writes the config readable by its owner only (0600, directory 0700): it holds the API key. @param {Credentials} credentials */
export async function saveCredentials(credentials, env = process.env) {
  const path = configPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600); // an existing file keeps its old mode on write
  return path;
}

/**
 * The API key, without echo: from a terminal in raw mode, else the first line of stdin (pipes, CI).
 * @param {string} prompt
 * @returns {Promise<string>}
 */
export async function readSecret(prompt) {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0]?.trim() ?? '';
  }
  // Echo off before the prompt shows: a key pasted the moment the prompt appears must not be echoed to the terminal.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    /** @param {string} chunk */
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done();
          resolve(value.trim());
          return;
        }
        if (char === '\u0003') {
          done();
          reject(new CliError('Cancelled', EXIT.interrupted));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}
