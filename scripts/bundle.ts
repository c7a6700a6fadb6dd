/**
 * Bundles every Lambda (domains and queue workers) with the shared options of infra/lib/bundling.ts
 * into dist/functions/<name>/index.mjs and prints name, minified and gzipped bytes, marking domain
 * bundles over the budget (tests/infra/bundle.test.ts is the gate; the build itself still succeeds), and the
 * sidecar data files written beside each bundle (reference tables read on first use; not code, so
 * outside the budget). `--compare-sdk` also bundles with the other AWS SDK choice (into .bench/,
 * dist/ untouched) and prints both, which is how the decision in bundling.ts was measured.
 * `--analyze <name>…` prints esbuild's per-input breakdown of those bundles.
 */
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { analyzeMetafile, build, type Metafile } from 'esbuild';
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
  /** Data files written beside index.mjs (file name and bytes), loaded at run time on first use. */
  sidecars: { name: string; bytes: number }[];
  metafile: Metafile;
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
      const { metafile } = await build({ ...esbuildOptions(entry, file, bundleSdk), metafile: true });
      const code = readFileSync(file);
      const sidecars = Object.entries(metafile.outputs)
        .filter(([out]) => !/\.m?js(\.map)?$/.test(out))
        .map(([out, o]) => ({ name: basename(out), bytes: o.bytes }));
      return { name, kind, file, bytes: code.length, gzipBytes: gzipSync(code).length, sidecars, metafile };
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
  console.log(line([...head, 'sidecar data']));
  for (const r of rows) {
    const extra = other ? cells(other.find((o) => o.name === r.name)) : [];
    const data = r.sidecars.length
      ? kb(r.sidecars.reduce((n, f) => n + f.bytes, 0)) + ` (${r.sidecars.map((f) => f.name).join(', ')})`
      : '';
    // The budget is a request-path (cold start) figure; queue workers are reported, not budgeted.
    const over =
      r.bytes <= BUNDLE_BUDGET_BYTES ? '' : r.kind === 'domain' ? '  OVER BUDGET' : '  (worker: not budgeted)';
    console.log(line([r.name, ...cells(r), ...extra, data.padStart(10)]) + over);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const rows = await bundleAll();
  const other = process.argv.includes('--compare-sdk')
    ? await bundleAll({ bundleSdk: !BUNDLE_AWS_SDK, outDir: join(ROOT, '.bench', 'functions-other-sdk') })
    : undefined;
  printTable(rows, other);
  const analyze = process.argv.indexOf('--analyze');
  if (analyze >= 0)
    for (const name of process.argv.slice(analyze + 1).filter((a) => !a.startsWith('--'))) {
      const r = rows.find((x) => x.name === name);
      if (!r) throw new Error(`no bundle named ${name}`);
      console.log(`\n${name} (${relative(ROOT, r.file)}):${await analyzeMetafile(r.metafile)}`);
    }
  console.log(
    `${rows.length} bundles in ${Math.round(performance.now() - started)} ms; budget ${kb(BUNDLE_BUDGET_BYTES)} per domain`,
  );
}
