/**
 * One test run builds the same thirty-odd Lambda bundles twice: tests/infra/bundle.test.ts, and the platform
 * synth's CDK assets. With BUNDLE_CACHE_DIR set (the infra tier's global setup sets it, and removes the folder
 * after), a bundle is built once and copied after that. The key is the entry, the SDK choice and a digest of every
 * file a bundle can read (the sources' paths, sizes and times, and the lock file), so any change is a new key.
 * Without the variable nothing is cached: a deploy and the bench always build.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Metafile } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCES = ['functions/src', 'packages', 'infra/lib', 'package-lock.json'];
/** A builder that died leaves its lock: waiting ends here and the waiter builds itself. */
const WAIT_MS = 5 * 60_000;
const OUT = '<outdir>';

let digest: string | undefined;
function sourceDigest(): string {
  if (digest) return digest;
  const h = createHash('sha256');
  const walk = (path: string) => {
    const s = statSync(path);
    if (!s.isDirectory()) return void h.update(`${path}\0${s.size}\0${s.mtimeMs}\n`);
    for (const name of readdirSync(path).sort())
      if (name !== 'node_modules' && !name.startsWith('.')) walk(join(path, name));
  };
  for (const source of SOURCES) walk(join(ROOT, source));
  return (digest = h.digest('hex'));
}

export interface BundleCache {
  /** The cached bundle copied into outdir, or null: then the caller builds it and keeps it. */
  take(): Promise<Metafile | null>;
  /** The same, without waiting for a bundle another process is building (for CDK's synchronous bundling). */
  takeReady(): Metafile | null;
  keep(metafile: Metafile): void;
}

export function bundleCache(entry: string, outdir: string, bundleSdk: boolean): BundleCache | undefined {
  const dir = process.env.BUNDLE_CACHE_DIR;
  if (!dir) return undefined;
  const key = createHash('sha256').update(`${entry}\0${bundleSdk}\0${sourceDigest()}`).digest('hex').slice(0, 32);
  const done = join(dir, key);
  const lock = `${done}.lock`;
  // Metafile paths are relative to the checkout and name the outdir: stored with a placeholder for it.
  const here = JSON.stringify(relative(ROOT, outdir)).slice(1, -1);
  const copy = (): Metafile => {
    cpSync(join(done, 'files'), outdir, { recursive: true });
    return JSON.parse(readFileSync(join(done, 'metafile.json'), 'utf8').replaceAll(OUT, here)) as Metafile;
  };
  return {
    takeReady: () => (existsSync(done) ? copy() : null),
    async take() {
      if (existsSync(done)) return copy();
      try {
        mkdirSync(lock, { recursive: false });
        return null;
      } catch {
        // Another process builds this bundle now.
      }
      for (const until = Date.now() + WAIT_MS; Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 200));
        if (existsSync(done)) return copy();
      }
      return null;
    },
    keep(metafile) {
      const tmp = `${done}.tmp-${process.pid}`;
      cpSync(outdir, join(tmp, 'files'), { recursive: true });
      writeFileSync(join(tmp, 'metafile.json'), JSON.stringify(metafile).replaceAll(here, OUT));
      try {
        renameSync(tmp, done);
      } catch {
        rmSync(tmp, { recursive: true, force: true });
      }
      rmSync(lock, { recursive: true, force: true });
    },
  };
}
