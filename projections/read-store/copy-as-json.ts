/**
 * A deep copy with exactly what `JSON.parse(JSON.stringify(value))` keeps: undefined, functions and symbols dropped
 * from objects (null in arrays), non-finite numbers as null, `toJSON` honoured, bigint refused. Several times faster
 * than the round trip or structuredClone for the small plain documents read models hold.
 */
export function copyAsJson(value: unknown): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object': {
      const withToJson = value as { toJSON?: unknown };
      if (typeof withToJson.toJSON === 'function') return copyAsJson((withToJson.toJSON as () => unknown).call(value));
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          const item = copyAsJson(value[i]);
          out[i] = item === undefined ? null : item;
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const item = copyAsJson((value as Record<string, unknown>)[key]);
        if (item !== undefined) out[key] = item;
      }
      return out;
    }
    default:
      return undefined;
  }
}
