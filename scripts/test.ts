/**
 * `npm test`: the whole suite, tier by tier, ending with one plain closing line
 * ("N passed, N failed") that CI reads. Tiers: typecheck, lint, unit + web + infra, web build, then
 * integration/contract and e2e against one local stack each.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'test-results');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let stepFailures = 0;
// Named again at the very end: CI keeps only the tail of a long log.
const failures: string[] = [];

function run(label: string, cmd: string, args: string[]): boolean {
  process.stdout.write(`\n=== ${label} ===\n`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  process.stdout.write(
    `--- ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  if (r.status !== 0) failures.push(`tier ${label} exited ${r.status ?? r.signal}`);
  return r.status === 0;
}

function vitest(label: string, projects: string[]): void {
  const file = join(OUT, `${label}.json`);
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
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
    if (!ok && r.numFailedTests === 0) stepFailures++;
  } catch {
    if (!ok) stepFailures++;
  }
}

const want = (tier: string) => only.length === 0 || only.includes(tier);

if (want('typecheck') && !run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])) stepFailures++;
if (want('typecheck') && !run('typecheck web', 'npx', ['tsc', '-p', 'web/tsconfig.json'])) stepFailures++;
if (want('typecheck') && !run('typecheck e2e', 'npx', ['tsc', '-p', 'tests/e2e/tsconfig.json'])) stepFailures++;
if (want('lint') && !run('lint', 'npm', ['run', '-s', 'lint'])) stepFailures++;
if (want('unit')) vitest('unit', ['unit', 'web', 'infra']);
if (want('integration') || want('e2e')) {
  if (!run('web build', 'npm', ['run', '-s', 'build', '-w', 'web'])) stepFailures++;
}
if (want('integration')) vitest('integration', ['integration']);
if (want('e2e')) vitest('e2e', ['e2e']);

// A tier that crashed without reporting its tests counts as one failure, so the total is never green by accident.
failed += stepFailures;
if (failures.length) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
