// Lint rules for the app, the service worker, the tests and the server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'server/data', 'server/drizzle', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other: imports flow app -> features -> shared.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../features/*', '../features/*'], message: 'Features must not import each other; move shared code to src/lib or src/components.' }] }],
    },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  { files: ['server/**/*.ts', 'tests/**/*.{ts,mjs}', '*.config.ts', '.ci/**/*.mjs', '*.mjs'], languageOptions: { globals: globals.node } },
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] } },
);
