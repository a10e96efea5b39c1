import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './eslint-rules/feature-boundaries.js';
import orderStateLiterals from './eslint-rules/order-state-literals.js';
import { ORDER_STATE_VALUES } from './eslint-rules/order-states.js';
import ordersPaymentsBoundary from './eslint-rules/orders-payments-boundary.js';

// ESLint's own defineConfig: typescript-eslint deprecated its `tseslint.config()` for it.
export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // STYLE.md habit 5, checked rather than reviewed: a feature uses another feature only
    // through its api/ folder (fetchers, query options, keys); components/, lib/ and config/
    // import no feature; only app/ (the router and the thin pages) composes features freely
    // and only it imports app/. Tests follow the same rule. eslint-rules/feature-boundaries.js
    // resolves every import to a path, so no spelling slips through.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { shop: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'shop/feature-boundaries': ['error', { root: 'apps/web/src' }] },
  },
  {
    // Issue 21: an order rule has one home. A repository builds its state conditions from
    // orderTransitions (modules/orders/apply-transition.repository.ts) and writes no state by
    // hand; orders never imports payments, and payments imports orders only in its flow file.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: {
      shop: {
        rules: {
          'order-state-literals': orderStateLiterals,
          'orders-payments-boundary': ordersPaymentsBoundary,
        },
      },
    },
    rules: {
      'shop/orders-payments-boundary': [
        'error',
        { root: 'apps/server/src/modules', flow: 'payments/payment-flow.ts' },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'shop/order-state-literals': ['error', { states: ORDER_STATE_VALUES }] },
  },
  {
    // A page's first Intl formatter loads the browser's locale data: 10-20 ms of one long task
    // (Total Blocking Time, issue 33). None is built while a module loads, where every page pays
    // for it; numbers are written by packages/shared/src/common/format.ts, formatters that are
    // needed are made on first use (`madeOnFirstUse`).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']:not(:function NewExpression)",
          message:
            'Build an Intl formatter on first use (madeOnFirstUse from @shop/shared), not while the module loads.',
        },
      ],
    },
  },
  {
    // Tests index into results they have just checked; `!` there reads better than guards.
    // They may also print the figures they measured (the concurrency test does).
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-console': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // SQL is written in repositories (STYLE.md, habit 9): a route or service that needs the
    // database asks its module's *.repository.ts. db/ (migrations, seed, the change feed) and
    // tests are SQL by nature. Types from kysely may be imported anywhere.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Write SQL in a *.repository.ts; import only types from kysely here.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'Build queries in a *.repository.ts, not here.',
        },
      ],
    },
  },
);
