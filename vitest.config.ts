import { defineConfig } from 'vitest/config';

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
          include: ['packages/*/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Lambda entries check their configuration when they load (lib/config.ts requireConfig); unit
          // tests load them without a stack, so these placeholders only let the modules load.
          env: { TABLE_NAME: 'unit-test', EMAIL_QUEUE_URL: 'unit-test', PAYMENT_QUEUE_URL: 'unit-test' },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'tests/integration/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'functions/src/**/*.integration.test.ts',
          ],
          globalSetup: ['tests/support/stack-setup.ts'],
          // Worker modules check their queue URLs when they load; tests that run a worker in-process start
          // their own stack (which sets the real URLs) after importing it.
          env: { EMAIL_QUEUE_URL: 'unset-in-test', PAYMENT_QUEUE_URL: 'unset-in-test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/stack-setup.ts'],
          // Worker modules check their queue URLs when they load; tests that run a worker in-process start
          // their own stack (which sets the real URLs) after importing it.
          env: { EMAIL_QUEUE_URL: 'unset-in-test', PAYMENT_QUEUE_URL: 'unset-in-test' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 180_000 },
      },
    ],
  },
});
