import type { Filter, Sort } from './read-store';

/**
 * Turns a MongoDB filter and sort into SQL the embedded read store can hand to SQLite's planner, over the key
 * columns it keeps for indexed fields (and `id` for `_id`).
 *
 * The WHERE conditions always select a SUPERSET of what the filter matches: the full filter still runs on every
 * candidate (mingo semantics), so a condition that cannot be expressed exactly is simply left out. `exact` says the
 * conditions select exactly the matches (then a count needs no document).
 *
 * `columnOf` answers only for columns whose stored values are all strings, numbers or null (no arrays, objects or
 * booleans anywhere in the collection): over those, SQLite's equality, ranges and ordering agree with MongoDB's
 * (NULL for missing or null sorts first ascending and last descending, numbers before strings, strings by bytes).
 */
export interface SqlPlan {
  where: string[];
  params: unknown[];
  exact: boolean;
}

export type ColumnOf = (field: string) => string | null;

type Scalar = string | number;

interface Bound {
  type: 'string' | 'number';
  lo?: Scalar;
  loInclusive?: boolean;
  hi?: Scalar;
  hiInclusive?: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function planFilter(filter: Filter, columnOf: ColumnOf): SqlPlan {
  const plan: SqlPlan = { where: [], params: [], exact: true };
  addConjunction(filter, columnOf, plan);
  return plan;
}

/** `ORDER BY` for `sort` when every key has a usable column, else null (sort in process). Ties keep insertion order. */
export function planSort(sort: Sort, columnOf: ColumnOf): string | null {
  const parts: string[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    const column = columnOf(field);
    if (!column) return null;
    parts.push(`${column} ${direction === -1 ? 'DESC' : 'ASC'}`);
  }
  if (!('_id' in sort)) parts.push('rowid ASC');
  return parts.join(', ');
}

function addConjunction(filter: Filter, columnOf: ColumnOf, plan: SqlPlan): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) {
        if (isPlainObject(clause)) addConjunction(clause, columnOf, plan);
        else plan.exact = false;
      }
      continue;
    }
    if (field === '$or' && Array.isArray(condition)) {
      addKeyset(condition, columnOf, plan);
      addOrBounds(condition, columnOf, plan);
      plan.exact = false;
      continue;
    }
    const column = field.startsWith('$') ? null : columnOf(field);
    if (!column) {
      plan.exact = false;
      continue;
    }
    addCondition(column, field === '_id', condition, plan);
  }
}

function addCondition(column: string, isId: boolean, condition: unknown, plan: SqlPlan): void {
  // `id` is a TEXT column: SQLite would convert a number to text before comparing, so only strings go to it
  const fits = (value: unknown): value is Scalar => (isId ? typeof value === 'string' : isScalar(value));
  const equal = (value: unknown): boolean => {
    if (value === null && !isId) {
      plan.where.push(`${column} IS NULL`); // missing or null, as in MongoDB
      return true;
    }
    if (!fits(value)) return false;
    plan.where.push(`${column} = ?`);
    plan.params.push(value);
    return true;
  };
  if (!isPlainObject(condition)) {
    if (!equal(condition)) plan.exact = false;
    return;
  }
  for (const [op, operand] of Object.entries(condition)) {
    switch (op) {
      case '$eq':
        if (!equal(operand)) plan.exact = false;
        break;
      case '$in': {
        if (!Array.isArray(operand) || !operand.every((v) => fits(v) || (v === null && !isId))) {
          plan.exact = false;
          break;
        }
        const values = operand.filter(fits);
        const alternatives: string[] = [];
        if (values.length > 0) alternatives.push(`${column} IN (${values.map(() => '?').join(', ')})`);
        if (values.length < operand.length) alternatives.push(`${column} IS NULL`);
        plan.where.push(alternatives.length === 0 ? '0' : `(${alternatives.join(' OR ')})`);
        plan.params.push(...values);
        break;
      }
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        // a superset: SQLite also orders strings after numbers, where MongoDB only compares within a type
        if (fits(operand)) {
          plan.where.push(`${column} ${RANGE_SQL[op]} ?`);
          plan.params.push(operand);
        }
        plan.exact = false;
        break;
      default:
        plan.exact = false;
    }
  }
}

const RANGE_SQL = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;

/**
 * `$or` clauses that all bound the same field bound it by the hull of their bounds: the keyset pagination filter
 * `{ $or: [{ updatedAt: { $lt: u } }, { updatedAt: u, _id: { $lt: id } }] }` gives `updatedAt <= u`.
 */
