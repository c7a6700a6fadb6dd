/**
 * Schemas built on first use. A Lambda imports every contract of its domain but parses one request a
 * call, and building zod schemas at module load was the largest share of a bundle's import time over its
 * AWS SDK floor (docs/benchmarks.md "Cold start"). `lazy(() => z.object(…))` has the type of the schema
 * and behaves as it does; the schema is built the first time anything reads it, once.
 *
 * Every module-level schema of this package goes through `lazy` (including the request and response of
 * each `endpoint()`); lazy.test.ts fails when importing the package builds one.
 */
const BUILDERS = new WeakMap<object, () => object>();

export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= resolveChildren(build()));
  const proxy = new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    ownKeys: () => Reflect.ownKeys(real()),
    // A Proxy may not report a property as non-configurable unless its own target has it (zod's `_zod` is).
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  BUILDERS.set(proxy, real);
  return proxy;
}

/** Whether `value` came from `lazy()` (answered without building it). */
export const isLazy = (value: unknown): boolean => typeof value === 'object' && value !== null && BUILDERS.has(value);

/** The schema itself behind a `lazy()` value (built now if it was not); any other value as it is. */
export function unwrap<T>(value: T): T {
  const real = typeof value === 'object' && value !== null ? BUILDERS.get(value) : undefined;
  return real ? (real() as T) : value;
}

const isPlain = (v: object): boolean => [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

/**
 * Parsing never compares schemas, but z.toJSONSchema keys its work by schema identity, so a parent must
 * hold its children themselves, not their lazy stand-ins: a freshly built schema's definition (and the
 * inline schemas, shapes and option lists in it) gets each stand-in replaced by its schema.
 */
function resolveChildren<T>(schema: T, seen = new Set<object>()): T {
  const visit = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    if (isLazy(v)) return unwrap(v);
    if (seen.has(v)) return v;
    seen.add(v);
    const def = (v as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    const holder = def ?? (Array.isArray(v) || isPlain(v) ? (v as Record<string, unknown>) : undefined);
    if (holder)
      for (const key of Object.keys(holder)) {
        const child = holder[key];
        const next = visit(child);
        if (next !== child) holder[key] = next;
      }
    return v;
  };
  return visit(schema) as T;
}
