import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { isLazy, lazy, unwrap } from './lazy.ts';

// zod calls the configured postProcessor once for every schema it constructs.
let built = 0;
z.config({ postProcessor: () => void built++ });
afterAll(() => z.config({ postProcessor: undefined }));

/** Every module a Lambda or the SPA may import (not tests, not the generator, not another platform's variant). */
const MODULES = ['.', 'endpoints'].flatMap((dir) =>
  readdirSync(join(import.meta.dirname, dir))
    .filter((f) => f.endsWith('.ts') && !/\.(test|generate|browser|lambda)\.ts$/.test(f))
    .map((f) => `./${dir === '.' ? '' : `${dir}/`}${f}`),
);

describe('contracts build their schemas on first use (lazy.ts)', () => {
  it('importing every module of the package builds no zod schema', async () => {
    expect(MODULES.length).toBeGreaterThan(30);
    for (const m of MODULES) await import(m);
    expect(built).toBe(0);
  });

  it('a lazy schema parses, composes and reports errors as the schema itself does', async () => {
    const { detectSite } = await import('./endpoints/site.ts');
    expect(isLazy(detectSite.request)).toBe(true);
    expect(detectSite.request.safeParse({ domain: 'flightdeals.localhost' }).success).toBe(true);
    expect(built).toBeGreaterThan(0);
    const A = lazy(() => z.object({ name: z.string().trim().min(1) }));
    const B = lazy(() => A.extend({ n: z.number().int() }));
    const C = z.object({ a: A, list: z.array(B).max(1) });
    expect(C.parse({ a: { name: ' x ' }, list: [{ name: 'y', n: 1 }] })).toEqual({
      a: { name: 'x' },
      list: [{ name: 'y', n: 1 }],
    });
    expect(C.safeParse({ a: { name: ' ' }, list: [] }).error?.issues.map((i) => i.path.join('.'))).toEqual(['a.name']);
    expect(A instanceof z.ZodObject).toBe(true);
    expect(Object.keys(A.shape)).toEqual(['name']);
    expect(unwrap(A)).not.toBe(A);
    expect(unwrap(unwrap(A))).toBe(unwrap(A));
  });

  it('a parent holds the schemas themselves, so JSON Schema output is unchanged (shared children become refs)', () => {
    const Child = lazy(() => z.object({ id: z.string() }));
    const Parent = lazy(() => z.object({ one: Child, two: Child, opt: Child.optional() }));
    const eager = z.object({ id: z.string() });
    const expected = z.toJSONSchema(z.object({ one: eager, two: eager, opt: eager.optional() }));
    expect(z.toJSONSchema(unwrap(Parent))).toEqual(expected);
  });
});
