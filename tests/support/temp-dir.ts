/**
 * Setup file of the node tiers: each test file gets a temporary folder of its own as TMPDIR (cdk.out
 * folders of a synth, esbuild bundles, exported spreadsheets, child processes' temp files), removed after the
 * file whether its tests passed or not, so a run leaves nothing behind in the machine's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const outer = process.env.TMPDIR;
const fileTmp = mkdtempSync(join(tmpdir(), 'tp-test-'));
process.env.TMPDIR = fileTmp;

afterAll(() => {
  if (outer === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outer;
  rmSync(fileTmp, { recursive: true, force: true });
});
