/**
 * Bundles every Lambda (domains and queue workers) with the shared options of infra/lib/bundling.ts
 * into dist/functions/<name>/index.mjs and prints name, minified and gzipped bytes, marking bundles
 * over the budget (tests/infra/bundle.test.ts is the gate; the build itself still succeeds).
 * `--compare-sdk` also bundles with the other AWS SDK choice (into .bench/, dist/ untouched) and
 * prints both, which is how the decision in bundling.ts was measured.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import {
  BUNDLE_AWS_SDK,
  BUNDLE_BUDGET_BYTES,
  ROOT,
  domainEntries,
  esbuildOptions,
  workerEntries,
  type FunctionEntry,
} from '../infra/lib/bundling.ts';

export interface BundleSize {
  name: string;
  kind: FunctionEntry['kind'];
  /** The written bundle (index.mjs). */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleAllOptions {
  /** Default: the house decision in bundling.ts. */
  bundleSdk?: boolean;
  outDir?: string;
}

export const DIST_FUNCTIONS = join(ROOT, 'dist', 'functions');

export async function bundleAll(opts: BundleAllOptions = {}): Promise<BundleSize[]> {
  const bundleSdk = opts.bundleSdk ?? BUNDLE_AWS_SDK;
  const outDir = opts.outDir ?? DIST_FUNCTIONS;
  return Promise.all(
    [...domainEntries(), ...workerEntries()].map(async ({ name, kind, entry }) => {
      const file = join(outDir, name, 'index.mjs');
      await build(esbuildOptions(entry, file, bundleSdk));
      const code = readFileSync(file);
      return { name, kind, file, bytes: code.length, gzipBytes: gzipSync(code).length };
    }),
  );
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const sdkLabel = (bundled: boolean): string => (bundled ? 'SDK bundled' : 'SDK external');

function printTable(rows: BundleSize[], other?: BundleSize[]): void {
  const width = Math.max(4, ...rows.map((r) => r.name.length));
  const cells = (r: BundleSize | undefined): string[] => (r ? [kb(r.bytes), kb(r.gzipBytes)] : ['', '']);
  const line = (cols: string[]): string =>
    [cols[0]!.padEnd(width), ...cols.slice(1).map((c) => c.padStart(10))].join('  ').trimEnd();
  const head = ['name', 'minified', 'gzipped'];
  if (other) {
    console.log(line(['', sdkLabel(BUNDLE_AWS_SDK), '', sdkLabel(!BUNDLE_AWS_SDK), '']));
    head.push('minified', 'gzipped');
  }
  console.log(line(head));
  for (const r of rows) {
    const extra = other ? cells(other.find((o) => o.name === r.name)) : [];
    console.log(line([r.name, ...cells(r), ...extra]) + (r.bytes > BUNDLE_BUDGET_BYTES ? '  OVER BUDGET' : ''));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const rows = await bundleAll();
  const other = process.argv.includes('--compare-sdk')
    ? await bundleAll({ bundleSdk: !BUNDLE_AWS_SDK, outDir: join(ROOT, '.bench', 'functions-other-sdk') })
    : undefined;
  printTable(rows, other);
  console.log(
    `${rows.length} bundles in ${Math.round(performance.now() - started)} ms; budget ${kb(BUNDLE_BUDGET_BYTES)} each`,
  );
}
