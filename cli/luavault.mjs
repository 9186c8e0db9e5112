#!/usr/bin/env node
// @ts-check
/**
 * `luavault`: sync a local tree of .lua/.luau files (a Rojo project's src/, say) with a LuaVault folder.
 * Plain Node (no dependencies): node:util parseArgs, fetch and fs. See the README, "Command-line sync".
 */
import { watch as watchFiles } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { Api } from './lib/api.mjs';
import { forcePush, resolveFiles, takeTheirs } from './lib/choices.mjs';
import { loadCredentials, normalizeServer, readSecret, saveCredentials } from './lib/config.mjs';
import { unifiedDiff } from './lib/diff.mjs';
import { CliError, EXIT } from './lib/errors.mjs';
import { SCRIPT_FILE, decodeUtf8 } from './lib/mapping.mjs';
import { resolveFolder } from './lib/remote.mjs';
import { findSyncRoot, readState, STATE_DIR, writeState } from './lib/state.mjs';
import { CONFLICT_WAYS_OUT } from './lib/report.mjs';
import { pull, push, status } from './lib/sync.mjs';
import { cliVersion } from './lib/version.mjs';

const USAGE = `Usage: luavault <command> [options]

Commands:
  login --server <url>          ask for an API key (not echoed; or read from stdin) and keep both
  pull [<folder>] [dir]         download a LuaVault folder (path like Game/src) into dir (default: its name); a file
                                changed here and on the server is merged (three-way, like git)
  push [dir] [--to <folder>]    upload changed files; --to names the folder the first time (made if missing)
  resolve <file>...             the file as it is now goes on top of the server's latest version (push saves it);
                                refused while it holds conflict markers, unless --force
  pull --theirs <file>...       replace the files with the server's latest version
  push --force <file>...        save the files over the server's latest version (it stays in the history)
  watch [dir] [--debounce ms]   push on save (--once: stop after the first push made by a change)
  status                        what push and pull would do
  diff [file]                   local files against the server's latest version
  share <file>                  share a script; prints its raw URL and loadstring snippet
  search <words...>             find your scripts by title or content (every word must appear), grep-style lines;
                                --all-versions: older versions too; --limit n (default 20, at most 100)

Options:
  --delete         push: delete server scripts whose file is gone; pull: remove files deleted on the server
  -m, --message    version comment for push/watch
  --json           one JSON object on stdout (tools and CI)
  --progress       show progress on stderr even when it is not a terminal; --quiet: never
  -h, --help       this text; --version: this tool's version

Exit codes: 0 done, 1 error, 2 usage, 3 conflicts (nothing overwritten), 4 not logged in or key refused.

A conflict is a file changed here and on the server since this directory last saw it. To get out:
${CONFLICT_WAYS_OUT}

Environment: LUAVAULT_SERVER and LUAVAULT_API_KEY override the stored login.`;

const OPTIONS = /** @type {const} */ ({
  server: { type: 'string' },
  to: { type: 'string' },
  delete: { type: 'boolean', default: false },
  message: { type: 'string', short: 'm' },
  json: { type: 'boolean', default: false },
  progress: { type: 'boolean', default: false },
  quiet: { type: 'boolean', short: 'q', default: false },
  debounce: { type: 'string', default: '300' },
  once: { type: 'boolean', default: false },
  'all-versions': { type: 'boolean', default: false },
  limit: { type: 'string', default: '20' },
  theirs: { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
});

/** @typedef {ReturnType<typeof parse>} Args */
function parse(/** @type {string[]} */ argv) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${/** @type {Error} */ (error).message}\n\n${USAGE}`, EXIT.usage);
  }
}

/** @param {Args} args @param {import('./lib/report.mjs').Report} report */
function print(args, report) {
  if (args.values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else process.stdout.write(`${report.toText()}\n`);
  return report.exitCode();
}

/** Transfers of more than a handful of files show progress in a terminal. @param {Args} args */
const wantsProgress = (args) => !args.values.quiet && (args.values.progress || (Boolean(process.stderr.isTTY) && !args.values.json));

/** @param {string} dir @param {Api} api */
async function openSyncRoot(dir, api) {
  const root = await findSyncRoot(dir);
  if (!root) throw new CliError(`${resolve(dir)} is not a synced directory (no ${STATE_DIR}/): run \`luavault pull <folder>\` or \`luavault push --to <folder>\``, EXIT.usage);
  const state = /** @type {import('./lib/state.mjs').SyncState} */ (await readState(root));
  checkServer(state, api);
  return { root, state };
}

