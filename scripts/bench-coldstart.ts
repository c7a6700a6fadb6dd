/**
 * Cold start of each request-path Lambda against its floor (docs/benchmarks.md "Cold start").
 * The floor is a bundle of only the AWS SDK clients that function imports (scripts/bundle.ts
 * bundleFloor), built with the same esbuild options. Each measurement is one fresh Node process, started
 * with the functions' own NODE_OPTIONS, that imports one bundle; a function's runs alternate with its
 * floor's, so a busy moment of the machine lands on both. The ratio is p50 over p50 (the medians are
 * what a noisy shared machine still measures reliably); p95 over p95 is printed beside it.
 *
 * `npx tsx scripts/bench-coldstart.ts [name…]` bundles and prints the table on its own;
 * `npm run bench` calls coldStart() with the bundles it built and the local stack running, which adds
 * the first answer (import plus one request) of the domains that have a sample request.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LAMBDA_NODE_OPTIONS, ROOT } from '../infra/lib/bundling.ts';
import { bundleAll, bundleFloor, sdkImports, type BundleSize, type FloorBundle } from './bundle.ts';

/** The cold-start target: a request-path bundle imports within this multiple of its floor. */
export const COLD_START_TARGET_RATIO = 1.3;

export interface ColdStartRow {
  bundle: BundleSize;
  floor: FloorBundle;
  floorMs: number[];
  importMs: number[];
  /** CPU time of the same imports (all threads): steadier than wall time when other work shares the machine. */
  floorCpuMs: number[];
  importCpuMs: number[];
  /** Import plus one request, when a sample event was given. */
  firstMs: number[];
}

export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

const PROBE = `const c0 = process.cpuUsage();
const t0 = performance.now();
const m = await import(process.argv[2]);
const t1 = performance.now();
const cpu = process.cpuUsage(c0);
const event = process.argv[3] ? JSON.parse(process.argv[3]) : null;
let firstMs = null;
if (event) { await m.handler(event, { awsRequestId: 'bench' }); firstMs = performance.now() - t0; }
process.stdout.write(JSON.stringify({ importMs: t1 - t0, cpuMs: (cpu.user + cpu.system) / 1000, firstMs }));
`;

/** One fresh process importing `file` (and answering `event`); the bundles read a plausible Lambda environment. */
interface Probe {
  importMs: number;
  cpuMs: number;
  firstMs: number | null;
}

