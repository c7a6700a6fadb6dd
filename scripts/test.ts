/**
 * `npm test`: the whole suite, tier by tier, ending with a table of each tier's time and one plain closing line
 * ("N passed, N failed") that CI reads. First the checks that need no stack run side by side (type-check of
 * the three TypeScript projects in one `tsc -b`, lint, the web build the stack serves); then unit + web +
 * infra; then integration/contract and the e2e shards side by side, each against a local stack of its own (on
 * ports of its own), so none sees another's records. An e2e file spends most of its time waiting (the browser on
 * the stack, the stack on the browser, transitions, mail): side by side they share the two cores well.
 *
 * Every temporary file of the run (cdk.out folders, browser profiles, bundles) goes under one folder that is
 * removed at the end, whatever the outcome: children get it as TMPDIR.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SNAPSHOT_ENV } from './local/snapshot.ts';
import { planE2e, planIntegration } from './test-shards.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'test-results');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const RUN_TMP = mkdtempSync(join(tmpdir(), 'tp-test-run-'));
const removeRunTmp = () => rmSync(RUN_TMP, { recursive: true, force: true });
process.on('exit', removeRunTmp);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    removeRunTmp();
    process.exit(130);
  });

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let stepFailures = 0;
// Named again at the very end: CI keeps only the tail of a long log.
const failures: string[] = [];
const timings: Timing[] = [];

interface Step {
  label: string;
  cmd: string;
  args: string[];
  /** Added to the environment the step runs in. */
  env?: Record<string, string>;
}

interface Timing {
  label: string;
  ok: boolean;
  seconds: number;
  tests?: string;
}

/**
 * Runs one step. `buffered` keeps its output until it ends (steps running side by side would interleave
 * line by line otherwise); a step alone streams as it goes.
 */
function run({ label, cmd, args, env }: Step, buffered = false): Promise<Timing> {
  const t0 = Date.now();
  if (!buffered) process.stdout.write(`\n=== ${label} ===\n`);
  const child = spawn(cmd, args, {
    cwd: ROOT,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', TMPDIR: RUN_TMP, ...env },
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (c: Buffer) => chunks.push(c));
  child.stderr?.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = (Date.now() - t0) / 1000;
      if (buffered) process.stdout.write(`\n=== ${label} ===\n${Buffer.concat(chunks).toString('utf8')}`);
      process.stdout.write(`--- ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s\n`);
      const timing = { label, ok, seconds };
      timings.push(timing);
      if (!ok) failures.push(`tier ${label} exited ${code ?? signal}`);
      done(timing);
    });
  });
}

async function vitest(
  label: string,
  projects: string[],
  { buffered = false, env, files = [] }: { buffered?: boolean; env?: Record<string, string>; files?: string[] } = {},
): Promise<void> {
  const file = join(OUT, `${label}.json`);
  const timing = await run(
    {
      label,
      cmd: 'npx',
      args: [
        'vitest',
        'run',
        ...projects.flatMap((p) => ['--project', p]),
        ...files,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      env,
    },
    buffered,
  );
  const { ok } = timing;
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as {
      numTotalTests: number;
      numPassedTests: number;
      numFailedTests: number;
      testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string }[] }[];
    };
    for (const f of r.testResults) {
      const bad = f.assertionResults.filter((a) => a.status === 'failed');
      for (const a of bad) failures.push(`${label}: ${f.name.replace(ROOT + '/', '')} > ${a.fullName}`);
      // A file that failed to load has no assertions to name.
      if (bad.length === 0 && f.message)
        failures.push(`${label}: ${f.name.replace(ROOT + '/', '')}: ${f.message.split('\n')[0]}`);
    }
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    // Anything neither passed nor failed (skipped or not yet written) is reported, never hidden.
    skipped += r.numTotalTests - r.numPassedTests - r.numFailedTests;
    timing.tests = `${r.numPassedTests}/${r.numTotalTests}`;
    if (!ok && r.numFailedTests === 0) stepFailures++;
  } catch {
    if (!ok) stepFailures++;
  }
}

