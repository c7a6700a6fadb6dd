import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { domainEntries, workerEntries } from '../../infra/lib/bundling.ts';
import { bundleAll } from '../../scripts/bundle.ts';

// A scratch directory, so a test run never rewrites dist/ under a running bench or deploy.
const outDir = mkdtempSync(join(tmpdir(), 'tp-bundles-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('Lambda bundles (scripts/bundle.ts)', () => {
  // Sizes against the budget are figures for `npm run bench` (the guide: printed, not asserted); this
  // test asserts that every entry bundles into a self-contained ESM file with a handler export.
  it('builds every written domain and worker into a non-empty ESM bundle', async () => {
    const sizes = await bundleAll({ outDir });
    expect(sizes.map((b) => b.name).sort()).toEqual([...domainEntries(), ...workerEntries()].map((e) => e.name).sort());
    for (const b of sizes) {
      expect(b.bytes, b.name).toBeGreaterThan(1000);
      expect(readFileSync(b.file, 'utf8'), b.name).toMatch(/export\s*\{[^}]*\bhandler\b/);
    }
  });
});
