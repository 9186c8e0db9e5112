/**
 * A fast path for the filters projections and queries use almost always: top-level fields compared with
 * primitives (`{ ownerId: 'u1', folderId: null }`), `$lt/$lte/$gt/$gte` on strings or numbers, `$ne`, `$in`,
 * `$exists`, and `$or`/`$and` of such filters (the position guard). Compiling a mingo Query costs tens of
 * microseconds per call; this costs next to nothing.
 *
 * `compileSimpleFilter` returns null for anything else, and the predicate it returns answers `undefined` for a
 * document whose field holds an array or object (MongoDB's array semantics), so the caller falls back to mingo.
 * simple-filter.unit.spec.ts checks it against mingo.
 */

type Doc = Record<string, unknown>;
/** true/false, or undefined: "not simple for this document, ask mingo" */
type Test = (doc: Doc) => boolean | undefined;
type Primitive = string | number | boolean | null;

const PLAIN_FIELD = /^[^$.]+$/;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isPlainObject(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** MongoDB equality with a primitive: null also matches a missing field. */
function equals(actual: unknown, expected: Primitive): boolean {
  return expected === null ? actual === null || actual === undefined : actual === expected;
}

function compileCondition(field: string, condition: unknown): Test | null {
  if (isPrimitive(condition)) {
    return (doc) => {
      const actual = doc[field];
      if (typeof actual === 'object' && actual !== null) return undefined;
      return equals(actual, condition);
    };
  }
  if (!isPlainObject(condition)) return null;
  const tests: Test[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    const test = compileOperator(field, op, operand);
    if (!test) return null;
    tests.push(test);
  }
  if (tests.length === 0) return null;
  return (doc) => {
    for (const test of tests) {
      const result = test(doc);
      if (result !== true) return result;
    }
    return true;
  };
}

function compileOperator(field: string, op: string, operand: unknown): Test | null {
  const scalar = (compare: (actual: Primitive | undefined) => boolean): Test => (doc) => {
    const actual = doc[field];
    if (typeof actual === 'object' && actual !== null) return undefined;
    return compare(actual as Primitive | undefined);
  };
  switch (op) {
    case '$eq':
      return isPrimitive(operand) ? scalar((actual) => equals(actual, operand)) : null;
    case '$ne':
      return isPrimitive(operand) ? scalar((actual) => !equals(actual, operand)) : null;
    case '$in':
      return Array.isArray(operand) && operand.every(isPrimitive) ? scalar((actual) => operand.some((value) => equals(actual, value))) : null;
    case '$exists':
      return typeof operand === 'boolean' ? (doc) => (doc[field] !== undefined) === operand : null;
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte': {
      // Only same-type comparisons: MongoDB never matches across types (a missing field matches no range).
      if (typeof operand !== 'string' && (typeof operand !== 'number' || Number.isNaN(operand))) return null;
      const type = typeof operand;
      const compare =
        op === '$lt'
          ? (a: string | number) => a < operand
          : op === '$lte'
            ? (a: string | number) => a <= operand
            : op === '$gt'
              ? (a: string | number) => a > operand
              : (a: string | number) => a >= operand;
      return (doc) => {
        const actual = doc[field];
        // NaN ranks below every number in MongoDB, and arrays match per element: both go to mingo.
        if ((typeof actual === 'object' && actual !== null) || Number.isNaN(actual)) return undefined;
        return typeof actual === type && compare(actual as string | number);
      };
    }
    default:
      return null;
  }
}

export function compileSimpleFilter(filter: Doc): ((doc: Doc) => boolean | undefined) | null {
  const tests: Test[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(condition) || condition.length === 0) return null;
      const clauses = condition.map((clause) => (isPlainObject(clause) ? compileSimpleFilter(clause) : null));
      if (clauses.some((clause) => clause === null)) return null;
      const compiled = clauses as Test[];
      tests.push(
        key === '$or'
          ? (doc) => {
              let unsure = false;
              for (const clause of compiled) {
                const result = clause(doc);
                if (result === true) return true;
                if (result === undefined) unsure = true;
              }
              return unsure ? undefined : false;
            }
          : (doc) => {
              for (const clause of compiled) {
                const result = clause(doc);
                if (result !== true) return result;
              }
              return true;
            },
      );
      continue;
    }
    if (!PLAIN_FIELD.test(key)) return null;
    const test = compileCondition(key, condition);
    if (!test) return null;
    tests.push(test);
  }
  return (doc) => {
    for (const test of tests) {
      const result = test(doc);
      if (result !== true) return result;
    }
    return true;
  };
}
