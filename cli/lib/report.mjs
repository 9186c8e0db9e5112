// @ts-check
import { EXIT } from './errors.mjs';

/**
 * What a command did, per path. `--json` prints it as one object; otherwise one line per path and a summary.
 * Actions: created, updated, downloaded, deleted, linked (same content on both sides), merged (a pull combined both
 * sides' changes), resolved (the file is now based on the server's latest), conflict, skipped, failed, and, for what
 * this command leaves to another, pending (with a reason).
 * @typedef {'created' | 'updated' | 'downloaded' | 'deleted' | 'linked' | 'merged' | 'resolved' | 'conflict' | 'skipped' | 'failed' | 'pending'} Action
 * @typedef {{ path: string, action: Action, version?: number, reason?: string }} Change
 */
export class Report {
  /** @param {string} command @param {Record<string, unknown>} [info] */
  constructor(command, info = {}) {
    this.command = command;
    this.info = info;
    /** @type {Change[]} */
    this.changes = [];
    this.unchanged = 0;
  }

  /** @param {string} path @param {Action} action @param {{ version?: number, reason?: string }} [details] */
  add(path, action, details = {}) {
    this.changes.push({ path, action, ...details });
  }

  count(/** @type {Action} */ action) {
    return this.changes.filter((c) => c.action === action).length;
  }

  /** Failures first (something could not be done), then conflicts (something was left alone on purpose). */
  exitCode() {
    if (this.count('failed') > 0) return EXIT.error;
    if (this.count('conflict') > 0) return EXIT.conflict;
    return EXIT.ok;
  }

  toJSON() {
    return { command: this.command, ...this.info, changes: this.changes, unchanged: this.unchanged, exitCode: this.exitCode() };
  }

  /** @returns {string} */
  toText() {
    const lines = this.changes.map((c) => {
      const version = c.version === undefined ? '' : ` (v${c.version})`;
      const reason = c.reason ? `: ${c.reason}` : '';
      return `${c.action.padEnd(10)} ${c.path}${version}${reason}`;
    });
    /** @type {Action[]} */
    const order = ['created', 'updated', 'downloaded', 'deleted', 'linked', 'merged', 'resolved', 'pending', 'skipped', 'conflict', 'failed'];
    const counts = order.filter((a) => this.count(a) > 0).map((a) => `${this.count(a)} ${a}`);
    counts.push(`${this.unchanged} unchanged`);
    lines.push(`${this.command}: ${counts.join(', ')}`);
    // resolve's own conflicts (markers left) say what to do in their reason
    if (this.count('conflict') > 0 && this.command !== 'resolve') lines.push(`Conflicting files were left as they are. To get out:\n${CONFLICT_WAYS_OUT}`);
    return lines.join('\n');
  }
}

/** How to get out of a conflict (also in the README and `luavault --help`). */
export const CONFLICT_WAYS_OUT = [
  '  luavault pull                    merge the server\'s changes into your files (git-style markers where both changed the same lines)',
  '  luavault resolve <file>...       once the file is as it should be: it becomes the next version on top of the server\'s; then push',
  '  luavault pull --theirs <file>    or take the server\'s version (overwrites yours)',
  '  luavault push --force <file>     or save yours over the server\'s (its version stays in the history)',
  '  luavault diff <file>             shows both sides',
].join('\n');

/** `[3/40] path` on stderr: redrawn in a terminal, one line each when asked for with --progress elsewhere. */
export class Progress {
  /** @param {number} total @param {{ enabled: boolean }} options */
  constructor(total, options) {
    this.total = total;
    this.done = 0;
    this.tty = Boolean(process.stderr.isTTY);
    this.enabled = options.enabled;
  }

  /** @param {string} label */
  tick(label) {
    this.done++;
    if (!this.enabled) return;
    const line = `[${this.done}/${this.total}] ${label}`;
    if (this.tty) process.stderr.write(`\r\u001b[2K${line.slice(0, (process.stderr.columns || 80) - 1)}`);
    else process.stderr.write(`${line}\n`);
  }

  end() {
    if (this.enabled && this.tty && this.done > 0) process.stderr.write('\r\u001b[2K');
  }
}
