/**
 * How `npm test` spreads the stack tiers' files over shards that run side by side, each against a stack of its
 * own: by how long each file took in a full run (`tests/timings.json`), longest first, each to the shard with the
 * least so far. Deterministic, so a shard's files are the same each run.
 *
 *   node scripts/test-shards.ts            prints the shards with their expected seconds
 *   node scripts/test-shards.ts --update   rewrites tests/timings.json from the last run's test-results/
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OWN_STACK } from '../tests/support/stack-files.ts';
import { INTEGRATION_FILES } from '../tests/support/tiers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TIMINGS_FILE = join(ROOT, 'tests', 'timings.json');
/**
 * Two e2e shards. Tried on clean runs (2026-11-29) and dropped: a third e2e shard (its browser and stack added more
 * CPU than the shards' waiting left free: browser CPU 300 → 378 CPU-s, npm test 841 → 850 s), and the integration
 * shards at nice 5 so the e2e shards would run at their own pace (e2e 606 → 572 s, integration 455 → 634 s).
 */
export const E2E_SHARDS = 2;
export const INTEGRATION_SHARDS = 2;

export type Seconds = Record<string, number>;

export function readTimings(): Seconds {
  try {
    return JSON.parse(readFileSync(TIMINGS_FILE, 'utf8')) as Seconds;
  } catch {
    return {};
  }
}

const secondsOf = (files: string[], seconds: Seconds, median: number) =>
  files.reduce((t, f) => t + (seconds[f] ?? median), 0);
const medianOf = (seconds: Seconds) => {
  const all = Object.values(seconds).sort((a, b) => a - b);
  return all[Math.floor(all.length / 2)] ?? 1;
};

/** `files` in `count` groups of about equal time; a file without a timing counts as the median. */
export function balance(files: string[], count: number, seconds: Seconds): string[][] {
  const median = medianOf(seconds);
  const groups = Array.from({ length: count }, () => ({ paths: [] as string[], t: 0 }));
  const longestFirst = [...files].sort((a, b) => (seconds[b] ?? median) - (seconds[a] ?? median) || a.localeCompare(b));
  for (const path of longestFirst) {
    const lightest = groups.reduce((min, g) => (g.t < min.t ? g : min));
    lightest.paths.push(path);
    lightest.t += seconds[path] ?? median;
  }
  return groups.map((g) => g.paths);
}

/**
 * Integration files: most take their shard's stack alone (tests/support/stack-turn.ts), so each shard is a queue.
 * A file with a stack of its own (the fuzz) runs beside its shard's queue: those are spread apart, the queues are
 * balanced without them, and the shortest queue goes beside the longest of them.
 */
export function integrationShards(files: string[], seconds: Seconds, count = INTEGRATION_SHARDS): string[][] {
  const median = medianOf(seconds);
  const own = balance(
    files.filter((f) => OWN_STACK.has(f)),
    count,
    seconds,
  ).sort((a, b) => secondsOf(b, seconds, median) - secondsOf(a, seconds, median));
  const queues = balance(
    files.filter((f) => !OWN_STACK.has(f)),
    count,
    seconds,
  ).sort((a, b) => secondsOf(a, seconds, median) - secondsOf(b, seconds, median));
  return queues.map((queue, i) => [...(own[i] ?? []), ...queue]);
}

// The files a Vitest include pattern names (`dir/**/*.test.ts`, `dir/*.test.ts`: a folder, then a name glob).
function testFiles(patterns: string[]): string[] {
  const files = patterns.flatMap((pattern) => {
    const [, dir, deep, name] = /^(.*?)\/(\*\*\/)?([^/]+)$/.exec(pattern)!;
    const matchesName = new RegExp(`^${name!.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
    if (!existsSync(join(ROOT, dir!))) return [];
    return readdirSync(join(ROOT, dir!), { recursive: Boolean(deep) })
      .map(String)
      .filter((f) => !f.includes('node_modules') && matchesName.test(f.split('/').at(-1)!))
      .map((f) => `${dir}/${f}`);
  });
  return [...new Set(files)].sort();
}

export const planE2e = () => balance(testFiles(['tests/e2e/*.test.ts']), E2E_SHARDS, readTimings());
export const planIntegration = () => integrationShards(testFiles(INTEGRATION_FILES), readTimings());

/** Each file's seconds in the last run (Vitest's JSON reports in test-results/), over the stack tiers. */
function lastRunTimings(): Seconds {
  const out: Seconds = {};
  const dir = join(ROOT, 'test-results');
  for (const name of readdirSync(dir).filter((n) => /^(integration|e2e)-\d+\.json$/.test(n))) {
    const report = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      testResults: { name: string; startTime: number; endTime: number }[];
    };
    // Relative to the checkout that ran (a clean clone's reports name its own folder).
    for (const r of report.testResults)
      out[r.name.replace(/^.*?\/(tests|functions)\//, '$1/')] = Math.round((r.endTime - r.startTime) / 100) / 10;
  }
  return out;
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--update')) {
    const timings = { ...readTimings(), ...lastRunTimings() };
    const known = new Set([...testFiles(INTEGRATION_FILES), ...testFiles(['tests/e2e/*.test.ts'])]);
    const kept = Object.fromEntries(
      Object.entries(timings)
        .filter(([f]) => known.has(f))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(TIMINGS_FILE, `${JSON.stringify(kept, null, 2)}\n`);
    process.stdout.write(`tests/timings.json: ${Object.keys(kept).length} files\n`);
  } else {
    const seconds = readTimings();
    const median = medianOf(seconds);
    const line = (files: string[]) => `${files.length} files, ~${secondsOf(files, seconds, median).toFixed(0)} s`;
    planIntegration().forEach((files, i) => {
      const own = files.filter((f) => OWN_STACK.has(f));
      const queue = files.filter((f) => !OWN_STACK.has(f));
      process.stdout.write(`integration-${i + 1}: queue ${line(queue)}; beside it ${line(own)}\n`);
    });
    planE2e().forEach((files, i) => process.stdout.write(`e2e-${i + 1}: ${line(files)}\n`));
  }
}