/** @param {import('./lib/state.mjs').SyncState} state @param {Api} api */
function checkServer(state, api) {
  if (state.server && state.server !== api.server) {
    throw new CliError(`This directory syncs with ${state.server}, but the configured server is ${api.server}`, EXIT.usage);
  }
}

async function api() {
  return new Api(await loadCredentials());
}

/** @param {Args} args */
async function login(args) {
  if (!args.values.server) throw new CliError('luavault login --server <url>', EXIT.usage);
  const server = normalizeServer(args.values.server);
  const apiKey = await readSecret(`API key for ${server} (from your API Keys page): `);
  if (!apiKey) throw new CliError('No API key given', EXIT.usage);
  await new Api({ server, apiKey }).health(); // a refused key exits 4 and stores nothing
  const path = await saveCredentials({ server, apiKey });
  if (args.values.json) process.stdout.write(`${JSON.stringify({ command: 'login', server, config: path, exitCode: 0 })}\n`);
  else process.stdout.write(`Logged in to ${server}; key stored in ${path}\n`);
  return EXIT.ok;
}

/** @param {Args} args */
async function pullCommand(args) {
  const client = await api();
  if (args.values.theirs) {
    const { root, state, paths } = await namedFiles(args, client, 'pull --theirs <file>...');
    return print(args, await takeTheirs({ api: client, root, state, progress: false }, paths));
  }
  const [folderArg, dirArg] = args.positionals;
  if (!folderArg) {
    // inside a synced directory: pull its folder
    const { root, state } = await openSyncRoot('.', client);
    return print(args, await pull({ api: client, root, state, progress: wantsProgress(args) }, { delete: args.values.delete }));
  }
  const folder = await resolveFolder(client, folderArg);
  const root = resolve(dirArg ?? basename(folder.path));
  const existing = await readState(root);
  if (existing && existing.folderId !== folder.id) {
    throw new CliError(`${root} already syncs with the folder "${existing.folderPath}"`, EXIT.usage);
  }
  if (existing) checkServer(existing, client);
  const state = existing ?? { server: client.server, folderId: folder.id, folderPath: folder.path, files: {} };
  await writeState(root, state);
  return print(args, await pull({ api: client, root, state, progress: wantsProgress(args) }, { delete: args.values.delete }));
}

/** The directory and its state for push/watch: a synced directory, or a new one with --to. @param {Args} args @param {Api} client */
async function pushTarget(args, client) {
  const dirArg = args.positionals[0];
  // a directory inside a synced one pushes that one, unless --to starts a new sync here
  const enclosing = dirArg && args.values.to ? null : await findSyncRoot(dirArg ?? '.');
  const root = enclosing ?? resolve(dirArg ?? '.');
  const existing = await readState(root);
  if (existing) {
    checkServer(existing, client);
    if (args.values.to) {
      const target = await resolveFolder(client, args.values.to);
      if (target.id !== existing.folderId) throw new CliError(`${root} already syncs with the folder "${existing.folderPath}"`, EXIT.usage);
    }
    return { root, state: existing };
  }
  if (!args.values.to) throw new CliError(`${root} is not synced yet: name its folder with --to <folder>`, EXIT.usage);
  const folder = await resolveFolder(client, args.values.to, { create: true });
  const state = { server: client.server, folderId: folder.id, folderPath: folder.path, files: {} };
  await writeState(root, state);
  return { root, state };
}

/** @param {Args} args */
async function pushCommand(args) {
  const client = await api();
  if (args.values.force) {
    const { root, state, paths } = await namedFiles(args, client, 'push --force <file>...');
    return print(args, await forcePush({ api: client, root, state, progress: false }, paths, { message: args.values.message }));
  }
  const { root, state } = await pushTarget(args, client);
  return print(args, await push({ api: client, root, state, progress: wantsProgress(args) }, { delete: args.values.delete, message: args.values.message }));
}

