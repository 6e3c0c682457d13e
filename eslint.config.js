// Lint rules for the app, the service worker, the tests and the server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Imports flow app -> features -> shared; features never import each other.
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'server/dist',
      'node_modules',
      'data',
      'server/data',
      'server/drizzle',
      'test-results',
      'playwright-report',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The server's contract reaches the app as types only: nothing of the server goes in the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@contract/*', '**/server/src/**'],
              allowTypeImports: true,
              message: 'Import the server contract with `import type` (docs/conventions.md).',
            },
          ],
        },
      ],
    },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: [
      'server/**/*.{ts,mjs}',
      'scripts/**/*.mjs',
      'tests/**/*.{ts,mjs}',
      '*.config.ts',
      '.ci/**/*.mjs',
      '*.mjs',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: [
      'src/lib/**/*.{ts,tsx}',
      'src/components/**/*.{ts,tsx}',
      'src/db/**/*.ts',
      'src/offline/**/*.{ts,tsx}',
      'src/pwa/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|app)/',
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(?!${name}/)(${features.join('|')})/`,
              message:
                'Features must not import each other; move shared code to src/lib or src/components.',
            },
          ],
        },
      ],
    },
  })),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
