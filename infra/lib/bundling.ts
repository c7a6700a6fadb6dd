/**
 * The one declaration of how a Lambda bundle is built. The CDK construct (PlatformFunction) and
 * scripts/bundle.ts both read it, so what `npm run build` measures is what `cdk deploy` ships.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { DOMAINS } from '@tp/contracts/endpoint';
import { QUEUES } from '@tp/contracts/platform';
import { bundleCache } from './bundle-cache.ts';
import { serverContracts } from './server-contracts.ts';
import { trimSourceMapFile } from './sourcemap.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const FUNCTIONS_SRC = join(ROOT, 'functions', 'src');
export const LOCK_FILE = join(ROOT, 'package-lock.json');

/**
 * AWS SDK v3: BUNDLED (the clients a function imports, tree-shaken into its index.mjs).
 * The cold-start rule (docs/benchmarks.md) is a ratio: a request-path bundle's import in a
 * fresh Node process against a floor bundle of only the SDK clients it uses, built and imported the same
 * way. Measured with `npx tsx scripts/bench-coldstart.ts` (import p50, ms; 2-core machine, Node 20):
 *                    SDK external   SDK bundled
 *   floor (DynamoDB)      124            35
 *   site                  138            51
 *   flights               182           103
 * Resolving the external SDK from node_modules (as the runtime's copy is, through NODE_PATH) reads a few
 * hundred files: every function imports 3–4× slower than with the SDK in its own bundle, whatever its
 * own code costs. So the SDK is bundled, and its version is the one package-lock.json pins. The bundles
 * grow by the SDK's 340–400 KB (minified), which is why there is no size budget any more: the ratio is
 * the rule, and size shows up in it as parse time. (Figures from before the cold path was split into chunks.)
 */
export const BUNDLE_AWS_SDK = true;

/**
 * Node options of every function (PlatformFunction's NODE_OPTIONS), so the bench imports bundles the way
 * Lambda does: stack traces in the logs point at the TypeScript sources through the shipped source map.
 */
export const LAMBDA_NODE_OPTIONS = ['--enable-source-maps'] as const;

/** What every bundle shares. Library-neutral; adapted below for esbuild's API and for CDK. */
const SHARED = {
  platform: 'node',
  /** Lambda runs Node 24; node22 keeps the output valid on the oldest runtime the platform allows. */
  target: 'node22',
  format: 'esm',
  /** Prefer ES module builds so esbuild can tree-shake (the SDK and middy ship both). */
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  /** Stack traces map back to files and lines; the sources themselves need not ship (and see afterBundle). */
  sourcesContent: false,
  /**
   * ESM has no require(); a bundled CommonJS dependency that requires a Node builtin would throw
   * "Dynamic require" at cold start. No current dependency does, but the tests run handlers
   * unbundled and would never notice one that did, so every bundle gets a real require.
   */
  banner: "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);",
  /** Lets esbuild drop dependencies' development-only branches. */
  define: { 'process.env.NODE_ENV': '"production"' },
  /**
   * Sidecar data files. Big reference tables (airports, cities…) are brotli files read on first use, not
   * JS: `#data/<table>` in @tp/reference-data resolves, under the `tp-lambda` condition, to the `.br`
   * file itself, which the file loader copies beside index.mjs (as `<table>.br`, only into bundles that
   * import it) and replaces by its relative path. From source (tsx, vitest) the same import is a path
   * into the package. `module` is esbuild's default condition, kept when custom ones are given.
   */
  conditions: ['tp-lambda', 'module'],
  /** `.node`: native addons built for the Lambda architecture, copied beside index.mjs like the data files. */
  loader: { '.br': 'file', '.node': 'file' },
  assetNames: '[name]',
  /**
   * functions/package.json declares `"sideEffects": false`, so a module of ours that nothing uses is left
   * out even when a domain's public entry re-exports it (flights no longer carries the PDF e-ticket code).
   * An import kept only for its side effects would then be dropped silently: make that a build error.
   */
  logOverride: { 'ignored-bare-import': 'error' },
  /**
   * Code splitting (docs/benchmarks.md "Loaded on first use"): a handler imports its operations
   * with `import()` (functions/src/<domain>/bindings.ts), so a cold start parses the preset, the domain's
   * contracts and the SDK clients, and an operation's code loads with the first request that needs it.
   * Chunks sit FLAT beside index.mjs: a sidecar table's path (the file loader writes it relative to the
   * chunk that imports it) then resolves the same from every chunk (packages/reference-data/src/packed.ts).
   */
  splitting: true,
  /**
   * No top-level await in a bundle: a module that `import()` loads imports the cold chunk back (see
   * coldPathInOneChunk), so a cold path awaiting one at its top level would wait for itself forever.
   * esbuild refuses to build one.
   */
  supported: { 'top-level-await': false },
  entryNames: 'index',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
} as const;

