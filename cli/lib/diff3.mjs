// @ts-check
import { DEFAULT_BUDGET, matchLines } from './myers.mjs';

/**
 * A three-way merge of texts by lines, as git's (diff3, zealous): the base's lines kept by both sides split the texts
 * into stable runs and changed chunks. A chunk changed on one side only takes that side; changed the same way on both,
 * once; changed differently, it is a conflict written between markers:
 *
 *   <<<<<<< local
 *   (the local lines)
 *   =======
 *   (the server's lines)
 *   >>>>>>> server v7
 *
 * Like git, edits to adjacent lines (no unchanged line between them) are one chunk, hence a conflict. Lines keep their
 * own endings (CRLF, a missing final newline); markers use the local text's line ending.
 */

/** The marker lines a merge writes; `resolve` refuses a file that still holds one. */
export const MARKERS = Object.freeze({ local: '<<<<<<<', middle: '=======', server: '>>>>>>>' });

/**
 * @param {string} text
 * @returns {string[]} lines with their line ending kept (the last may have none)
 */
export function splitLines(text) {
  /** @type {string[]} */
  const lines = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    if (end < 0) {
      lines.push(text.slice(start));
      break;
    }
    lines.push(text.slice(start, end + 1));
    start = end + 1;
  }
  return lines;
}

/**
 * @param {{ base: string, local: string, server: string }} texts
 * @param {{ localLabel?: string, serverLabel?: string, budget?: number }} [options]
 * @returns {{ text: string, conflicts: number }} the merged text and how many conflict regions it holds
 */
export function merge3(texts, options = {}) {
  const ids = new Map();
  /** @param {string} text */
  const intern = (text) => {
    const lines = splitLines(text);
    const out = new Int32Array(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const line = /** @type {string} */ (lines[i]);
      let id = ids.get(line);
      if (id === undefined) ids.set(line, (id = ids.size));
      out[i] = id;
    }
    return { lines, ids: out };
  };
  const base = intern(texts.base);
  const local = intern(texts.local);
  const server = intern(texts.server);
  // one budget for both diffs, so the merge as a whole is bounded
  const budget = options.budget ?? DEFAULT_BUDGET;
  const toLocal = matchLines(base.ids, local.ids, { budget: budget / 2 }).matchA;
  const toServer = matchLines(base.ids, server.ids, { budget: budget / 2 }).matchA;

  const eol = texts.local.includes('\r\n') ? '\r\n' : '\n';
  const localMarker = `${MARKERS.local} ${options.localLabel ?? 'local'}${eol}`;
  const serverMarker = `${MARKERS.server} ${options.serverLabel ?? 'server'}${eol}`;
  /** @type {string[]} */
  const out = [];
  let conflicts = 0;
  /** Appends lines, ending the last with a line break when a marker follows it. @param {string[]} lines @param {boolean} markerNext */
  const emit = (lines, markerNext) => {
    for (const line of lines) out.push(line);
    const last = lines[lines.length - 1];
    if (markerNext && last !== undefined && !last.endsWith('\n')) out.push(eol);
  };

  let i = 0;
  let j = 0;
  let k = 0;
  const n = base.lines.length;
  for (;;) {
    // the next base line both sides kept: everything before it (on each side) is one chunk
    let next = i;
    while (next < n && (/** @type {number} */ (toLocal[next]) < 0 || /** @type {number} */ (toServer[next]) < 0)) next++;
    const jEnd = next < n ? /** @type {number} */ (toLocal[next]) : local.lines.length;
    const kEnd = next < n ? /** @type {number} */ (toServer[next]) : server.lines.length;
    if (next > i || jEnd > j || kEnd > k) {
      const b = base.ids.subarray(i, next);
      const l = local.ids.subarray(j, jEnd);
      const s = server.ids.subarray(k, kEnd);
      if (same(l, b)) emit(server.lines.slice(k, kEnd), false);
      else if (same(s, b) || same(l, s)) emit(local.lines.slice(j, jEnd), false);
      else {
        // lines both sides added alike at the chunk's start and end are not part of the conflict
        let head = 0;
        while (head < l.length && head < s.length && l[head] === s[head]) head++;
        let tail = 0;
        while (tail < l.length - head && tail < s.length - head && l[l.length - 1 - tail] === s[s.length - 1 - tail]) tail++;
        emit(local.lines.slice(j, j + head), true);
        out.push(localMarker);
        emit(local.lines.slice(j + head, jEnd - tail), true);
        out.push(`${MARKERS.middle}${eol}`);
        emit(server.lines.slice(k + head, kEnd - tail), true);
        out.push(serverMarker);
        emit(local.lines.slice(jEnd - tail, jEnd), false);
        conflicts++;
      }
    }
    if (next >= n) break;
    out.push(/** @type {string} */ (base.lines[next]));
    i = next + 1;
    j = jEnd + 1;
    k = kEnd + 1;
  }
  return { text: out.join(''), conflicts };
}

/** @param {Int32Array} x @param {Int32Array} y */
function same(x, y) {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * The 1-based line of the first conflict marker in `text` (`<<<<<<<` or `>>>>>>>` at the start of a line, then a
 * space or the line's end), or 0.
 * @param {string} text
 */
export function conflictMarkerLine(text) {
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    for (const marker of [MARKERS.local, MARKERS.server]) {
      if (text.startsWith(marker, start)) {
        const after = text[start + marker.length];
        if (start + marker.length >= stop || after === ' ' || after === '\r') return line;
      }
    }
    if (end < 0) break;
    start = end + 1;
    line++;
  }
  return 0;
}
