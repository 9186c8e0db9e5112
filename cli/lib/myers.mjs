// @ts-check

/**
 * Which lines of `a` and `b` are kept (a longest common subsequence), by Myers' O((N+M)D) algorithm in linear space:
 * the middle snake splits the problem in two, recursively (the "bisect" of Myers 1986, section 4b, as diff-match-patch
 * writes it). Lines are compared as integers (interned by the caller).
 *
 * Work is bounded: every diagonal step spends one unit of `budget`. Once it is spent, what is left of the problem is
 * treated as replaced (no line kept): a huge, very different pair of files gets a coarse but correct answer in bounded
 * time instead of minutes of CPU. Within the budget the answer is a shortest edit script.
 */

/** About a second of diagonal steps at worst; 5 MB files with a few thousand edits stay far below it. */
export const DEFAULT_BUDGET = 20_000_000;

/**
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 * @param {{ budget?: number }} [options]
 * @returns {{ matchA: Int32Array, exhausted: boolean }} `matchA[i]` is the index in `b` of the line kept with `a[i]`, or -1
 */
export function matchLines(a, b, options = {}) {
  const matchA = new Int32Array(a.length).fill(-1);
  const state = { budget: options.budget ?? DEFAULT_BUDGET, exhausted: false };
  solve(a, 0, a.length, b, 0, b.length, matchA, state);
  return { matchA, exhausted: state.exhausted };
}

/**
 * @param {ArrayLike<number>} a @param {number} aLo @param {number} aHi
 * @param {ArrayLike<number>} b @param {number} bLo @param {number} bHi
 * @param {Int32Array} matchA @param {{ budget: number, exhausted: boolean }} state
 */
function solve(a, aLo, aHi, b, bLo, bHi, matchA, state) {
  // common start and end first: the usual case (a few edits in a long file) never reaches the bisection
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) matchA[aLo++] = bLo++;
  while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) matchA[--aHi] = --bHi;
  if (aLo === aHi || bLo === bHi || state.exhausted) return;
  const split = bisect(a, aLo, aHi, b, bLo, bHi, state);
  // replaced as a whole (no line kept); a split at either corner would not make the problem smaller
  if (!split || (split.x === aLo && split.y === bLo) || (split.x === aHi && split.y === bHi)) return;
  solve(a, aLo, split.x, b, bLo, split.y, matchA, state);
  solve(a, split.x, aHi, b, split.y, bHi, matchA, state);
}

/**
 * A point on a shortest edit path of `a[aLo..aHi)` against `b[bLo..bHi)`, found where the forward and backward searches
 * meet; null when both sides share no line or the budget ran out. Both ends differ (solve cut the common ones).
 * @param {ArrayLike<number>} a @param {number} aLo @param {number} aHi
 * @param {ArrayLike<number>} b @param {number} bLo @param {number} bHi
 * @param {{ budget: number, exhausted: boolean }} state
 * @returns {{ x: number, y: number } | null} absolute indices
 */
function bisect(a, aLo, aHi, b, bLo, bHi, state) {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD;
  const size = 2 * maxD + 2;
  // furthest x reached on each diagonal k (index k + offset), forward from the start and backward from the end
  const v1 = new Int32Array(size).fill(-1);
  const v2 = new Int32Array(size).fill(-1);
  v1[offset + 1] = 0;
  v2[offset + 1] = 0;
  const delta = n - m;
  const front = (delta & 1) !== 0; // an odd delta meets on a forward step, an even one on a backward step
  let k1start = 0;
  let k1end = 0;
  let k2start = 0;
  let k2end = 0;
  for (let d = 0; d < maxD; d++) {
    for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      const i = offset + k1;
      const start = k1 === -d || (k1 !== d && /** @type {number} */ (v1[i - 1]) < /** @type {number} */ (v1[i + 1])) ? /** @type {number} */ (v1[i + 1]) : /** @type {number} */ (v1[i - 1]) + 1;
      let x1 = start;
      let y1 = x1 - k1;
      while (x1 < n && y1 < m && a[aLo + x1] === b[bLo + y1]) {
        x1++;
        y1++;
      }
      state.budget -= 1 + x1 - start;
      v1[i] = x1;
      if (x1 > n) k1end += 2; // ran off the right of the grid
      else if (y1 > m) k1start += 2; // ran off the bottom
      else if (front) {
        const j = offset + delta - k1;
        if (j >= 0 && j < size && /** @type {number} */ (v2[j]) !== -1 && x1 >= n - /** @type {number} */ (v2[j])) return { x: aLo + x1, y: bLo + y1 };
      }
    }
    for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      const i = offset + k2;
      const start = k2 === -d || (k2 !== d && /** @type {number} */ (v2[i - 1]) < /** @type {number} */ (v2[i + 1])) ? /** @type {number} */ (v2[i + 1]) : /** @type {number} */ (v2[i - 1]) + 1;
      let x2 = start;
      let y2 = x2 - k2;
      while (x2 < n && y2 < m && a[aHi - x2 - 1] === b[bHi - y2 - 1]) {
        x2++;
        y2++;
      }
      state.budget -= 1 + x2 - start;
      v2[i] = x2;
      if (x2 > n) k2end += 2;
      else if (y2 > m) k2start += 2;
      else if (!front) {
        const j = offset + delta - k2;
        if (j >= 0 && j < size && /** @type {number} */ (v1[j]) !== -1) {
          const x1 = /** @type {number} */ (v1[j]);
          const y1 = offset + x1 - j;
          if (x1 >= n - x2) return { x: aLo + x1, y: bLo + y1 };
        }
      }
    }
    if (state.budget <= 0) {
      state.exhausted = true;
      return null;
    }
  }
  return null;
}
