import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * No run-time import of classic `zod` outside tests (docs/benchmarks.md "Moving the contracts to zod/mini"):
 * classic attaches every method to every schema, so one import keeps all of zod's core (~70 KB) in each
 * Lambda bundle and the web chunk that reaches it; `zod/mini` is the same core, tree-shakable. Contracts,
 * Lambdas and the web app all use mini; a type-only import of classic is erased, so it stays allowed.
 */
const ZOD_MINI_FILES = ['packages/*/src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'];

const MSG_AS_VALUE = {
  selector:
    "Identifier[name='MSG']:not(MemberExpression[computed=false] > .object):not(ImportNamespaceSpecifier > .local)",
  message: 'Read one text (MSG.noResults): MSG used as a value puts every text in the bundle.',
};

const TABLE_REQUEST_OUTSIDE_REPOSITORY = {
  selector:
    'Property[key.name=/^(TableName|ConditionExpression|KeyConditionExpression|UpdateExpression|FilterExpression|TransactItems)$/]',
  message:
    "DynamoDB items and requests are built in the domain's repository (repo.ts, *-repo.ts): call a repository function that says what it writes.",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.local/**', '.bench/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Relative chains across packages are forbidden: import through the package or a # alias.
      'no-restricted-imports': ['error', { patterns: ['../../../*'] }],
    },
  },
  {
    files: ZOD_MINI_FILES,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Classic zod keeps all of zod's core in the bundle: import * as z from 'zod/mini'.",
            },
          ],
        },
      ],
    },
  },
  {
    // MSG is a module namespace read text by text, so each bundle keeps only the texts it reads
    // (packages/contracts/src/messages.ts): used as a value, it brings every text of the platform back.
    files: ZOD_MINI_FILES,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', MSG_AS_VALUE] },
  },
  {
    // Repositories keep data, operations keep rules (docs/architecture.md "Data layer"): a DynamoDB item or
    // request (its table, key and condition expressions, a transaction's items) is written only in a
    // repository file or the platform's data layer; an operation asks its repository for the items it
    // composes. .dependency-cruiser.cjs keeps the SDK itself there; this catches a request built without it.
    files: ['functions/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'functions/src/**/repo.ts',
      'functions/src/**/*-repo.ts',
      'functions/src/supply/simulator/store.ts',
      'functions/src/lib/{db,db-client,sessions,tenancy,principal,permissions,rate-limit,audit,site-stats}.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', MSG_AS_VALUE, TABLE_REQUEST_OUTSIDE_REPOSITORY] },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
