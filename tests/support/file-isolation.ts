/**
 * Setup file of the tiers whose files share their worker (`isolate: false`): node_modules (the AWS SDK, zod) load
 * once per worker instead of once per file. Each file still gets a slate of its own:
 *   - the project's own modules are evaluated afresh for it (their singletons, such as the document client, are
 *     its own), since the module registry is reset as each file loads;
 *   - whatever it changes in the environment (a stack of its own, a stub's URL, a stage, its TMPDIR) is put back
 *     after it, into the process's own environment object: a file that swapped `process.env` for a plain copy
 *     (to stub it) would otherwise leave the next files writing to the copy while child processes and
 *     `os.tmpdir()` read the real one. This setup file runs first and its afterAll last.
 */
import { afterAll, vi } from 'vitest';

const worker = globalThis as { tpProcessEnv?: NodeJS.ProcessEnv };
const real = (worker.tpProcessEnv ??= process.env);
process.env = real;

vi.resetModules();
const before = { ...real };

afterAll(() => {
  process.env = real;
  for (const name of Object.keys(real)) if (!(name in before)) delete real[name];
  Object.assign(real, before);
});
