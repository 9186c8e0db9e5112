// @ts-check

/** Exit codes (documented in the README, "Command-line sync"). */
export const EXIT = Object.freeze({
  ok: 0,
  /** network, server or file errors; some files could not be transferred */
  error: 1,
  /** bad arguments, not a synced directory, a directory synced elsewhere */
  usage: 2,
  /** conflicts: files changed on both sides, or remote versions not seen; nothing of those was overwritten */
  conflict: 3,
  /** no credentials, or the server refused the key */
  auth: 4,
  interrupted: 130,
});

export class CliError extends Error {
  /** @param {string} message @param {number} exitCode */
  constructor(message, exitCode = EXIT.error) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** An HTTP answer outside 2xx, with the server's `{ error }` message. */
export class ApiError extends CliError {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message, status === 401 || status === 403 ? EXIT.auth : EXIT.error);
    this.status = status;
  }
}
