import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, domainEntries, esbuildOptions, workerEntries } from '../../infra/lib/bundling.ts';
import { bundleAll } from '../../scripts/bundle.ts';

// A scratch directory, so a test run never rewrites dist/ under a running bench or deploy.
const outDir = mkdtempSync(join(tmpdir(), 'tp-bundles-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
let bundled: ReturnType<typeof bundleAll> | undefined;
const bundles = () => (bundled ??= bundleAll({ outDir }));

describe('Lambda bundles (scripts/bundle.ts)', () => {
  // Sizes against the budget are figures for `npm run bench` (the guide: printed, not asserted); this
  // test asserts that every entry bundles into a self-contained ESM file with a handler export.
  it('builds every written domain and worker into a non-empty ESM bundle', async () => {
    const sizes = await bundles();
    expect(sizes.map((b) => b.name).sort()).toEqual([...domainEntries(), ...workerEntries()].map((e) => e.name).sort());
    for (const b of sizes) {
      expect(b.bytes, b.name).toBeGreaterThan(1000);
      expect(readFileSync(b.file, 'utf8'), b.name).toMatch(/export\s*\{[^}]*\bhandler\b/);
    }
  });

  it('ships reference tables as sidecar files beside index.mjs, only in the bundles that read them', async () => {
    const sizes = await bundles();
    const files = (name: string) => readdirSync(dirname(sizes.find((b) => b.name === name)!.file)).sort();
    expect(files('master')).toEqual(
      ['airlines.br', 'airports.br', 'cities.br', 'index.mjs', 'index.mjs.map', 'states.br'].sort(),
    );
    expect(files('flights')).toEqual(['airlines.br', 'airports.br', 'index.mjs', 'index.mjs.map']);
    expect(files('site')).toEqual(['index.mjs', 'index.mjs.map']);
    const source = readFileSync(join(ROOT, 'packages', 'reference-data', 'src', 'data', 'cities.br'));
    expect(readFileSync(join(outDir, 'master', 'cities.br')).equals(source)).toBe(true);
    // The data is not in the code any more: the city table alone was ~800 KB of base64.
    expect(sizes.find((b) => b.name === 'master')!.bytes).toBeLessThan(300 * 1024);
  });

  it('a bundle reads its sidecar tables at run time from beside itself, wherever it is deployed', async () => {
    const dir = join(outDir, 'probe');
    const lib = (f: string) => JSON.stringify(join(ROOT, 'packages', 'reference-data', 'src', f));
    writeFileSync(
      join(outDir, 'probe-entry.ts'),
      `import { airportByCode } from ${lib('airports.ts')};
import { airlineByCode } from ${lib('airlines.ts')};
import { searchCities, statesOf } from ${lib('geo.ts')};
console.log(JSON.stringify([airportByCode('BOM')?.cityName, airlineByCode('6E')?.name, statesOf('IN').length > 30, searchCities('pune')[0]?.stateName]));`,
    );
    await build(esbuildOptions(join(outDir, 'probe-entry.ts'), join(dir, 'index.mjs')));
    // Run from another working directory: paths resolve against the bundle, not the process.
    const out = execFileSync(process.execPath, [join(dir, 'index.mjs')], { cwd: tmpdir(), encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(['Mumbai', 'IndiGo', true, 'Maharashtra']);
    // Nothing points back into the checkout: the tables were resolved to the copies beside the bundle.
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).not.toContain(ROOT);
  });
});