/**
 * Pushes now, then again each time a .lua/.luau file is saved, once the saves have been quiet for the debounce.
 * A push never runs twice at once: saves during a push schedule one more.
 * @param {Args} args
 */
async function watchCommand(args) {
  const client = await api();
  const { root, state } = await pushTarget(args, client);
  const debounce = Number(args.values.debounce);
  if (!Number.isFinite(debounce) || debounce < 0) throw new CliError('--debounce takes milliseconds', EXIT.usage);
  const runPush = async () => push({ api: client, root, state, progress: wantsProgress(args) }, { delete: false, message: args.values.message });
  print(args, await runPush());

  return new Promise((resolveExit, reject) => {
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    let running = false;
    let again = false;
    const watcher = watchFiles(root, { recursive: true }, (_event, name) => {
      const path = String(name ?? '');
      if (!SCRIPT_FILE.test(path) || path.split(sep).some((part) => part.startsWith('.'))) return;
      clearTimeout(timer);
      timer = setTimeout(run, debounce);
    });
    // on stderr, so --json keeps stdout to one report per push; written once the watcher is in place
    process.stderr.write(`Watching ${root} (Ctrl-C to stop)\n`);
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const code = print(args, await runPush());
        if (args.values.once) {
          watcher.close();
          resolveExit(code);
          return;
        }
      } catch (error) {
        // a failed push (server down, say) is reported; watching goes on unless --once
        if (args.values.once) {
          watcher.close();
          reject(error);
          return;
        }
        process.stderr.write(`luavault: ${/** @type {Error} */ (error).message}\n`);
      } finally {
        running = false;
      }
      if (again) {
        again = false;
        await run();
      }
    };
    process.once('SIGINT', () => {
      watcher.close();
      resolveExit(EXIT.ok);
    });
  });
}

/** @param {Args} args */
async function statusCommand(args) {
  const client = await api();
  const { root, state } = await openSyncRoot(args.positionals[0] ?? '.', client);
  const { report } = await status({ api: client, root, state, progress: false });
  return print(args, report);
}

/** A file argument as the state's `/`-separated path. @param {string} root @param {string} file */
function statePathOf(root, file) {
  const path = relative(root, resolve(file)).split(sep).join('/');
  if (path.startsWith('..')) throw new CliError(`${file} is outside the synced directory ${root}`, EXIT.usage);
  return path;
}

/**
 * The files a per-file command names, as state paths of the one synced directory holding them.
 * @param {Args} args @param {Api} client @param {string} usage
 */
async function namedFiles(args, client, usage) {
  const files = args.positionals;
  if (files.length === 0) throw new CliError(`luavault ${usage}`, EXIT.usage);
  const { root, state } = await openSyncRoot(resolve(/** @type {string} */ (files[0]), '..'), client);
  return { root, state, paths: [...new Set(files.map((file) => statePathOf(root, file)))] };
}

/** @param {Args} args */
async function resolveCommand(args) {
  const client = await api();
  const { root, state, paths } = await namedFiles(args, client, 'resolve <file>... [--force]');
  return print(args, await resolveFiles({ api: client, root, state, progress: false }, paths, { force: args.values.force }));
}

/** @param {Args} args */
async function diffCommand(args) {
  const client = await api();
  const file = args.positionals[0];
  const { root, state } = await openSyncRoot(file ? resolve(file, '..') : '.', client);
  const { plan } = await status({ api: client, root, state, progress: false });
  const only = file ? statePathOf(root, file) : null;
  if (only && !plan.some((e) => e.path === only) && !(only in state.files)) throw new CliError(`${file} is not a synced script file`, EXIT.usage);
  /** @type {{ path: string, from: number | null, diff: string }[]} */
  const diffs = [];
  for (const entry of plan) {
    if (entry.kind === 'unchanged' || (only && entry.path !== only)) continue;
    const id = entry.seen?.id ?? entry.remote?.id;
    const remote = id ? await client.content(id) : null;
    const localText = entry.local ? (decodeUtf8(entry.local.bytes) ?? '(not UTF-8)\n') : '';
    const text = unifiedDiff(remote?.content ?? '', localText, {
      from: remote ? `server/${entry.path} (v${remote.version})` : '/dev/null',
      to: entry.local ? `local/${entry.path}` : '/dev/null',
    });
    if (text) diffs.push({ path: entry.path, from: remote?.version ?? null, diff: text });
  }
  if (args.values.json) process.stdout.write(`${JSON.stringify({ command: 'diff', diffs, exitCode: 0 })}\n`);
  else process.stdout.write(diffs.map((d) => d.diff).join(''));
  return EXIT.ok;
}