/** A chunk (or its map) of a bundle directory, as chunkNames names them: `<name>-<8-character hash>.mjs`. */
export const isChunkFile = (file: string): boolean => /^[\w.-]+-[A-Z0-9]{8}\.mjs(\.map)?$/.test(file);

/** The entry file of a bundle written into `outdir` (what Lambda's `index.handler` loads). */
export const bundleEntry = (outdir: string): string => join(outdir, 'index.mjs');

/**
 * Native addons, for Lambda's ARM64 (functions/src/users/argon2.lambda.ts imports the argon2 binary).
 * npm installs only the build machine's own platform package (an x64 one here), and forcing the arm64 one
 * into node_modules breaks `npm ci` on x64 (EBADPLATFORM). So the registry tarball of the arm64 package
 * is kept in functions/native/ (`npm run native-argon2 -w functions` fetches it for the locked version),
 * checked against package-lock.json's integrity, and its binary unpacked beside it before esbuild runs:
 * offline, no Docker, and exactly the bytes the lock file pins.
 */
export const NATIVE_DIR = join(ROOT, 'functions', 'native');
export const NATIVE_ADDONS = [{ pkg: '@node-rs/argon2-linux-arm64-gnu', file: 'argon2.linux-arm64-gnu.node' }] as const;

/** The file `name` of a tar archive (the npm tarball's `package/…`). */
function fromTar(tar: Buffer, name: string): Buffer {
  for (let at = 0; at + 512 <= tar.length;) {
    const field = (start: number, length: number) =>
      tar.toString('utf8', at + start, at + start + length).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const path = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    if (path === name) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${name} is not in the archive`);
}

/** The tarball of a locked package in NATIVE_DIR, verified against package-lock.json. */
export function nativeTarball(pkg: string): { file: string; bytes: Buffer } {
  const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const entry = lock.packages[`node_modules/${pkg}`];
  if (!entry?.version || !entry.integrity) throw new Error(`${pkg} is not in package-lock.json`);
  const file = join(NATIVE_DIR, `${pkg.slice(1).replace('/', '-')}-${entry.version}.tgz`);
  if (!existsSync(file))
    throw new Error(`${relative(ROOT, file)} is missing: run \`npm run native-argon2 -w functions\``);
  const bytes = readFileSync(file);
  const dash = entry.integrity.indexOf('-');
  const [algorithm, digest] = [entry.integrity.slice(0, dash), entry.integrity.slice(dash + 1)];
  if (createHash(algorithm).update(bytes).digest('base64') !== digest)
    throw new Error(`${relative(ROOT, file)} does not match the integrity package-lock.json pins for ${pkg}`);
  return { file, bytes };
}

let unpacked = false;
/** Unpacks each NATIVE_ADDONS binary into NATIVE_DIR (once a process; rewritten only when it differs). */
export function unpackNativeAddons(): void {
  if (unpacked) return;
  for (const { pkg, file } of NATIVE_ADDONS) {
    const binary = fromTar(gunzipSync(nativeTarball(pkg).bytes), `package/${file}`);
    const out = join(NATIVE_DIR, file);
    if (existsSync(out) && readFileSync(out).equals(binary)) continue;
    // Written aside and renamed: a build running meanwhile never reads half a file.
    const temp = `${out}.${process.pid}.tmp`;
    writeFileSync(temp, binary);
    renameSync(temp, out);
  }
  unpacked = true;
}

const SDK_EXTERNALS = ['@aws-sdk/*', '@smithy/*'];
const externals = (bundleSdk: boolean): string[] => (bundleSdk ? [] : SDK_EXTERNALS);

