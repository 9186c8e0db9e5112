#!/usr/bin/env node
// `npm start`'s build step: builds the web app, the server and the CLI only when their inputs changed since the last build.
// A hash of every input file (and of the settings that change the output) is kept beside each build's output; a
// start with nothing changed skips both builds. Plain Node, so it costs no compiler start-up of its own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = ['package-lock.json', 'tsconfig.json'];

/** @typedef {{ name: string; script: string; inputs: string[]; output: string; settings: string[] }} Target */

/** What each part is built from, and where its output and stamp live. @type {[Target, Target, Target]} */
export const TARGETS = [
  { name: 'web app', script: 'build:web', inputs: ['web', ...SHARED], output: 'web/dist', settings: ['PRECOMPRESS_BROTLI_QUALITY'] },
  {
    name: 'server',
    script: 'build:server',
    // The gateway imports the web app's route list (web/src/config).
    inputs: ['services', 'projections', 'web/src/config', ...SHARED],
    output: 'dist/server',
    settings: [],
  },
  // The command-line tool the gateway serves at /cli/luavault.mjs; its version is the package's.
  { name: 'command-line tool', script: 'build:cli', inputs: ['cli', 'package.json'], output: 'dist/cli', settings: [] },
];

const SKIPPED = new Set(['node_modules', 'dist', '.git']);

/** @param {string} root @param {string} path @returns {Generator<string>} */
function* files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    if (/\.spec\.tsx?$/.test(entry.name)) continue; // tests are not part of a build
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* files(root, child);
    else if (entry.isFile()) yield child;
  }
}

/**
 * One hash over the inputs' paths and contents and the settings' values.
 * @param {string} root @param {Target} target @param {Record<string, string | undefined>} env
 */
export function inputsHash(root, target, env = process.env) {
  const hash = createHash('sha256');
  for (const input of target.inputs) {
    for (const path of files(root, input)) {
      hash.update(relative(root, join(root, path)).split(sep).join('/')).update('\0').update(readFileSync(join(root, path))).update('\0');
    }
  }
  for (const setting of target.settings) hash.update(`${setting}=${env[setting] ?? ''}\0`);
  return hash.digest('hex');
}

const STAMP = '.build-inputs';

/** @param {string} root @param {Target} target @param {string} hash */
export function isCurrent(root, target, hash) {
  const stamp = join(root, target.output, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/** @param {string} root */
function main(root) {
  for (const target of TARGETS) {
    const hash = inputsHash(root, target);
    if (isCurrent(root, target, hash)) continue;
    const started = performance.now();
    process.stdout.write(`Building the ${target.name} (its sources changed since the last build)...\n`);
    const run = spawnSync('npm', ['run', '--silent', target.script, '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
    writeFileSync(join(root, target.output, STAMP), `${hash}\n`);
    process.stdout.write(`Built the ${target.name} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.cwd());
