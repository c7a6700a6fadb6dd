/** The integration tier's files (vitest.config.ts runs them; scripts/test.ts spreads them over shards). */
export const INTEGRATION_FILES = [
  'tests/integration/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'functions/src/**/*.integration.test.ts',
];
