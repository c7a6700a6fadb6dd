import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is jitless once zod-jitless has run, as it runs before any schema in main.tsx', async () => {
    await import('./zod-jitless.ts');
    const z = await import('zod');
    expect(z.config().jitless).toBe(true);
    // The probe for `new Function` is skipped (under the CSP it would be a reported violation).
    const { util } = await import('zod/v4/core');
    expect(util.allowsEval.value).toBe(false);
  });
});