const want = (tier: string) => only.length === 0 || only.includes(tier);
const t0 = Date.now();

// Type-check, the lint parts and the web build are independent: side by side they keep both cores busy.
const checks: Step[] = [];
if (want('typecheck'))
  // One build of the three projects (server + tests, web, e2e) by the native compiler (package.json typecheck).
  checks.push({ label: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] });
// The four parts of `npm run lint` as steps of their own: one after another they kept one core busy for ~75 s
// while the other, done with the type-check and the web build, had nothing to do.
if (want('lint'))
  for (const part of ['code', 'format', 'deps', 'dead'])
    checks.push({ label: `lint:${part}`, cmd: 'npm', args: ['run', '-s', `lint:${part}`] });
const portBase = Number(process.env.TEST_PORT_BASE ?? 4500);
/**
 * The demo data is seeded once, on a stack of its own (ports +140..+143), and every stack of the run loads its
 * items (scripts/local/snapshot.ts): a seed costs about 20 CPU-s, a load about 7, and a run starts five stacks.
 * The items hold site secrets sealed with SECRETS_LOCAL_KEY, so the whole run shares one key.
 */
const snapshot = join(RUN_TMP, 'demo-snapshot.ndjson');
process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');
if (want('integration') || want('e2e'))
  checks.push(
    { label: 'web build', cmd: 'npm', args: ['run', '-s', 'build', '-w', 'web'] },
    {
      label: 'demo data',
      cmd: process.execPath,
      args: ['--import', 'tsx', 'scripts/local/make-snapshot.ts', snapshot, String(portBase + 140)],
    },
  );
const checked = await Promise.all(checks.map((s) => run(s, checks.length > 1)));
for (const { ok } of checked) if (!ok) stepFailures++;
// Without the snapshot (its step failed, and is counted) each stack seeds for itself.
if (checked.some((c) => c.label === 'demo data' && c.ok)) process.env[SNAPSHOT_ENV] = snapshot;

/**
 * Unit runs before the stack tiers, not beside them: those keep both cores busy from start to end, and a
 * unit file's five-second timeout does not hold on a machine that busy (measured: 36 unit timeouts when run beside).
 */
if (want('unit')) await vitest('unit', ['unit', 'unit-isolated', 'web', 'web-isolated', 'infra']);
/**
 * Ports: integration shard i takes TEST_PORT_BASE+25i..+23 (its stack, and the stacks some files start above it);
 * e2e shard i takes +50+30i onwards, its stack the first eleven and a file's own gateway up to +29.
 */
const integrationPorts = (shard: number) => String(portBase + 25 * shard);
const e2ePorts = (shard: number) => String(portBase + 50 + 30 * shard);
// The first e2e shard streams its log; the others print theirs when they end (side by side, lines would mix).
await Promise.all([
  ...(want('integration')
    ? planIntegration().map((files, i) =>
        vitest(`integration-${i + 1}`, ['integration'], {
          files,
          buffered: true,
          env: { TEST_PORT_BASE: integrationPorts(i) },
        }),
      )
    : []),
  ...(want('e2e')
    ? planE2e().map((files, i) =>
        vitest(`e2e-${i + 1}`, ['e2e'], { files, buffered: i > 0, env: { TEST_PORT_BASE: e2ePorts(i) } }),
      )
    : []),
]);

// A tier that crashed without reporting its tests counts as one failure, so the total is never green by accident.
failed += stepFailures;
const table = [
  ...timings.map(
    (t) =>
      `  ${t.label.padEnd(12)} ${(t.ok ? 'ok' : 'FAILED').padEnd(7)} ${t.seconds.toFixed(1).padStart(7)} s  ${t.tests ?? ''}`,
  ),
  `  ${'total'.padEnd(12)} ${''.padEnd(7)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(7)} s`,
];
process.stdout.write(`\nTier times:\n${table.join('\n')}\n`);
if (failures.length) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
