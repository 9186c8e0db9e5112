/**
 * Lines added and removed from one version to the next, as a line diff counts them (`+N −M`). Computed once, when a
 * version is projected, so version lists never read contents.
 *
 * The common head and tail are cut first (most saves change a few lines). What is left is diffed with Myers'
 * algorithm, whose cost grows with the lines times the edit distance; past a fixed budget of steps (a rewrite of a
 * large script) the counts come from comparing the two sides' lines as multisets instead: the same figures except
 * that a moved line counts as unchanged. Either way a save costs the projector a bounded, linear amount of work.
 */
export type LineChanges = { added: number; removed: number };

/** Steps of the exact diff before it gives way to the multiset count (a few milliseconds of CPU). */
export const DIFF_STEP_BUDGET = 2_000_000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\n|\r/);
  // a final newline ends the last line; it does not start another
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function lineChanges(before: string, after: string, budget = DIFF_STEP_BUDGET): LineChanges {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const oldLines = a.slice(start, endA);
  const newLines = b.slice(start, endB);
  if (oldLines.length === 0 || newLines.length === 0) return { added: newLines.length, removed: oldLines.length };
  // Lines as small integers: comparisons are then cheap whatever a line's length.
  const ids = new Map<string, number>();
  const idOf = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  const x = Int32Array.from(oldLines, idOf);
  const y = Int32Array.from(newLines, idOf);
  const distance = editDistance(x, y, budget);
  const common = distance === null ? commonAsMultisets(x, y, ids.size) : (x.length + y.length - distance) / 2;
  return { added: y.length - common, removed: x.length - common };
}

/** Myers' greedy shortest edit script length (insertions + deletions), or null once `budget` steps are spent. */
function editDistance(x: Int32Array, y: Int32Array, budget: number): number | null {
  const n = x.length;
  const m = y.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  let steps = 0;
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let i = k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!) ? v[max + k + 1]! : v[max + k - 1]! + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) {
        i++;
        j++;
        steps++;
      }
      v[max + k] = i;
      if (i >= n && j >= m) return d;
      if (++steps > budget) return null;
    }
  }
  return max;
}

/** Lines of `y` matched by an equal line of `x`, counting repeats (order ignored). */
function commonAsMultisets(x: Int32Array, y: Int32Array, distinct: number): number {
  const counts = new Int32Array(distinct);
  for (const id of x) counts[id]!++;
  let common = 0;
  for (const id of y) {
    if (counts[id]! > 0) {
      counts[id]!--;
      common++;
    }
  }
  return common;
}
