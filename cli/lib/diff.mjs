// @ts-check

/** Above this many line pairs (after the common start and end are cut) the diff shows one replacing hunk. */
const MAX_CELLS = 4_000_000;
const CONTEXT = 3;

/**
 * A unified diff of two texts by lines (longest common subsequence), `''` when they are equal.
 * @param {string} before @param {string} after @param {{ from: string, to: string }} labels
 */
export function unifiedDiff(before, after, labels) {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  /** @type {{ op: ' ' | '-' | '+', line: string }[]} */
  const ops = [];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  for (let i = 0; i < start; i++) ops.push({ op: ' ', line: /** @type {string} */ (a[i]) });
  ops.push(...middle(a.slice(start, endA), b.slice(start, endB)));
  for (let i = endA; i < a.length; i++) ops.push({ op: ' ', line: /** @type {string} */ (a[i]) });
  return [`--- ${labels.from}`, `+++ ${labels.to}`, ...hunks(ops)].join('\n') + '\n';
}

/** Lines with their end kept out; a missing final newline shows as in diff(1). @param {string} text */
function splitLines(text) {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** @param {string[]} a @param {string[]} b @returns {{ op: ' ' | '-' | '+', line: string }[]} */
function middle(a, b) {
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((line) => ({ op: /** @type {const} */ ('-'), line })), ...b.map((line) => ({ op: /** @type {const} */ ('+'), line }))];
  }
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? /** @type {number} */ (lcs[(i + 1) * width + j + 1]) + 1 : Math.max(/** @type {number} */ (lcs[(i + 1) * width + j]), /** @type {number} */ (lcs[i * width + j + 1]));
    }
  }
  /** @type {{ op: ' ' | '-' | '+', line: string }[]} */
  const ops = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ op: ' ', line: /** @type {string} */ (a[i++]) }), j++;
    else if (i < a.length && (j === b.length || /** @type {number} */ (lcs[(i + 1) * width + j]) >= /** @type {number} */ (lcs[i * width + j + 1]))) ops.push({ op: '-', line: /** @type {string} */ (a[i++]) });
    else ops.push({ op: '+', line: /** @type {string} */ (b[j++]) });
  }
  return ops;
}

/** Groups changes with 3 lines of context into `@@ -a,n +b,m @@` hunks. @param {{ op: ' ' | '-' | '+', line: string }[]} ops */
function hunks(ops) {
  /** @type {string[]} */
  const out = [];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]?.op === ' ') k++;
    if (k >= ops.length) break;
    let from = Math.max(0, k - CONTEXT);
    let to = k;
    // extend while the next change is within two contexts
    for (;;) {
      while (to < ops.length && ops[to]?.op !== ' ') to++;
      let next = to;
      while (next < ops.length && ops[next]?.op === ' ') next++;
      if (next < ops.length && next - to <= CONTEXT * 2) to = next;
      else break;
    }
    const end = Math.min(ops.length, to + CONTEXT);
    let lineA = 1;
    let lineB = 1;
    for (let x = 0; x < from; x++) {
      if (ops[x]?.op !== '+') lineA++;
      if (ops[x]?.op !== '-') lineB++;
    }
    const slice = ops.slice(from, end);
    const countA = slice.filter((o) => o.op !== '+').length;
    const countB = slice.filter((o) => o.op !== '-').length;
    out.push(`@@ -${countA === 0 ? lineA - 1 : lineA},${countA} +${countB === 0 ? lineB - 1 : lineB},${countB} @@`);
    for (const o of slice) out.push(`${o.op}${o.line}`);
    k = end;
    from = end;
  }
  return out;
}
