/**
 * A fast path for the update documents projections write almost always: `$set`, `$unset`, `$inc`, `$max` and `$min`
 * on plain object paths. mingo's updater copies its operator context on every call (about 40 us per operator), which
 * made it the largest cost of applying an event in the embedded read store.
 *
 * `trySimpleUpdate` either applies the whole update exactly as MongoDB (and mingo) would and returns true, or changes
 * nothing and returns false, and the caller hands the update to mingo. It declines anything less than plain:
 * other operators, `$` or numeric path segments, `_id`, overlapping paths (MongoDB rejects those), a path running
 * through an array, null or scalar, `$inc` on a non-number, `$max`/`$min` on anything but two numbers.
 * simple-update.unit.spec.ts checks it against mingo.
 */

type Plain = Record<string, unknown>;

const OPERATORS = new Set(['$set', '$unset', '$inc', '$max', '$min']);
const PLAIN_SEGMENT = /^(?!\d+$)[^$.]+$/;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

interface Step {
  op: string;
  parts: string[];
  value: unknown;
}

/** Applies `update` to `doc` in place if it is plain enough (see above); returns false, untouched, otherwise. */
export function trySimpleUpdate(doc: Plain, update: Record<string, unknown>): boolean {
  const flat = tryFlatUpdate(doc, update);
  return flat ?? tryNestedUpdate(doc, update);
}

const TOP_LEVEL_FIELD = /^[^$.]+$/;

/** `$inc`, `$max` and `$min` stay on the fast path only with a number over a number (or a missing field). */
function numericOperandFits(op: string, value: unknown, current: unknown): boolean {
  if (op !== '$inc' && op !== '$max' && op !== '$min') return true;
  return typeof value === 'number' && (current === undefined || typeof current === 'number');
}

/** Applies one checked operator to `field` of `node` ($unset included), as MongoDB would. */
function applyOperator(node: Plain, field: string, op: string, value: unknown): void {
  const current = node[field] as number | undefined;
  switch (op) {
    case '$set':
      node[field] = value;
      break;
    case '$unset':
      delete node[field];
      break;
    case '$inc':
      node[field] = (current ?? 0) + (value as number);
      break;
    case '$max':
      if (current === undefined || (value as number) > current) node[field] = value;
      break;
    case '$min':
      if (current === undefined || (value as number) < current) node[field] = value;
      break;
  }
}

/**
 * The projections' usual update, every path a top-level field: applied without building steps or sorting paths.
 * Answers null (nothing changed) when the update is not of that shape, false when MongoDB would refuse or differ.
 */
export function tryFlatUpdate(doc: Plain, update: Record<string, unknown>): boolean | null {
  const seen = new Set<string>();
  for (const op in update) {
    const fields = update[op];
    if (!OPERATORS.has(op) || !isPlainObject(fields)) return null;
    for (const field in fields) {
      if (field === '_id' || !TOP_LEVEL_FIELD.test(field) || seen.has(field)) return null;
      seen.add(field);
      if (!numericOperandFits(op, fields[field], doc[field])) return null;
    }
  }
  if (seen.size === 0) return null;
  for (const op in update) {
    const fields = update[op] as Plain;
    for (const field in fields) applyOperator(doc, field, op, fields[field]);
  }
  return true;
}

function tryNestedUpdate(doc: Plain, update: Record<string, unknown>): boolean {
  const steps: Step[] = [];
  for (const [op, fields] of Object.entries(update)) {
    if (!OPERATORS.has(op) || !isPlainObject(fields)) return false;
    for (const [path, value] of Object.entries(fields)) {
      const parts = path.split('.');
      if (parts[0] === '_id' || !parts.every((part) => PLAIN_SEGMENT.test(part))) return false;
      steps.push({ op, parts, value });
    }
  }
  if (steps.length === 0) return false;

  const paths = steps.map((step) => step.parts.join('.')).sort();
  for (let i = 1; i < paths.length; i++) {
    if (paths[i] === paths[i - 1] || paths[i]!.startsWith(`${paths[i - 1]}.`)) return false;
  }

  // Check everything before changing anything.
  for (const { op, parts, value } of steps) {
    let node: unknown = doc;
    for (const part of parts.slice(0, -1)) {
      node = (node as Plain)[part];
      if (node === undefined) break;
      if (!isPlainObject(node)) return false;
    }
    const current = isPlainObject(node) ? node[parts[parts.length - 1]!] : undefined;
    if (!numericOperandFits(op, value, current)) return false;
  }

  for (const { op, parts, value } of steps) {
    const last = parts[parts.length - 1]!;
    if (op === '$unset') {
      let node: unknown = doc;
      for (const part of parts.slice(0, -1)) {
        node = (node as Plain)[part];
        if (!isPlainObject(node)) break;
      }
      if (isPlainObject(node)) delete node[last];
      continue;
    }
    let node = doc;
    for (const part of parts.slice(0, -1)) {
      if (node[part] === undefined) node[part] = {};
      node = node[part] as Plain;
    }
    applyOperator(node, last, op, value);
  }
  return true;
}
