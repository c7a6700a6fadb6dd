/**
 * Setup file of the node tiers: each test file gets a temporary folder of its own as TMPDIR (cdk.out
 * folders of a synth, esbuild bundles, exported spreadsheets, child processes' temp files), removed after the
 * file whether its tests passed or not, so a run leaves nothing behind in the machine's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// The worker's own temp folder (the run's, under `npm test`), taken once, before any file has changed TMPDIR, and
// kept on globalThis, which outlives a module reset: where files share a worker, a file's folder (removed after it)
// must never become the next one's parent.
const worker = globalThis as { tpWorkerTmpdir?: string };
const outer = (worker.tpWorkerTmpdir ??= tmpdir());
// Made as the file loads: code a test file runs at load time (a describe body's temp folder) lands in it too.
const fileTmp = mkdtempSync(join(outer, 'tp-test-'));
process.env.TMPDIR = fileTmp;

afterAll(() => {
  process.env.TMPDIR = outer;
  rmSync(fileTmp, { recursive: true, force: true });
});
