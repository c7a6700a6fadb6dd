/**
 * Setup file of the node tiers: each test file gets a temporary folder of its own as TMPDIR (cdk.out
 * folders of a synth, esbuild bundles, exported spreadsheets, child processes' temp files), removed after the
 * file whether its tests passed or not, so a run leaves nothing behind in the machine's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// The worker's own temp folder, kept the first time: where a worker runs file after file without isolation, the
// previous file's folder (removed by now) must never become the next one's parent.
const outer = (process.env.TP_WORKER_TMPDIR ??= tmpdir());
const fileTmp = mkdtempSync(join(outer, 'tp-test-'));
process.env.TMPDIR = fileTmp;

afterAll(() => {
  process.env.TMPDIR = outer;
  rmSync(fileTmp, { recursive: true, force: true });
});