/** @param {Args} args */
async function shareCommand(args) {
  const client = await api();
  const file = args.positionals[0];
  if (!file) throw new CliError('luavault share <file>', EXIT.usage);
  const { root, state } = await openSyncRoot(resolve(file, '..'), client);
  const path = statePathOf(root, file);
  const seen = state.files[path];
  if (!seen) throw new CliError(`${file} is not on the server yet: push it first`, EXIT.usage);
  const shared = await client.share(seen.id);
  const rawUrl = shared.rawUrl ?? `${client.server}/api/share/${shared.shareId}/raw`;
  const loadstring = shared.loadstring ?? (await client.loadstring(seen.id));
  if (args.values.json) process.stdout.write(`${JSON.stringify({ command: 'share', path, shareId: shared.shareId, rawUrl, loadstring, exitCode: 0 })}\n`);
  else process.stdout.write(`${rawUrl}\n${loadstring}\n`);
  return EXIT.ok;
}

/**
 * `search <words...>`: the server's full-text search, printed like grep (`where:line: text`). Inside a synced directory
 * a hit on a synced script is named by its local file; elsewhere by its folder path and title.
 * @param {Args} args
 */
async function searchCommand(args) {
  const client = await api();
  const q = args.positionals.join(' ').trim();
  if (!q) throw new CliError('luavault search <words...> [--all-versions]', EXIT.usage);
  const limit = Number(args.values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new CliError('--limit takes a whole number from 1 to 100', EXIT.usage);
  const hits = await client.search(q, { allVersions: args.values['all-versions'], limit });
  const root = await findSyncRoot('.');
  const state = root ? await readState(root) : null;
  /** @type {Map<string, string>} script id -> local path, relative to the working directory */
  const localPaths = new Map();
  if (root && state && (!state.server || state.server === client.server)) {
    for (const [path, seen] of Object.entries(state.files)) localPaths.set(seen.id, relative('.', resolve(root, path)).split(sep).join('/'));
  }
  const results = hits.map((hit) => ({
    ...hit,
    where: localPaths.get(hit.scriptId) ?? [...hit.path.map((folder) => folder.name), hit.title].join('/'),
  }));
  if (args.values.json) {
    process.stdout.write(`${JSON.stringify({ command: 'search', q, results, exitCode: 0 })}\n`);
    return EXIT.ok;
  }
  const lines = [];
  for (const hit of results) {
    const where = hit.current ? hit.where : `${hit.where} (v${hit.version})`;
    if (hit.lines.length === 0) lines.push(`${where}: title matches`);
    for (const line of hit.lines) lines.push(`${where}:${line.line}: ${line.text}`);
  }
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'No matches\n');
  return EXIT.ok;
}

/** @type {Record<string, (args: Args) => Promise<number>>} */
const COMMANDS = {
  login,
  pull: pullCommand,
  push: pushCommand,
  watch: watchCommand,
  status: statusCommand,
  resolve: resolveCommand,
  diff: diffCommand,
  share: shareCommand,
  search: searchCommand,
};

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? EXIT.ok : EXIT.usage;
  }
  if (command === '--version') {
    process.stdout.write(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  const run = COMMANDS[command];
  if (!run) throw new CliError(`Unknown command "${command}"\n\n${USAGE}`, EXIT.usage);
  const args = parse(rest);
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  return run(args);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    const code = error instanceof CliError ? error.exitCode : EXIT.error;
    const message = error instanceof CliError ? error.message : String(error?.stack ?? error);
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: message, exitCode: code })}\n`);
    process.stderr.write(`luavault: ${message}\n`);
    process.exitCode = code;
  },
);
