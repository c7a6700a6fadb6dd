/**
 * Bundles every Lambda (domains and queue workers) with the shared options of infra/lib/bundling.ts
 * into dist/functions/<name>/index.mjs and prints name, minified and gzipped bytes, the AWS SDK clients
 * each one imports and the sidecar data files written beside it (reference tables read on first use).
 * There is no size budget: the cold-start rule is the import-time ratio against a floor bundle of the
 * same SDK clients (bundleFloor below; scripts/bench-coldstart.ts measures it). `--compare-sdk` also
 * bundles with the other AWS SDK choice (into .bench/, dist/ untouched) and prints both sizes.
 * `--analyze <name>…` prints esbuild's per-input breakdown of those bundles.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { analyzeMetafile, type Metafile } from 'esbuild';
import {
  BUNDLE_AWS_SDK,
  bundleEntry,
  bundleFunction,
  lazyTargetsOf,
  ROOT,
  domainEntries,
  workerEntries,
  type FunctionEntry,
} from '../infra/lib/bundling.ts';

export interface BundleSize {
  name: string;
  kind: FunctionEntry['kind'];
  /** The written entry (index.mjs); its chunks sit beside it. */
  file: string;
  /** What a cold start loads: index.mjs and the chunks it imports statically (minified, gzipped). */
  bytes: number;
  gzipBytes: number;
  /** Every chunk, the ones loaded on first use included. */
  totalBytes: number;
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
  const functions = [...domainEntries(), ...workerEntries()];
  const lazy = await lazyTargetsOf(
    functions.map((f) => f.entry),
    { bundleSdk },
  );
  return Promise.all(
    functions.map(async ({ name, kind, entry }) => {
      const dir = join(outDir, name);
      rmSync(dir, { recursive: true, force: true });
      const metafile = await bundleFunction(entry, dir, { bundleSdk, lazy: lazy.get(entry)! });
      return { name, kind, ...measure(bundleEntry(dir), metafile) };
    }),
  );
}

/** The output paths (as the metafile names them) that loading `entry` loads: it and its static imports. */
export function coldOutputs(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const walk = (out: string) => {
    if (seen.has(out) || !metafile.outputs[out]) return;
    seen.add(out);
    for (const i of metafile.outputs[out].imports) if (i.kind === 'import-statement') walk(i.path);
  };
  walk(relative(ROOT, entry));
  return [...seen];
}

/** Sizes of a written bundle: what a cold start loads, everything, and the sidecar files. */
function measure(file: string, metafile: Metafile) {
  const code = Buffer.concat(coldOutputs(metafile, file).map((o) => readFileSync(join(ROOT, o))));
  const js = Object.entries(metafile.outputs).filter(([out]) => out.endsWith('.mjs'));
  const sidecars = Object.entries(metafile.outputs)
    .filter(([out]) => !/\.m?js(\.map)?$/.test(out))
    .map(([out, o]) => ({ name: basename(out), bytes: o.bytes }));
  return {
    file,
    bytes: code.length,
    gzipBytes: gzipSync(code).length,
    totalBytes: js.reduce((n, [, o]) => n + o.bytes, 0),
    sidecars,
    metafile,
  };
}

/** npm package of a metafile input path (`…/node_modules/@aws-sdk/core/dist-es/…` → `@aws-sdk/core`). */
const packageOf = (input: string): string | undefined => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

/** Inputs with code in the output (the metafile also lists inputs that tree-shaking then dropped). */
export function liveInputs(metafile: Metafile, outputs?: string[]): Set<string> {
  const chosen = outputs ? outputs.map((o) => metafile.outputs[o]!) : Object.values(metafile.outputs);
  const live = chosen.flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([path]) => path),
  );
  return new Set(live);
}

/** Every npm package with code in the bundle (from esbuild's metafile). */
export function bundledPackages(metafile: Metafile, outputs?: string[]): string[] {
  return [...new Set([...liveInputs(metafile, outputs)].map(packageOf).filter((p) => p !== undefined))].sort();
}

/**
 * The AWS SDK packages our own code imports (`@aws-sdk/client-dynamodb`, `@aws-sdk/lib-dynamodb`,
 * `@aws-sdk/client-sqs`…): imports made by our sources that are in the bundle, bundled or external alike.
 * With `outputs`, only our sources in those outputs count (the cold start's floor: coldOutputs). A package
 * imported by a module of which tree-shaking kept only other parts (lib/mail.ts's SQS client, where only its
 * link helpers are used) has no code in the bundle and is left out. So are the SDK's `util-*` packages: they
 * hold no client (util-dynamodb, the marshalling of lib/db-client.ts, is part of lib-dynamodb's client anyway).
 */
export function sdkImports(metafile: Metafile, outputs?: string[]): string[] {
  const live = liveInputs(metafile, outputs);
  const bundled = new Set(bundledPackages(metafile, outputs));
  const own = Object.entries(metafile.inputs).filter(([path]) => packageOf(path) === undefined && live.has(path));
  const sdk = own.flatMap(([, input]) => input.imports.map((i) => i.original ?? i.path));
  // Built with the SDK external (--compare-sdk): no SDK code is in the bundle to check against.
  const external = !bundled.has('@aws-sdk/client-dynamodb') && !bundled.has('@aws-sdk/lib-dynamodb');
  const clients = sdk.filter((p) => p.startsWith('@aws-sdk/') && !p.startsWith('@aws-sdk/util-'));
  return [...new Set(clients.filter((p) => external || bundled.has(p)))].sort();
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
 * classes (`DynamoDBClient`, `DynamoDBDocumentClient`, `SQSClient`…, lib-storage's `Upload`) of the SDK packages
 * it imports. What
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
      const exported = Object.keys(await import(p));
      const clients = exported.filter((k) => /^[A-Za-z0-9]+Client$/.test(k));
      // A library of the SDK without a client of its own (lib-storage's `Upload`, which drives the S3 client):
      // its classes are its floor.
      const classes = clients.length ? clients : exported.filter((k) => /^[A-Z][A-Za-z0-9]+$/.test(k));
      if (!classes.length) throw new Error(`${p} exports no client class`);
      return `export { ${classes.join(', ')} } from '${p}';`;
    }),
  );
  const entry = join(dir, 'entry.mjs');
  writeFileSync(entry, lines.join('\n') + '\n');
  const out = join(opts.outDir ?? join(ROOT, '.bench', 'floors'), key, 'bundle');
  rmSync(out, { recursive: true, force: true });
  const metafile = await bundleFunction(entry, out, { bundleSdk });
  const { file, bytes, gzipBytes } = measure(bundleEntry(out), metafile);
  return { name, file, bytes, gzipBytes, metafile };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const sdkLabel = (bundled: boolean): string => (bundled ? 'SDK bundled' : 'SDK external');

function printTable(rows: BundleSize[], other?: BundleSize[]): void {
  const width = Math.max(4, ...rows.map((r) => r.name.length));
  const cells = (r: BundleSize | undefined): string[] =>
    r ? [kb(r.bytes), kb(r.gzipBytes), kb(r.totalBytes)] : ['', '', ''];
  const line = (cols: string[]): string =>
    [cols[0]!.padEnd(width), ...cols.slice(1).map((c) => c.padStart(10))].join('  ').trimEnd();
  const head = ['name', 'cold min', 'cold gz', 'all chunks'];
  if (other) {
    console.log(line(['', sdkLabel(BUNDLE_AWS_SDK), '', '', sdkLabel(!BUNDLE_AWS_SDK), '', '']));
    head.push('cold min', 'cold gz', 'all chunks');
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
