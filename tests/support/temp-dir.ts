/**
 * Setup file of the node tiers: each test file gets a temporary folder of its own as TMPDIR (cdk.out
 * folders of a synth, esbuild bundles, exported spreadsheets, child processes' temp files), removed after the
 * file whether its tests passed or not, so a run leaves nothing behind in the machine's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

// The worker's own temp folder (the run's, under `npm test`), taken once, before any file has changed TMPDIR, and
// kept on globalThis, which outlives a module reset. Where files share a worker, os.tmpdir() is no guide to it: it
// reads the process's own environment, which once still named a removed file folder after process.env was put back
// (seen after the fuzz file, which starts a stack of its own).
const worker = globalThis as { tpWorkerTmpdir?: string };
const outer = (worker.tpWorkerTmpdir ??= tmpdir());
let fileTmp: string | undefined;

beforeAll(() => {
  fileTmp = mkdtempSync(join(outer, 'tp-test-'));
  process.env.TMPDIR = fileTmp;
});

afterAll(() => {
  process.env.TMPDIR = outer;
  if (fileTmp) rmSync(fileTmp, { recursive: true, force: true });
});
