/**
 * Walks a request schema down to its fields: where each field sits, the schema that parses it and what
 * it accepts. The field tests use it to hold every request schema of the route table to the input rules
 * (docs/decisions.md "Input rules"), the fuzz test to aim bad values at each field and to build inputs.
 * Reads zod's public `_zod.def`; nothing here runs on a request path.
 */
import type { ContractSchema } from './endpoint.ts';

export type FieldPath = (string | number)[];
export type LeafKind = 'string' | 'number' | 'boolean' | 'enum' | 'literal' | 'null' | 'other';

export interface Field {
  /** Where the field sits in the input (array elements as index 0). */
  path: FieldPath;
  /** The schema of the object key (or array element) holding the field, wrappers included. */
  schema: ContractSchema;
  /** What its leaves accept (a union may accept a number and a string). */
  kinds: Set<LeafKind>;
  /** Values its enums and literals allow, for building an input that gets past them. */
  values: unknown[];
  /** Absent is fine (optional, default, or a union branch that may be left out). */
  optional: boolean;
}

export interface SchemaShape {
  fields: Field[];
  /** Every array of the schema, with its max length (undefined: unbounded). */
  arrays: { path: FieldPath; max: number | undefined }[];
}

interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** The last named key of a path (`TicketId` for `TicketId.0`). */
export const keyOf = (path: FieldPath): string => String([...path].reverse().find((p) => typeof p === 'string') ?? '');

export function shapeOf(schema: ContractSchema): SchemaShape {
  const fields = new Map<string, Field>();
  const arrays: SchemaShape['arrays'] = [];

  const field = (path: FieldPath, holder: ContractSchema, optional: boolean): Field => {
    const id = path.join('.');
    let f = fields.get(id);
    if (!f) fields.set(id, (f = { path, schema: holder, kinds: new Set(), values: [], optional }));
    return f;
  };

  const visit = (
    s: unknown,
    path: FieldPath,
    holder: ContractSchema | null,
    optional: boolean,
    seen: Set<unknown>,
  ): void => {
    if (seen.has(s)) return;
    const d = defOf(s);
    const leaf = (kind: LeafKind, values: unknown[] = []) => {
      if (!holder) return;
      const f = field(path, holder, optional);
      f.kinds.add(kind);
      f.values.push(...values);
    };
    const inner = (next: unknown, opt = optional) => visit(next, path, holder, opt, seen);
    switch (d.type) {
      case 'object': {
        const shape = d.shape as Record<string, ContractSchema>;
        const nested = new Set(seen).add(s);
        for (const [k, v] of Object.entries(shape)) visit(v, [...path, k], v, false, nested);
        return;
      }
      case 'array': {
        const checks = (d.checks as { _zod: { def: { check: string; maximum?: number } } }[] | undefined) ?? [];
        const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
        arrays.push({ path, max });
        visit(d.element, [...path, 0], d.element as ContractSchema, false, new Set(seen).add(s));
        return;
      }
      case 'optional':
      case 'default':
      case 'prefault':
      case 'catch':
        return inner(d.innerType, true);
      case 'nullable':
        leaf('null');
        return inner(d.innerType);
      case 'nonoptional':
      case 'readonly':
        return inner(d.innerType);
      case 'pipe': {
        // A preprocess (transform first) parses with its output schema; otherwise the input side decides.
        const first = defOf(d.in);
        return inner(first.type === 'transform' ? d.out : d.in);
      }
      case 'union':
        for (const o of d.options as unknown[]) inner(o);
        return;
      case 'intersection':
        inner(d.left);
        inner(d.right);
        return;
      case 'lazy':
        return inner((d.getter as () => unknown)());
      case 'string':
        return leaf('string');
      case 'number':
      case 'int':
      case 'bigint':
        return leaf('number');
      case 'boolean':
        return leaf('boolean');
      case 'enum':
        return leaf('enum', Object.values(d.entries as Record<string, unknown>));
      case 'literal':
        return leaf('literal', d.values as unknown[]);
      case 'null':
        return leaf('null');
      default:
        return leaf('other');
    }
  };

  visit(schema, [], null, false, new Set());
  return { fields: [...fields.values()], arrays };
}
