import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { INTEGRATION_FILES } from './tests/support/tiers.ts';

/** Each test file's temporary files in a folder of its own, removed after it (the cdk.out of a synth among them). */
const TEMP_DIR_PER_FILE = './tests/support/temp-dir.ts';

/**
 * Workers of the unit, web and infra tiers. Vitest's default leaves a core to its main process, which is one
 * worker on the 2-core CI machine; the main process only serves transforms once they are cached, so a worker
 * per core keeps both busy.
 */
const UNIT_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Web files that need a module graph of their own. The search answer's parser starts its worker from
 * `new URL('./search-answer.worker.ts', import.meta.url)`: in a graph shared with other files that URL's base
 * came through invalid in some orders of a fresh clone ("Invalid URL", never alone or isolated).
 */
const WEB_ISOLATED = ['src/features/flights/search-answer.test.ts'];

/**
 * Each file's own modules and environment where files share a worker (`isolate: false`): the module registry reset
 * as the file loads, the environment put back after it.
 */
const FILE_ISOLATION = './tests/support/file-isolation.ts';

const UNIT_FILES = ['packages/*/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'scripts/**/*.test.ts'];
const UNIT_ENV = {
  TABLE_NAME: 'unit-test',
  EMAIL_QUEUE_URL: 'unit-test',
  PAYMENT_QUEUE_URL: 'unit-test',
  EXPORTS_QUEUE_URL: 'unit-test',
};
/** Unit files that mock modules (`vi.mock`): a mock is registered for the worker, so they keep one of their own. */
const UNIT_ISOLATED = ['functions/src/users/service.test.ts', 'functions/src/entries/site-page.test.ts'];

/**
 * Test tiers (architecture.md "Tests"): unit (pure, no I/O), integration and contract (handlers through
 * the local gateway against the emulators, started once per run), e2e (Chromium), infra (cdk synth).
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: ['**/*.integration.test.ts', '**/node_modules/**', ...UNIT_ISOLATED],
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
          setupFiles: [FILE_ISOLATION, TEMP_DIR_PER_FILE],
          // Lambda entries check their configuration when they load (lib/config.ts requireConfig); unit
          // tests load them without a stack, so these placeholders only let the modules load.
          env: UNIT_ENV,
          // Files share their worker (node_modules load once per worker), each with its own modules and
          // environment (file-isolation.ts), as the integration tier does.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          maxWorkers: UNIT_WORKERS,
          setupFiles: [TEMP_DIR_PER_FILE],
          env: UNIT_ENV,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...WEB_ISOLATED, '**/node_modules/**'],
          environment: 'happy-dom',
          maxWorkers: UNIT_WORKERS,
          setupFiles: ['./src/test/setup.ts'],
          // A worker runs file after file in one module graph: Mantine, React and the happy-dom window load once
          // per worker, not once per file (136 → 67 s, 244 → 114 CPU-s for the tier alone). What a file could
          // leave behind for the next (DOM, storage, timers, stubbed globals, mocks, the console) setup.ts undoes.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          root: './web',
          include: WEB_ISOLATED,
          environment: 'happy-dom',
          maxWorkers: UNIT_WORKERS,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          globalSetup: ['tests/support/stack-setup.ts'],
          // Two files at a time where they share nothing; the others take the stack alone (stack-turn.ts).
          setupFiles: [FILE_ISOLATION, TEMP_DIR_PER_FILE, './tests/support/stack-turn.ts'],
          maxWorkers: 2,
          // Files share their worker: node_modules load once per worker, not once per file (measured alone: 440 →
          // 250 CPU-s for the tier); each file still gets its own modules and environment (file-isolation.ts).
          isolate: false,
          // Its own group of files: projects that run side by side must agree on maxWorkers.
          sequence: { groupOrder: 1 },
          // Worker modules check their queue URLs when they load; tests that run a worker in-process start
          // their own stack (which sets the real URLs) after importing it.
          env: { EMAIL_QUEUE_URL: 'unset-in-test', PAYMENT_QUEUE_URL: 'unset-in-test' },
          // The machine CI shares runs this tier up to 5× slower under others' load (load average 12: the
          // authorisation sweep of one role, 5.5 s quiet, took 30 s and timed out at the old 30 s). A hung test
          // still fails; a slow machine no longer does.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One stack and one Chromium for the whole tier (files connect to it: tests/support/browser.ts).
          globalSetup: ['tests/support/stack-setup.ts', 'tests/support/browser-server.ts'],
          setupFiles: [FILE_ISOLATION, TEMP_DIR_PER_FILE],
          // Files share their worker as in the integration tier: playwright-core, axe and the AWS SDK load once
          // per shard, not once per file (6 files: 24 → 9.5 s of imports); each file connects and disconnects
          // its own browser (browser.ts) and gets its own modules and environment (file-isolation.ts).
          isolate: false,
          // Worker modules check their queue URLs when they load; tests that run a worker in-process start
          // their own stack (which sets the real URLs) after importing it.
          env: { EMAIL_QUEUE_URL: 'unset-in-test', PAYMENT_QUEUE_URL: 'unset-in-test' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's own default (1 s) is shorter than a page's first paint on a busy 2-core machine: a
          // poll waits as long as a locator does before it fails.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          globalSetup: ['tests/support/bundle-cache.ts'],
          maxWorkers: UNIT_WORKERS,
          setupFiles: [FILE_ISOLATION, TEMP_DIR_PER_FILE],
          // Files share their worker as in the unit tier: aws-cdk-lib and cdk-nag load once per worker, and a synth
          // after the first runs on warm code (alone: 183 → 127 CPU-s, 94 → 66 s). infra/ and its configuration
          // are still each file's own (file-isolation.ts), so a stage a file changes is never another's.
          isolate: false,
          testTimeout: 180_000,
        },
      },
    ],
  },
});
