/**
 * Global setup of the infra tier: one bundle cache for the tier's files (infra/lib/bundle-cache.ts), so the
 * platform synth copies the bundles tests/infra/bundle.test.ts built instead of building them again. Workers
 * and the synth's bundling processes inherit BUNDLE_CACHE_DIR; the folder is removed when the tier ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string | undefined;

export function setup(): void {
  dir = mkdtempSync(join(tmpdir(), 'tp-bundle-cache-'));
  process.env.BUNDLE_CACHE_DIR = dir;
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env.BUNDLE_CACHE_DIR;
}
