import { Query } from 'mingo';
import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query as LeanQuery } from 'mingo/query';
import { update as mingoUpdate } from 'mingo/updater';
import { compileSimpleFilter } from './simple-filter';
import { copyAsJson } from './copy-as-json';
import type { Doc, Filter, Update } from './read-store';
import { tryFlatUpdate, trySimpleUpdate } from './simple-update';

/**
 * Document-level MongoDB semantics for the embedded read store, evaluated in process: filters (mingo behind a fast
 * path), update operators, upsert seeds, and the keys a unique index holds for a document.
 */

export type Predicate = (doc: Doc) => boolean;

export interface UniqueIndex {
  name: string;
  paths: string[][];
  sparse: boolean;
}

/**
 * mingo copies the operator context it is given on every Query and update. The full context (every expression,
 * pipeline and accumulator operator) made that copy cost about 50 us per filter and 100 us per update, so filters
 * get a context with only the query operators, and updates go through `mingo/updater`, which brings its own small one.
 * Filters that need expression operators (`$expr`, `$where`, `$jsonSchema`) still get the full context.
 */
const QUERY_CONTEXT = Context.init({ query: queryOperators });
const NEEDS_FULL_CONTEXT = /"\$(expr|where|jsonSchema)"/;

const NULL_KEY = 'z:';
const EMPTY_ARRAY_KEY = 'a:';

/** Stored documents are already JSON-normal, so a copy is the same walk as normalising (and far cheaper than structuredClone). */
export function clone<T>(doc: T): T {
  return copyAsJson(doc) as T;
}

/** What storing through JSON keeps: what is in memory must be what a reopen loads. */
export function normalise<T>(doc: T): T {
  return copyAsJson(doc) as T;
}

export function indexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

export function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp) && !(value instanceof Date);
}

function keyOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s:${value}`;
    case 'number':
      return `n:${value}`;
    case 'boolean':
      return `b:${value}`;
    case 'undefined':
      return NULL_KEY;
    default:
      return value === null ? NULL_KEY : `o:${JSON.stringify(value)}`;
  }
}

/** The values a path reaches, MongoDB style: arrays along the way are walked, an array at the end gives its elements. */
export function pathValues(value: unknown, path: string[], at = 0, out: unknown[] = []): unknown[] {
  if (at === path.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY);
      else out.push(...value);
    } else {
      out.push(value);
    }
    return out;
  }
  if (Array.isArray(value)) {
    for (const element of value) if (isPlainObject(element)) pathValues(element, path, at, out);
    return out;
  }
  if (isPlainObject(value)) {
    const next = value[path[at]!];
    if (next !== undefined) pathValues(next, path, at + 1, out);
  }
  return out;
}

const EMPTY_ARRAY = Symbol('empty array');

function valueKey(value: unknown): string {
  return value === EMPTY_ARRAY ? EMPTY_ARRAY_KEY : keyOf(value);
}



/** Keys a unique index holds for a document: one per element combination (multikey), missing = null unless sparse. */
export function uniqueKeys(index: UniqueIndex, doc: Doc): string[] {
  const perField = index.paths.map((path) => [...new Set(pathValues(doc, path).map(valueKey))]);
  if (index.sparse && perField.every((keys) => keys.length === 0)) return [];
  let combos: string[] = [''];
  for (const keys of perField) {
    const options = keys.length === 0 ? [NULL_KEY] : keys;
    combos = combos.flatMap((prefix) => options.map((key) => `${prefix}|${key}`));
  }
  return combos;
}

export function describeKey(index: UniqueIndex, doc: Doc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of index.paths) {
    const values = pathValues(doc, path).filter((v) => v !== EMPTY_ARRAY);
    out[path.join('.')] = values.length === 0 ? null : values.length === 1 ? values[0] : values;
  }
  return out;
}


/** The id of a filter that is exactly `{ _id: '<string>' }`, else undefined. */
export function onlyId(filter: Filter): string | undefined {
  let id: string | undefined;
  for (const key in filter) {
    if (key !== '_id' || typeof filter._id !== 'string') return undefined;
    id = filter._id;
  }
  return id;
}

/** A fast path for the common `{ field: primitive, ... }` filter; everything else goes to mingo. */
export function compileFilter(filter: Filter): Predicate {
  const entries = Object.entries(filter);
  if (entries.length === 0) return () => true;
  if (entries.every(([field, value]) => !field.startsWith('$') && !field.includes('.') && isPrimitive(value))) {
    return (doc) =>
      entries.every(([field, value]) => {
        const actual = doc[field];
        return actual === value || (Array.isArray(actual) && actual.includes(value));
      });
  }
  let query: { test(doc: Doc): boolean } | null = null;
  const mingoTest = (doc: Doc) => {
    query ??= NEEDS_FULL_CONTEXT.test(JSON.stringify(filter)) ? new Query(filter) : new LeanQuery(filter, { context: QUERY_CONTEXT });
    return query.test(doc);
  };
  const simple = compileSimpleFilter(filter);
  if (simple) return (doc) => simple(doc) ?? mingoTest(doc);
  return mingoTest;
}

/** The document an upsert starts from: the filter's equality conditions (as MongoDB does). */
export function seedFromFilter(filter: Filter, out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) seedFromFilter(clause, out);
      continue;
    }
    if (field.startsWith('$') || condition instanceof RegExp) continue;
    if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
      if ('$eq' in condition) setPath(out, field, condition.$eq);
      continue;
    }
    setPath(out, field, condition);
  }
  return normalise(out);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!isPlainObject(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

export function assertUpdate(update: Update): void {
  const ops = Object.keys(update);
  if (ops.length === 0 || ops.some((op) => !op.startsWith('$'))) {
    throw new Error('an update needs update operators only ($set, $inc, ...); use replaceOne to replace a document');
  }
}

export function withoutSetOnInsert(update: Update): Update | null {
  const { $setOnInsert: _ignored, ...rest } = update;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** Applies update operators to a copy of `doc` with mingo; `_id` may not change on an existing document. */
export function applyUpdate(doc: Doc, modifier: Update, existing = true): Doc {
  // `doc` is already JSON-clean, so normalising the (small) modifier keeps the result JSON-clean, except for
  // $currentDate, which makes a Date: then the whole result goes through JSON.
  const clean = normalise(modifier);
  // Top-level fields only: a shallow copy is enough, since stored documents are never changed in place.
  const shallow = { ...doc } as Record<string, unknown>;
  if (tryFlatUpdate(shallow, clean) === true) return shallow as Doc;
  const copy = clone(doc) as Record<string, unknown>;
  if (!trySimpleUpdate(copy, clean)) mingoUpdate(copy, clean as Parameters<typeof mingoUpdate>[1]);
  if (existing && copy._id !== doc._id) {
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return ('$currentDate' in modifier ? normalise(copy) : copy) as Doc;
}