/**
 * Source maps: what every bundle gets after esbuild, in the CDK build and in scripts/bundle.ts alike
 * (the cold-start floor included). Under `--enable-source-maps` Node reads and parses the map when the
 * bundle loads; esbuild's map covers the dependencies too (about nine tenths of it), so it is cut to our
 * own sources (infra/lib/sourcemap.ts): our frames still map to TypeScript files and lines, a frame in
 * the SDK or zod shows index.mjs's position. Measured (docs/benchmarks.md): site's map 862 → 32 KB,
 * its import ~9 ms of CPU faster; the floor's ~3 ms.
 */
export const TRIM_SOURCE_MAP = true;

/**
 * What runs on a written bundle directory (scripts/bundle.ts and the CDK asset alike), given esbuild's
 * metafile of that build:
 *   - chunks nothing reaches are deleted: esbuild emits a chunk for every `import()` it reads, even one in
 *     code that tree-shaking then dropped (lib/sealed.ts loads the KMS client on first use; a Lambda that
 *     never unseals would otherwise ship a KMS chunk no code loads);
 *   - the source maps are cut to our own code (TRIM_SOURCE_MAP).
 * Answers the metafile without the deleted outputs (what scripts/bundle.ts measures).
 */
export function afterBundle(outdir: string, metafile: Metafile): Metafile {
  const outputs = metafile.outputs;
  const path = (out: string) => resolve(ROOT, out);
  const entry = Object.keys(outputs).find((o) => path(o) === bundleEntry(resolve(outdir)));
  if (!entry) throw new Error(`no index.mjs in the metafile of ${outdir}`);
  const reached = new Set<string>();
  const walk = (out: string) => {
    if (reached.has(out) || !outputs[out]) return;
    reached.add(out);
    for (const i of outputs[out].imports) if (!i.external) walk(i.path);
  };
  walk(entry);
  const unreached = (out: string) => /\.mjs(\.map)?$/.test(out) && !reached.has(out.replace(/\.map$/, ''));
  for (const out of Object.keys(outputs)) if (unreached(out)) rmSync(path(out), { force: true });
  if (TRIM_SOURCE_MAP && SHARED.sourcemap)
    for (const f of readdirSync(outdir)) if (f.endsWith('.mjs.map')) trimSourceMapFile(join(outdir, f));
  return { ...metafile, outputs: Object.fromEntries(Object.entries(outputs).filter(([out]) => !unreached(out))) };
}

/** esbuild API options for one entry, written into `outdir` as index.mjs plus its chunks. */
export function esbuildOptions(entry: string, outdir: string, bundleSdk = BUNDLE_AWS_SDK): BuildOptions {
  unpackNativeAddons();
  return {
    entryPoints: [entry],
    outdir,
    splitting: SHARED.splitting,
    supported: { ...SHARED.supported },
    entryNames: SHARED.entryNames,
    chunkNames: SHARED.chunkNames,
    outExtension: { ...SHARED.outExtension },
    // afterBundle reads it: which chunks a path reaches.
    metafile: true,
    // Metafile paths are relative to the checkout whatever the caller's working directory (CDK's bundling).
    absWorkingDir: ROOT,
    bundle: true,
    platform: SHARED.platform,
    target: SHARED.target,
    format: SHARED.format,
    mainFields: [...SHARED.mainFields],
    minify: SHARED.minify,
    sourcemap: SHARED.sourcemap,
    sourcesContent: SHARED.sourcesContent,
    banner: { js: SHARED.banner },
    define: SHARED.define,
    conditions: [...SHARED.conditions],
    loader: SHARED.loader,
    assetNames: SHARED.assetNames,
    logOverride: SHARED.logOverride,
    external: externals(bundleSdk),
    logLevel: 'warning',
  };
}

/**
 * The modules an `import()` of the bundle loads (absolute paths), from the metafile of a first build: its
 * handlers' operations, the SDK clients loaded on first use, the SDK's own lazy credential providers.
 */
function lazyTargets(inputs: Metafile['inputs'][string][]): Set<string> {
  const targets = inputs.flatMap((input) =>
    input.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => resolve(ROOT, i.path)),
  );
  return new Set(targets);
}

