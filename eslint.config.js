// Type-aware lint: floating promises and misused promises are bugs here, not style.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // .tools: FerretDB's source and binary, built by scripts/build-ferretdb.sh; .larder: the service's local data;
  // packages/web/.dist-*: a studio build under way (scripts/build-studio.mjs); packages/client/src/generated: the
  // OpenAPI document's types as openapi-typescript writes them (typechecked, never edited by hand: 2–3 s of lint's CPU).
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'bench/results/**', '.tools/**', '.larder/**', '**/.test-chunks/**', 'packages/web/.dist-*/**', 'packages/client/src/generated/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // The two programs of `pnpm typecheck` (tsconfig.json says why two): with a program per package (projectService)
      // the domain's sources were parsed and typed again for every package that imports them, and lint took twice as long.
      parserOptions: { project: ['./tsconfig.json', './tsconfig.documents.json', './packages/web/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/test/**/*.ts', '**/testing/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // node:test's describe/it return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: ['describe', 'it', 'test', 'suite'], package: 'node:test' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
