import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_BYTES, domainEntries, workerEntries } from '../../infra/lib/bundling.ts';
import { bundleAll } from '../../scripts/bundle.ts';

// A scratch directory, so a test run never rewrites dist/ under a running bench or deploy.
const outDir = mkdtempSync(join(tmpdir(), 'tp-bundles-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('Lambda bundles (scripts/bundle.ts)', () => {
  it('builds every written domain and worker and keeps each within the bundle budget', async () => {
    const sizes = await bundleAll({ outDir });
    expect(sizes.map((b) => b.name).sort()).toEqual([...domainEntries(), ...workerEntries()].map((e) => e.name).sort());
    const over = sizes
      .filter((b) => b.bytes > BUNDLE_BUDGET_BYTES)
      .map((b) => `${b.name} ${(b.bytes / 1024).toFixed(1)} KB`);
    expect(over, `bundles over the ${BUNDLE_BUDGET_BYTES / 1024} KB budget`).toEqual([]);
  });
});
