import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shop/shared': shared } },
  test: {
    projects: [
      {
        resolve: { alias: { '@shop/shared': shared } },
        test: {
          name: 'server',
          environment: 'node',
          // Names the run's PostgreSQL schemas and drops them when every file is done.
          globalSetup: ['apps/server/src/test/postgres-schemas.global.ts'],
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            // The repo's own ESLint rules, proven with ESLint's RuleTester.
            'eslint-rules/**/*.test.js',
          ],
          // Tests of the built web app (`*.built.test.ts`) run in the system project, after a
          // build: `npm run test:unit` needs none.
          exclude: ['**/node_modules/**', 'apps/server/src/**/*.built.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The built server as its own processes: several instances, kill -9, a database that
        // goes away, SIGTERM; and the shop serving the built web app's pages. Run by
        // `npm run test:system` after a build, never by test:unit.
        resolve: { alias: { '@shop/shared': shared } },
        test: {
          name: 'system',
          environment: 'node',
          include: ['apps/server/system/**/*.test.ts', 'apps/server/src/**/*.built.test.ts'],
          // The built-app tests use the server tests' PostgreSQL schemas (test/databases.ts).
          globalSetup: ['apps/server/src/test/postgres-schemas.global.ts'],
          // Each file starts servers and loads them: one file at a time on a small machine.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@shop/shared': shared } },
        test: {
          name: 'web',
          environment: 'jsdom',
          // One jsdom per worker, each file still in a context of its own (jsdom was made 72
          // times, 38 % of the project's time).
          pool: 'vmThreads',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // As the server project: Vitest's 5 s default failed typing-heavy forms (add-product) on
          // a busy two-core machine. What a test waits for has its own, shorter limit (setup.ts).
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