let probeFile: string | undefined;
function probe(file: string, event?: unknown): Probe {
  const script = (probeFile ??= (() => {
    mkdirSync(join(ROOT, '.bench'), { recursive: true });
    const f = join(ROOT, '.bench', 'import-probe.mjs');
    writeFileSync(f, PROBE);
    return f;
  })());
  const r = spawnSync(process.execPath, [...LAMBDA_NODE_OPTIONS, script, file, event ? JSON.stringify(event) : ''], {
    encoding: 'utf8',
    env: {
      AWS_REGION: 'ap-south-1',
      TABLE_NAME: 'bench',
      EMAIL_QUEUE_URL: 'http://127.0.0.1:1/email',
      PAYMENT_QUEUE_URL: 'http://127.0.0.1:1/payments',
      EXPORTS_QUEUE_URL: 'http://127.0.0.1:1/exports',
      ...process.env,
      LOG_LEVEL: 'silent',
    },
  });
  if (r.status !== 0) throw new Error(`importing ${file} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout) as Probe;
}

export interface ColdStartOptions {
  runs?: number;
  /** A sample API Gateway event per domain, for the first-answer column (needs the local stack). */
  eventOf?: (name: string) => unknown;
}

/** Measures every request-path (domain) bundle against its floor, interleaved. */
export async function coldStart(bundles: BundleSize[], opts: ColdStartOptions = {}): Promise<ColdStartRow[]> {
  const runs = opts.runs ?? Number(process.env.BENCH_IMPORT_RUNS ?? 20);
  const floors = new Map<string, FloorBundle>();
  const rows: ColdStartRow[] = [];
  for (const bundle of bundles.filter((b) => b.kind === 'domain')) {
    // The SDK clients the function uses ("a bundle of only the AWS SDK clients it uses"): those our
    // code imports anywhere in the bundle, whether its cold path loads them or its first request does (the origin
    // secret's Secrets Manager client, KMS for sealed secrets, SQS for mail). The floor imports them all at once.
    const packages = sdkImports(bundle.metafile);
    const key = packages.join(' ');
    if (!floors.has(key)) floors.set(key, await bundleFloor(packages));
    rows.push({
      bundle,
      floor: floors.get(key)!,
      floorMs: [],
      importMs: [],
      floorCpuMs: [],
      importCpuMs: [],
      firstMs: [],
    });
  }
  for (let i = 0; i < runs; i++)
    for (const row of rows) {
      // Alternate which goes first, so neither always follows the other's warm file cache.
      const order = i % 2 ? ['floor', 'bundle'] : ['bundle', 'floor'];
      for (const which of order) {
        const p = probe(which === 'floor' ? row.floor.file : row.bundle.file);
        (which === 'floor' ? row.floorMs : row.importMs).push(p.importMs);
        (which === 'floor' ? row.floorCpuMs : row.importCpuMs).push(p.cpuMs);
      }
    }
  if (opts.eventOf)
    for (const row of rows) {
      const event = opts.eventOf(row.bundle.name);
      if (event)
        for (let i = 0; i < Math.min(runs, 7); i++) {
          const firstMs = probe(row.bundle.file, event).firstMs;
          if (firstMs !== null) row.firstMs.push(firstMs);
        }
    }
  return rows;
}

const kb = (n: number) => `${Math.round(n / 1024)}`;
const ms = (n: number) => n.toFixed(1);

export function printColdStart(rows: ColdStartRow[]): void {
  const head = [
    'lambda',
    'KB min/gz',
    'floor (SDK clients)',
    'floor KB',
    'floor p50/p95 ms',
    'import p50/p95 ms',
    'ratio p50',
    'ratio p95',
    'CPU ratio p50',
    'CPU p50 floor/import ms',
    'first answer p50',
  ];
  const lines = rows.map((r) => {
    const ratio = pct(r.importMs, 50) / pct(r.floorMs, 50);
    return [
      r.bundle.name,
      `${kb(r.bundle.bytes)}/${kb(r.bundle.gzipBytes)}`,
      r.floor.name.replaceAll('@aws-sdk/', ''),
      `${kb(r.floor.bytes)}/${kb(r.floor.gzipBytes)}`,
      `${ms(pct(r.floorMs, 50))} / ${ms(pct(r.floorMs, 95))}`,
      `${ms(pct(r.importMs, 50))} / ${ms(pct(r.importMs, 95))}`,
      `${ratio.toFixed(2)}×${ratio <= COLD_START_TARGET_RATIO ? '' : ' !'}`,
      `${(pct(r.importMs, 95) / pct(r.floorMs, 95)).toFixed(2)}×`,
      `${(pct(r.importCpuMs, 50) / pct(r.floorCpuMs, 50)).toFixed(2)}×`,
      `${ms(pct(r.floorCpuMs, 50))} / ${ms(pct(r.importCpuMs, 50))}`,
      r.firstMs.length ? `${ms(pct(r.firstMs, 50))} ms` : '-',
    ];
  });
  const all = [head, ...lines];
  const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)));
  for (const l of all)
    process.stdout.write(
      l
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd() + '\n',
    );
  process.stdout.write(
    `Target: ratio p50 ≤ ${COLD_START_TARGET_RATIO}× (marked ! when over). ${rows[0]?.importMs.length ?? 0} fresh processes each, ` +
      `node ${LAMBDA_NODE_OPTIONS.join(' ')}, interleaved with the floor.\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const bundles = (await bundleAll({ outDir: join(ROOT, '.bench', 'functions') })).filter(
    (b) => !names.length || names.includes(b.name),
  );
  printColdStart(await coldStart(bundles));
}
