/**
 * Bundles every Lambda (domains and queue workers) with the shared options of infra/lib/bundling.ts
 * into dist/functions/<name>/index.mjs and prints name, minified and gzipped bytes, the AWS SDK clients
 * each one imports and the sidecar data files written beside it (reference tables read on first use).
 * There is no size budget: the cold-start rule is the import-time ratio against a floor bundle of the
 * same SDK clients (bundleFloor below; scripts/bench-coldstart.ts measures it). `--compare-sdk` also
 * bundles with the other AWS SDK choice (into .bench/, dist/ untouched) and prints both sizes.
 * `--analyze <name>…` prints esbuild's per-input breakdown of those bundles.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { analyzeMetafile, build, type Metafile } from 'esbuild';
import {
  BUNDLE_AWS_SDK,
  afterBundle,
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
      afterBundle(file);
      const code = readFileSync(file);
      const sidecars = Object.entries(metafile.outputs)
        .filter(([out]) => !/\.m?js(\.map)?$/.test(out))
        .map(([out, o]) => ({ name: basename(out), bytes: o.bytes }));
      return { name, kind, file, bytes: code.length, gzipBytes: gzipSync(code).length, sidecars, metafile };
    }),
  );
}

/** npm package of a metafile input path (`…/node_modules/@aws-sdk/core/dist-es/…` → `@aws-sdk/core`). */
const packageOf = (input: string): string | undefined => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

/** Inputs with code in the output (the metafile also lists inputs that tree-shaking then dropped). */
export function liveInputs(metafile: Metafile): Set<string> {
  const live = Object.values(metafile.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return new Set(live);
}

/** Every npm package with code in the bundle (from esbuild's metafile). */
export function bundledPackages(metafile: Metafile): string[] {
  return [...new Set([...liveInputs(metafile)].map(packageOf).filter((p) => p !== undefined))].sort();
}

/**
 * The AWS SDK packages our own code imports (`@aws-sdk/client-dynamodb`, `@aws-sdk/lib-dynamodb`,
 * `@aws-sdk/client-sqs`…): imports made by our sources that are in the bundle, bundled or external alike.
 */
export function sdkImports(metafile: Metafile): string[] {
  const live = liveInputs(metafile);
  const own = Object.entries(metafile.inputs).filter(([path]) => packageOf(path) === undefined && live.has(path));
  const sdk = own.flatMap(([, input]) => input.imports.map((i) => i.original ?? i.path));
  return [...new Set(sdk.filter((p) => p.startsWith('@aws-sdk/')))].sort();
}

export interface FloorBundle {
  /** The SDK packages it holds, e.g. `@aws-sdk/client-dynamodb + @aws-sdk/lib-dynamodb`. */
  name: string;
  file: string;
  bytes: number;
  gzipBytes: number;
  metafile: Metafile;
}

/**
 * The floor of a function's cold start: a bundle, built with the same options, of nothing but the client
 * classes (`DynamoDBClient`, `DynamoDBDocumentClient`, `SQSClient`…) of the SDK packages it imports. What
 * the function imports beyond it is our code's cost. Written to .bench/floors/.
 */
export async function bundleFloor(
  packages: string[],
  opts: { outDir?: string; bundleSdk?: boolean } = {},
): Promise<FloorBundle> {
  const bundleSdk = opts.bundleSdk ?? BUNDLE_AWS_SDK;
  const name = packages.join(' + ');
  const key = `${bundleSdk ? '' : 'external-'}${packages.map((p) => basename(p)).join('+')}`;
  // The entry stays inside the checkout, where the packages resolve; the bundle goes to outDir.
  const dir = join(ROOT, '.bench', 'floors', key);
  mkdirSync(dir, { recursive: true });
  const lines = await Promise.all(
    packages.map(async (p) => {
      const clients = Object.keys(await import(p)).filter((k) => /^[A-Za-z0-9]+Client$/.test(k));
      if (!clients.length) throw new Error(`${p} exports no client class`);
      return `export { ${clients.join(', ')} } from '${p}';`;
    }),
  );
  const entry = join(dir, 'entry.mjs');
  writeFileSync(entry, lines.join('\n') + '\n');
  const file = join(opts.outDir ?? join(ROOT, '.bench', 'floors'), key, 'index.mjs');
  const { metafile } = await build({ ...esbuildOptions(entry, file, bundleSdk), metafile: true });
  afterBundle(file);
  const code = readFileSync(file);
  return { name, file, bytes: code.length, gzipBytes: gzipSync(code).length, metafile };
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
  console.log(line([...head, 'AWS SDK', 'sidecar data']));
  for (const r of rows) {
    const extra = other ? cells(other.find((o) => o.name === r.name)) : [];
    const sdk = sdkImports(r.metafile)
      .map((p) => p.replace('@aws-sdk/', ''))
      .join(' ');
    const data = r.sidecars.length
      ? kb(r.sidecars.reduce((n, f) => n + f.bytes, 0)) + ` (${r.sidecars.map((f) => f.name).join(', ')})`
      : '';
    console.log(line([r.name, ...cells(r), ...extra, sdk.padStart(10), data.padStart(10)]));
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
  console.log(`${rows.length} bundles in ${Math.round(performance.now() - started)} ms`);
}
