import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Prettier wraps code at 120; this catches what it leaves long, comments above all. Strings and
 * template literals (test names, HTML templates, wire samples) cannot be wrapped without changing
 * what they hold, so a line that is long only because of one is allowed.
 */
const lineLength = { code: 120, tabWidth: 2, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true };

/** `npm run lint`, run in CI. Prettier owns the layout; these rules hold what it cannot. */
export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'dist-demo/',
    'reports/',
    '.data/',
    'tmp/',
    // What the examples' frameworks generate (Next.js).
    'examples/*/.next/',
    'examples/*/next-env.d.ts',
    'test/frameworks/*/.next/',
    'test/frameworks/*/next-env.d.ts',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'max-len': ['error', lineLength],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  // Browser code: the package, the demo pages and the element tests.
  {
    files: ['src/**', 'demo/**', 'test/elements/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    files: ['test/elements/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    extends: [lit.configs['flat/recommended'], wc.configs['flat/best-practice']],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Tests (and their runners' configurations) are the only code that may import from test/.
  {
    ignores: ['test/**', 'web-test-runner.config.mjs', 'vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)test/',
              message: 'Only tests import from test/; shared helpers live in support/.',
            },
          ],
        },
      ],
    },
  },
);
