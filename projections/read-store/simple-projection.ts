import type { Doc } from './read-store';

/**
 * A fast path for the projections reads ask almost always: top-level fields, all in (`{ views: 1 }`) or all out
 * (`{ content: 0 }`), `_id` either way. mingo builds a query (and copies its operator context) for every call, which
 * made the view total read by every save's answer about 5 % of a save's CPU.
 *
 * `compileSimpleProjection` returns a function that projects exactly as MongoDB and mingo do (fields keep the
 * document's order, so only key order may differ from mingo, which puts `_id` last), or null for anything else:
 * dotted paths, operators, values other than 0, 1, true and false, inclusions mixed with exclusions. The caller then
 * hands the projection to mingo. simple-projection.unit.spec.ts checks it against mingo.
 */
export function compileSimpleProjection(projection: Record<string, unknown>): ((doc: Doc) => Record<string, unknown>) | null {
  let keepId = true;
  const included = new Set<string>();
  const excluded = new Set<string>();
  for (const [field, value] of Object.entries(projection)) {
    if (value !== 0 && value !== 1 && value !== true && value !== false) return null;
    if (!TOP_LEVEL_FIELD.test(field)) return null;
    const keep = value === 1 || value === true;
    if (field === '_id') keepId = keep;
    else (keep ? included : excluded).add(field);
  }
  if (included.size > 0 && excluded.size > 0) return null; // MongoDB refuses the mix: let mingo answer as it does
  if (excluded.size === 0 && (included.size > 0 || projection._id === 1 || projection._id === true)) {
    return (doc) => {
      const out: Record<string, unknown> = {};
      for (const field of Object.keys(doc)) {
        if (field === '_id' ? keepId : included.has(field)) out[field] = doc[field];
      }
      return out;
    };
  }
  return (doc) => {
    const out: Record<string, unknown> = {};
    for (const field of Object.keys(doc)) {
      if (field === '_id' ? keepId : !excluded.has(field)) out[field] = doc[field];
    }
    return out;
  };
}

/** A field of the document itself: no path, no operator, and never a prototype. */
const TOP_LEVEL_FIELD = /^(?!__proto__$)[^$.][^.]*$/;
