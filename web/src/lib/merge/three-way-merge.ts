/**
 * Three-way line merge (diff3): the base version both sides started from, mine and theirs. Lines only one side
 * changed merge by themselves; a stretch both changed differently is a conflict for the user to pick. Lines keep
 * their line breaks, so a text without a final newline merges exactly.
 */

export type MergeChunk = { kind: 'same'; lines: string[] } | { kind: 'conflict'; base: string[]; mine: string[]; theirs: string[] };
export type MergeResult = { chunks: MergeChunk[]; conflicts: number };
export type ConflictPick = 'mine' | 'theirs' | 'both';

/** Lines with their line break (`\n`, `\r\n`); the last one may have none. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** Past this many differing lines the trace would take too much memory: the middle is then left unmatched. */
export const MAX_EDIT_DISTANCE = 2000;

/**
 * For each line of `a`, the index of the same line in `b` on a longest common subsequence, or -1.
 * Myers' O((N+M)·D) diff, with the common start and end trimmed first (most edits are small). Two texts more than
 * MAX_EDIT_DISTANCE lines apart keep only their common start and end (the merge then shows one conflict).
 */
export function matchLines(a: readonly string[], b: readonly string[]): Int32Array {
  const match = new Int32Array(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) match[start] = start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) match[--endA] = --endB;
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0) return match;
  const limit = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  /** trace[d]: v's diagonals -d..d before step d, all the walk back needs */
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= limit && found < 0; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[start + x] === b[start + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return match;
  const at = (d: number, k: number) => trace[d]![k + d]!;
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const k = x - y;
    const down = k === -d || (k !== d && at(d, k - 1) < at(d, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(d, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      match[start + x] = start + y;
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    match[start + x] = start + y;
  }
  return match;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((l, i) => l === b[i]);

export function mergeThreeWay(base: string, mine: string, theirs: string): MergeResult {
  const o = splitLines(base);
  const a = splitLines(mine);
  const b = splitLines(theirs);
  const toMine = matchLines(o, a);
  const toTheirs = matchLines(o, b);
  const chunks: MergeChunk[] = [];
  const push = (lines: string[]) => {
    if (lines.length === 0) return;
    const last = chunks[chunks.length - 1];
    if (last?.kind === 'same') last.lines.push(...lines);
    else chunks.push({ kind: 'same', lines: [...lines] });
  };
  let i = 0;
  let ia = 0;
  let ib = 0;
  while (i <= o.length) {
    // the next base line both sides kept, at or after the current positions
    let j = i;
    while (j < o.length && !(toMine[j]! >= ia && toTheirs[j]! >= ib)) j++;
    const ja = j < o.length ? toMine[j]! : a.length;
    const jb = j < o.length ? toTheirs[j]! : b.length;
    const baseLines = o.slice(i, j);
    const mineLines = a.slice(ia, ja);
    const theirLines = b.slice(ib, jb);
    if (same(mineLines, baseLines)) push(theirLines);
    else if (same(theirLines, baseLines) || same(mineLines, theirLines)) push(mineLines);
    else chunks.push({ kind: 'conflict', base: baseLines, mine: mineLines, theirs: theirLines });
    if (j >= o.length) break;
    push([o[j]!]);
    i = j + 1;
    ia = ja + 1;
    ib = jb + 1;
  }
  return { chunks, conflicts: chunks.filter((c) => c.kind === 'conflict').length };
}

/** The merged text, each conflict taken as picked (in order); a conflict without a pick keeps mine. */
export function resolveMerge(result: MergeResult, picks: readonly (ConflictPick | undefined)[]): string {
  let n = 0;
  let out = '';
  for (const chunk of result.chunks) {
    if (chunk.kind === 'same') {
      out += chunk.lines.join('');
      continue;
    }
    const pick = picks[n++] ?? 'mine';
    const mine = chunk.mine.join('');
    const theirs = chunk.theirs.join('');
    // "both": theirs, then mine, each ending its last line so they do not run together
    out += pick === 'theirs' ? theirs : pick === 'mine' ? mine : `${theirs}${theirs && !theirs.endsWith('\n') && mine ? '\n' : ''}${mine}`;
  }
  return out;
}