const SOURCE_LOADER: Record<string, 'ts' | 'js'> = { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

/**
 * One chunk for the cold path (docs/benchmarks.md "One chunk for the cold path"). esbuild
 * splits by which entry points reach a module, and every `import()` is an entry point: a module the cold
 * path shares with some operations but not others lands in a chunk of its own, and kart's cold start loaded
 * 22 files, at ~0.5 ms each of resolving, reading and linking. Every module an `import()` loads gets
 * `export * as … from '<entry>'` appended, so everything the entry reaches is reached by every entry point
 * alike and esbuild keeps it in one chunk: a cold start loads index.mjs and that chunk (and a chunk of
 * dependency code the lazy modules share). The re-export is never read; an operation's module that imports
 * the entry finds it evaluated already, since only the entry's handler loads operations.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function coldPathInOneChunk(entry: string, lazy: Set<string>): Plugin {
  const line = `\nexport * as __coldPathInOneChunk from ${JSON.stringify(resolve(entry))};\n`;
  return {
    name: 'cold-path-in-one-chunk',
    setup(b) {
      if (lazy.size === 0) return;
      // Only the lazy modules' own paths reach this callback: a filter that matched every source would call
      // into Node for each of the thousands of files a bundle reads.
      const filter = new RegExp(`^(?:${[...lazy].map(escapeRegExp).join('|')})$`);
      b.onLoad({ filter }, (args) => {
        const loader = SOURCE_LOADER[extname(args.path)];
        if (!loader) return undefined;
        return { contents: readFileSync(args.path, 'utf8') + line, loader, resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Built-in modules a dependency imports for a feature no Lambda here uses, each with the file that stands in
 * for it (infra/lib/bundle-shims/, which says why). Only for the importer named: our code imports the real one.
 */
const LAZY_BUILTINS: readonly { builtin: string; importer: RegExp; file: string }[] = [
  {
    builtin: 'node:stream/web',
    importer: /node_modules\/@middy\/core\//,
    file: join(ROOT, 'infra', 'lib', 'bundle-shims', 'stream-web.ts'),
  },
];

function lazyBuiltins(): Plugin {
  return {
    name: 'lazy-builtins',
    setup(b) {
      for (const { builtin, importer, file } of LAZY_BUILTINS)
        b.onResolve({ filter: new RegExp(`^${builtin.replace(/[/]/g, '\\/')}$`) }, (args) =>
          importer.test(args.importer) ? { path: file } : undefined,
        );
    },
  };
}

/**
 * Builds `entry` into `outdir` the one way every bundle is built (scripts/bundle.ts, the cold-start floor,
 * CDK's asset, the bundle tests): a first pass finds what `import()` loads, the second writes the bundle
 * with the cold path in one chunk, then afterBundle. Answers afterBundle's metafile. `plugins` are the
 * caller's own (a test swapping a native binary), run before ours. `lazy`: the first pass's answer when the caller
 * found it already (`lazyTargetsOf`, one pass for many entries).
 */
export async function bundleFunction(
  entry: string,
  outdir: string,
  opts: { bundleSdk?: boolean; plugins?: Plugin[]; lazy?: Set<string> } = {},
): Promise<Metafile> {
  // A caller's own plugins change the output: such a bundle is never cached.
  const cache = opts.plugins?.length ? undefined : bundleCache(entry, outdir, opts.bundleSdk ?? BUNDLE_AWS_SDK);
  const cached = await cache?.take();
  if (cached) return cached;
  const options = esbuildOptions(entry, outdir, opts.bundleSdk);
  const plugins = [...(opts.plugins ?? []), lazyBuiltins(), serverContracts()];
  const lazy = opts.lazy ?? (await lazyTargetsOf([entry], opts)).get(entry)!;
  const second = await build({ ...options, plugins: [...plugins, coldPathInOneChunk(entry, lazy)] });
  const metafile = afterBundle(outdir, second.metafile!);
  cache?.keep(metafile);
  return metafile;
}

/**
 * The first pass for several entries at once: what each entry's `import()`s load (resolved paths), from one
 * esbuild pass over all of them. An import resolves the same whichever entries a build has, so each entry's part
 * of the shared input graph is its own bundle's graph; one pass reads the ~2,800 shared files once instead of once
 * per entry (32 entries: ~26 → ~3 s). No minifying or source map: only the metafile's inputs are read.
 */
export async function lazyTargetsOf(
  entries: string[],
  opts: { bundleSdk?: boolean; plugins?: Plugin[] } = {},
): Promise<Map<string, Set<string>>> {
  const options = esbuildOptions(entries[0]!, join(ROOT, '.lazy-targets'), opts.bundleSdk);
  const { metafile } = await build({
    ...options,
    entryPoints: entries,
    // Every bundle's entry is its index.mjs: side by side they need names of their own.
    entryNames: '[dir]/[name]-[hash]',
    minify: false,
    sourcemap: false,
    write: false,
    plugins: [...(opts.plugins ?? []), lazyBuiltins(), serverContracts()],
  });
  const inputs = metafile!.inputs;
  return new Map(
    entries.map((entry) => {
      const reached = new Set<string>();
      const walk = (input: string) => {
        if (reached.has(input) || !inputs[input]) return;
        reached.add(input);
        for (const i of inputs[input].imports) if (!i.external) walk(i.path);
      };
      walk(relative(ROOT, entry));
      return [entry, lazyTargets([...reached].map((input) => inputs[input]!))];
    }),
  );
}

/**
 * CDK's local bundling must answer synchronously, and esbuild plugins run only in its asynchronous API: the
 * asset is built by this module in a child process (`bundleFunctionSync`, used by PlatformFunction).
 */
export function bundleFunctionSync(entry: string, outdir: string): void {
  if (bundleCache(entry, outdir, BUNDLE_AWS_SDK)?.takeReady()) return;
  const tsx = import.meta.resolve('tsx');
  const run = spawnSync(process.execPath, ['--import', tsx, fileURLToPath(import.meta.url), entry, outdir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bundling ${entry} failed:\n${run.stderr}`);
}

export interface FunctionEntry {
  /** Bundle and construct name: the domain, or `<worker>-worker`. */
  name: string;
  kind: 'domain' | 'worker';
  entry: string;
  /** Scheduled workers only: how often EventBridge invokes it. */
  everyMinutes?: number;
}

/**
 * Workers started by a schedule (an EventBridge rule), not by a queue; locally scripts/local/workers.ts
 * runs each on an interval. Listed here, by hand, so each one is a reviewed decision.
 */
export const SCHEDULED_WORKERS: readonly { worker: string; everyMinutes: number }[] = [
  // Drives paid orders, open gateway payments and unsent outbox messages to their end (functions/src/wallet/outbox.ts).
  { worker: 'reconciler', everyMinutes: 1 },
  // Finds airlines' schedule changes to upcoming tickets and records them as disruptions (functions/src/tickets).
  { worker: 'disruption-sweep', everyMinutes: 60 },
  // Fires the deadline index's due deadlines once each (functions/src/deadlines): hold warnings and releases,
  // disruption escalations, quotation payment and credit due reminders, visa document deletion.
  { worker: 'deadlines', everyMinutes: 5 },
];

/** Where every Lambda's entry lives: one folder above the domains (docs/architecture.md "Entries"). */
export const ENTRIES_DIR = join(FUNCTIONS_SRC, 'entries');

/** Domains whose Lambda has been written (functions/src/entries/<domain>.ts). */
export function domainEntries(): FunctionEntry[] {
  return DOMAINS.map((d) => ({ name: d, kind: 'domain' as const, entry: join(ENTRIES_DIR, `${d}.ts`) })).filter((f) =>
    existsSync(f.entry),
  );
}

const workerEntry = (w: string): FunctionEntry => ({
  name: `${w}-worker`,
  kind: 'worker',
  entry: join(ENTRIES_DIR, 'workers', `${w}.ts`),
});

/**
 * Workers that exist (functions/src/entries/workers/<worker>.ts): one per QUEUES worker, then the
 * SCHEDULED_WORKERS (those carry `everyMinutes`).
 */
export function workerEntries(): FunctionEntry[] {
  const queued = [...new Set(Object.values(QUEUES).map((q) => q.worker))].map(workerEntry);
  const scheduled = SCHEDULED_WORKERS.map((s) => ({ ...workerEntry(s.worker), everyMinutes: s.everyMinutes }));
  return [...queued, ...scheduled].filter((f) => existsSync(f.entry));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry, outdir] = process.argv.slice(2);
  if (!entry || !outdir) throw new Error('usage: bundling.ts <entry> <outdir>');
  await bundleFunction(entry, outdir);
}
