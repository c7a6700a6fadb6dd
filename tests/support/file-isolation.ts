/**
 * Setup file of the integration tier, whose files share their worker (`isolate: false`): node_modules (the AWS
 * SDK, zod) load once per worker instead of once per file. Each file still gets a slate of its own:
 *   - the project's own modules are evaluated afresh for it (their singletons, such as the document client, are
 *     its own), since the module registry is reset as each file loads;
 *   - whatever it changes in the environment (a stack of its own, a stub's URL, a stage) is put back after it.
 * The environment is taken in the file's first hook and put back in its last (setup files' hooks wrap the file's).
 */
import { afterAll, beforeAll, vi } from 'vitest';

vi.resetModules();

let before: NodeJS.ProcessEnv = {};
beforeAll(() => {
  before = { ...process.env };
});
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