function addOrBounds(clauses: unknown[], columnOf: ColumnOf, plan: SqlPlan): void {
  let hull: Map<string, Bound> | null = null;
  for (const clause of clauses) {
    if (!isPlainObject(clause)) return;
    const bounds = clauseBounds(clause);
    if (hull === null) {
      hull = bounds;
      continue;
    }
    for (const [field, bound] of hull) {
      const other = bounds.get(field);
      const merged = other ? union(bound, other) : null;
      if (merged) hull.set(field, merged);
      else hull.delete(field);
    }
  }
  for (const [field, bound] of hull ?? []) {
    const column = columnOf(field);
    if (!column || (field === '_id' && bound.type !== 'string')) continue;
    if (bound.lo !== undefined) {
      plan.where.push(`${column} ${bound.loInclusive ? '>=' : '>'} ?`);
      plan.params.push(bound.lo);
    }
    if (bound.hi !== undefined) {
      plan.where.push(`${column} ${bound.hiInclusive ? '<=' : '<'} ?`);
      plan.params.push(bound.hi);
    }
  }
}

/**
 * The keyset pagination filter `{ $or: [{ a: { $lt: x } }, { a: x, b: { $lt: y } }] }` is the row-value comparison
 * `(a, b) < (x, y)`, which SQLite answers from an index on (..., a, b) starting exactly after the previous page.
 */
function addKeyset(clauses: unknown[], columnOf: ColumnOf, plan: SqlPlan): void {
  if (clauses.length !== 2 || !isPlainObject(clauses[0]) || !isPlainObject(clauses[1])) return;
  const [first, second] = clauses as [Record<string, unknown>, Record<string, unknown>];
  const firstFields = Object.keys(first);
  const secondFields = Object.keys(second);
  if (firstFields.length !== 1 || secondFields.length !== 2) return;
  const a = firstFields[0]!;
  const b = secondFields.find((field) => field !== a);
  const outer = single(first[a]);
  const inner = b === undefined ? null : single(second[b]);
  if (!b || !outer || !inner || !isScalar(second[a]) || second[a] !== outer.value) return;
  const down = outer.op === '$lt' && (inner.op === '$lt' || inner.op === '$lte');
  const up = outer.op === '$gt' && (inner.op === '$gt' || inner.op === '$gte');
  const columnA = columnOf(a);
  const columnB = columnOf(b);
  if ((!down && !up) || !columnA || !columnB) return;
  if ((a === '_id' && typeof outer.value !== 'string') || (b === '_id' && typeof inner.value !== 'string')) return;
  plan.where.push(`(${columnA}, ${columnB}) ${RANGE_SQL[inner.op]} (?, ?)`);
  plan.params.push(outer.value, inner.value);
}

/** `{ $op: scalar }` with one range operator, else null. */
function single(condition: unknown): { op: keyof typeof RANGE_SQL; value: Scalar } | null {
  if (!isPlainObject(condition)) return null;
  const entries = Object.entries(condition);
  if (entries.length !== 1) return null;
  const [op, value] = entries[0]!;
  return op in RANGE_SQL && isScalar(value) ? { op: op as keyof typeof RANGE_SQL, value } : null;
}

/** The range each top-level field of one clause is held to (equality is a range of one value). */
function clauseBounds(clause: Record<string, unknown>): Map<string, Bound> {
  const bounds = new Map<string, Bound>();
  for (const [field, condition] of Object.entries(clause)) {
    if (field.startsWith('$')) continue;
    const ops: [string, unknown][] = isPlainObject(condition) ? Object.entries(condition) : [['$eq', condition]];
    let bound: Bound | null = null;
    for (const [op, operand] of ops) {
      if (!isScalar(operand) || !(op in RANGE_SQL || op === '$eq')) continue;
      const type = typeof operand as 'string' | 'number';
      if (bound && bound.type !== type) {
        bound = null;
        break;
      }
      bound ??= { type };
      if (op === '$eq' || op === '$gt' || op === '$gte') tighten(bound, 'lo', operand, op !== '$gt');
      if (op === '$eq' || op === '$lt' || op === '$lte') tighten(bound, 'hi', operand, op !== '$lt');
    }
    if (bound) bounds.set(field, bound);
  }
  return bounds;
}

function tighten(bound: Bound, side: 'lo' | 'hi', value: Scalar, inclusive: boolean): void {
  const current = bound[side];
  const tighter = current === undefined || (side === 'lo' ? value > current : value < current);
  if (tighter) {
    bound[side] = value;
    bound[`${side}Inclusive`] = inclusive;
  } else if (value === current && !inclusive) {
    bound[`${side}Inclusive`] = false;
  }
}

/** The smallest range holding both (undefined side: unbounded). */
function union(a: Bound, b: Bound): Bound | null {
  if (a.type !== b.type) return null;
  const out: Bound = { type: a.type };
  if (a.lo !== undefined && b.lo !== undefined) {
    out.lo = a.lo < b.lo ? a.lo : b.lo;
    out.loInclusive = (a.lo === out.lo && a.loInclusive) || (b.lo === out.lo && b.loInclusive);
  }
  if (a.hi !== undefined && b.hi !== undefined) {
    out.hi = a.hi > b.hi ? a.hi : b.hi;
    out.hiInclusive = (a.hi === out.hi && a.hiInclusive) || (b.hi === out.hi && b.hiInclusive);
  }
  return out.lo === undefined && out.hi === undefined ? null : out;
}
