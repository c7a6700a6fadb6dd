import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ROOT,
  afterBundle,
  bundleFunction,
  domainEntries,
  esbuildOptions,
  isChunkFile,
  workerEntries,
} from '../../infra/lib/bundling.ts';
import { ReadableStream as StandIn } from '../../infra/lib/bundle-shims/stream-web.ts';
import { isOwnSource } from '../../infra/lib/sourcemap.ts';
import { bundleAll, bundleFloor, bundledPackages, coldOutputs, liveInputs, sdkImports } from '../../scripts/bundle.ts';

// A scratch directory, so a test run never rewrites dist/ under a running bench or deploy.
const outDir = mkdtempSync(join(tmpdir(), 'tp-bundles-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
let bundled: ReturnType<typeof bundleAll> | undefined;
const bundles = () => (bundled ??= bundleAll({ outDir }));
/** package.json files of the workspaces under `dir` (or `dir` itself when it is one). */
const workspaces = (dir: string): string[] =>
  existsSync(join(ROOT, dir, 'package.json'))
    ? [join(dir, 'package.json')]
    : readdirSync(join(ROOT, dir))
        .map((d) => join(dir, d, 'package.json'))
        .filter((f) => existsSync(join(ROOT, f)));

describe('Lambda bundles (scripts/bundle.ts)', () => {
  // Sizes and import times are figures for `npm run bench` (cold start: each bundle against a floor of its
  // SDK clients, docs/benchmarks.md); this test asserts what a bundle holds, never how fast it loads.
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
    const files = (name: string) =>
      readdirSync(dirname(sizes.find((b) => b.name === name)!.file))
        .filter((f) => !isChunkFile(f))
        .sort();
    expect(files('master')).toEqual(
      ['airlines.br', 'airports.br', 'cities.br', 'index.mjs', 'index.mjs.map', 'states.br'].sort(),
    );
    expect(files('flights')).toEqual(['airlines.br', 'airports.br', 'index.mjs', 'index.mjs.map']);
    expect(files('site')).toEqual(['index.mjs', 'index.mjs.map']);
    const source = readFileSync(join(ROOT, 'packages', 'reference-data', 'src', 'data', 'cities.br'));
    expect(readFileSync(join(outDir, 'master', 'cities.br')).equals(source)).toBe(true);
    // The data is not in the code: each table is only its file name in index.mjs (the city table alone
    // was ~800 KB of base64 when it was inlined).
    for (const b of sizes)
      for (const [out, output] of Object.entries(b.metafile.outputs))
        for (const [input, { bytesInOutput }] of out.endsWith('.mjs') ? Object.entries(output.inputs) : [])
          if (input.endsWith('.br')) expect(bytesInOutput, `${b.name}: ${input}`).toBeLessThan(100);
  });

  it('loads operations on first use: a cold start parses the handler, lib and contracts, no domain code', async () => {
    // The derived answer lists bind each answer to its module as () => import(…), and an entry's wiring loads
    // what it hands in the same way; one static import of a domain module in either would put it (and all it
    // imports) back on every cold start (docs/benchmarks.md).
    const handlerFiles =
      /^functions\/src\/(?:entries\/[\w-]+|entries\/wiring\/(?:invoices|kart)|[\w-]+\/(?:bindings|answered\.generated))\.ts$/;
    for (const b of (await bundles()).filter((x) => x.kind === 'domain')) {
      const cold = liveInputs(b.metafile, coldOutputs(b.metafile, b.file));
      const domainCode = [...cold].filter((i) => i.startsWith('functions/src/') && !i.startsWith('functions/src/lib/'));
      expect(
        domainCode.filter((i) => !handlerFiles.test(i)),
        b.name,
      ).toEqual([]);
      expect(
        domainCode.some((i) => handlerFiles.test(i)),
        b.name,
      ).toBe(true);
      // Phone rules load libphonenumber on first use (packages/domain/src/phone-lib.lambda.ts).
      expect(
        [...cold].filter((i) => i.includes('node_modules/libphonenumber-js/')),
        b.name,
      ).toEqual([]);
      // …and the operations are there, in chunks beside index.mjs.
      expect(Object.keys(b.metafile.outputs).filter((o) => isChunkFile(basename(o))).length, b.name).toBeGreaterThan(0);
    }
  });

  it('loads its cold path as index.mjs and one chunk, however many operations share parts of it', async () => {
    // Without coldPathInOneChunk, esbuild cut kart's cold path into 22 files (a chunk per set of operations
    // sharing a module), each one resolved, read and linked on every cold start.
    for (const b of await bundles()) {
      const cold = coldOutputs(b.metafile, b.file).map((o) => basename(o));
      expect(cold[0], b.name).toBe('index.mjs');
      expect(cold.length, `${b.name}: ${cold.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('refuses top-level await, which would wait for itself (a lazily loaded module imports the cold chunk)', async () => {
    const dir = join(outDir, 'awaits');
    writeFileSync(join(outDir, 'lazy.ts'), 'export const answer = 42;\n');
    writeFileSync(
      join(outDir, 'awaits.ts'),
      "const { answer } = await import('./lazy.ts');\nexport const handler = () => answer;\n",
    );
    await expect(bundleFunction(join(outDir, 'awaits.ts'), dir)).rejects.toThrow(/Top-level await/);
  });

  it("loads no web streams at a cold start: middy's streamed-response check gets a stand-in that loads them on use", async () => {
    for (const b of await bundles()) {
      const builtins = coldOutputs(b.metafile, b.file).flatMap((o) =>
        b.metafile.outputs[o]!.imports.filter((i) => i.external).map((i) => i.path),
      );
      expect(builtins, b.name).not.toContain('node:stream/web');
    }
    expect(new globalThis.ReadableStream() instanceof StandIn).toBe(true);
    expect({ getReader: () => null } instanceof StandIn).toBe(false);
  });

  it('carries only the AWS SDK clients its own code imports', async () => {
    for (const b of await bundles()) {
      const imported = sdkImports(b.metafile);
      // The document client is built on the DynamoDB client.
      const expected = new Set(imported.map((p) => (p === '@aws-sdk/lib-dynamodb' ? '@aws-sdk/client-dynamodb' : p)));
      const clients = bundledPackages(b.metafile).filter((p) => p.startsWith('@aws-sdk/client-'));
      expect(clients, b.name).toEqual([...expected].filter((p) => p.startsWith('@aws-sdk/client-')).sort());
      expect(imported, b.name).toContain('@aws-sdk/client-dynamodb');
    }
  });

  it('carries no development-only package and no zod locale (the contracts word every issue themselves)', async () => {
    const manifests = ['package.json', ...['packages', 'functions', 'web', 'infra', 'tests'].flatMap(workspaces)];
    const read = (m: string) =>
      JSON.parse(readFileSync(join(ROOT, m), 'utf8')) as Record<string, Record<string, string> | undefined>;
    // A package some workspace needs at run time (functions' SDK clients, zod, and what they depend on) may also
    // be a tool's dev dependency: it is not development-only.
    const runtime = new Set<string>();
    const visit = (name: string) => {
      if (runtime.has(name)) return;
      runtime.add(name);
      const manifest = join(ROOT, 'node_modules', name, 'package.json');
      if (existsSync(manifest)) Object.keys(read(relative(ROOT, manifest)).dependencies ?? {}).forEach(visit);
    };
    manifests.flatMap((m) => Object.keys(read(m).dependencies ?? {})).forEach(visit);
    const devOnly = new Set(
      manifests.flatMap((m) => Object.keys(read(m).devDependencies ?? {})).filter((p) => !runtime.has(p)),
    );
    expect(devOnly).toContain('vitest');
    for (const b of await bundles()) {
      expect(
        bundledPackages(b.metafile).filter((p) => devOnly.has(p)),
        b.name,
      ).toEqual([]);
      const locales = [...liveInputs(b.metafile)].filter((i) => /\/zod\/v4\/locales\/(?!index\.js)/.test(i));
      // zod/mini loads no locale, and endpoint.ts's customError answers every issue code: none is needed.
      expect(
        locales.map((i) => i.split('/').pop()),
        b.name,
      ).toEqual([]);
    }
  });

  it('builds the cold-start floor of a set of SDK clients from those clients alone', async () => {
    const floor = await bundleFloor(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'], { outDir });
    const ours = JSON.parse(readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const packages = bundledPackages(floor.metafile);
    expect(packages).toContain('@aws-sdk/lib-dynamodb');
    expect(packages.filter((p) => p in ours.dependencies && !p.startsWith('@aws-sdk/'))).toEqual([]);
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import(${JSON.stringify(pathToFileURL(floor.file).href)}).then((m) => console.log(Object.keys(m).sort().join()))`,
      ],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('DynamoDBClient,DynamoDBDocumentClient');
  });

  it('maps our own code and leaves the dependencies unmapped, so a stack trace still names the TypeScript line', async () => {
    const entry = join(outDir, 'throws.ts');
    const zod = JSON.stringify(join(ROOT, 'node_modules', 'zod', 'index.js'));
    writeFileSync(
      entry,
      `import * as z from ${zod};\n\nexport function boom(): never {\n  throw new Error(z.string().parse('boom'));\n}\nboom();\n`,
    );
    const file = join(outDir, 'throws', 'index.mjs');
    const { metafile } = await build(esbuildOptions(entry, dirname(file)));
    const full = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
    afterBundle(dirname(file), metafile!);
    const trimmed = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
    expect(full.sources.some((s) => s.includes('node_modules/zod/'))).toBe(true);
    expect(trimmed.sources).toEqual([relative(dirname(file), entry)]);
    // Every generated position answers as before when it is our code, and as unmapped when it is zod's.
    const [before, after] = [new SourceMap(full), new SourceMap(trimmed)];
    const lines = readFileSync(file, 'utf8').split('\n');
    let ours = 0;
    lines.forEach((text, line) => {
      for (let column = 0; column < text.length; column += 3) {
        const was = before.findEntry(line, column) as { originalSource?: string };
        const now = after.findEntry(line, column) as { originalSource?: string };
        if (was.originalSource && isOwnSource(was.originalSource)) {
          ours++;
          expect(now).toEqual(was);
        } else expect(now.originalSource).toBeUndefined();
      }
    });
    expect(ours).toBeGreaterThan(0);
    const run = spawnSync(process.execPath, ['--enable-source-maps', file], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/throws\.ts:4:/);
  });

  it('a bundle checks phones once the library has loaded, and says so loudly before', async () => {
    const dir = join(outDir, 'phone-probe');
    const phone = JSON.stringify(join(ROOT, 'packages', 'domain', 'src', 'phone.ts'));
    writeFileSync(
      join(outDir, 'phone-entry.ts'),
      `import { isValidPhone, preparePhoneLib } from ${phone};
let before = 'no error';
try { isValidPhone('9876543210', 'in'); } catch (e) { before = String(e); }
void preparePhoneLib().then(() =>
  console.log(JSON.stringify([before, isValidPhone('9876543210', 'in'), isValidPhone('12', 'in')])),
);`,
    );
    await bundleFunction(join(outDir, 'phone-entry.ts'), dir);
    const out = execFileSync(process.execPath, [join(dir, 'index.mjs')], { cwd: tmpdir(), encoding: 'utf8' });
    const [before, valid, invalid] = JSON.parse(out) as [string, boolean, boolean];
    expect(before).toMatch(/preparePhoneLib/);
    expect([valid, invalid]).toEqual([true, false]);
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
    await bundleFunction(join(outDir, 'probe-entry.ts'), dir);
    // Run from another working directory: paths resolve against the bundle, not the process.
    const out = execFileSync(process.execPath, [join(dir, 'index.mjs')], { cwd: tmpdir(), encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(['Mumbai', 'IndiGo', true, 'Maharashtra']);
    // Nothing points back into the checkout: the tables were resolved to the copies beside the bundle.
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).not.toContain(ROOT);
  });
});
