import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/** Writes .br and .gz beside every text file of the build, so the server never compresses. */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const apiTarget = `http://localhost:${process.env['API_PORT'] ?? '3000'}`;

/**
 * React Router 7's package exports only its development build, whose dev warnings stay in a
 * production bundle (remix-run/react-router#14102). The build uses its production build, the
 * same code with those warnings compiled out.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      {
        find: '@shop/shared',
        replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
      },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouterDist, 'dom-export.mjs'),
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget },
  },
  build: {
    target: 'es2022',
    // Images stay files (cached for a year under their hashed names) instead of data: URLs
    // that every visit would download again inside the JavaScript.
    assetsInlineLimit: 0,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph that scripts/check-budget.mjs weighs.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the home page needs at start in one chunk beside the entry, instead
              // of a dozen small shared chunks that each cost a request and their own gzip
              // dictionary. Pages loaded later import from it.
              name: 'app',
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
}));
