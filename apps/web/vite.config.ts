import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { EARLY_INPUT_SCRIPT } from '../../packages/shared/src/common/early-input';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Where the build's source maps go: beside dist, never inside it, so the server cannot publish
 * the shop's source. scripts/check-budget.mjs reads them to tell which modules a chunk holds.
 */
const SOURCE_MAP_DIR = 'dist-sourcemaps';

/**
 * Moves the source maps out of the build (they are `hidden`: no chunk names its map), then
 * writes .br and .gz beside every text file of the build, so the server never compresses.
 */
function finishBuild(): Plugin {
  let outDir = '';
  let mapDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'finish-build',
    // Not for the server's build of the pages (dist-ssr), which no browser downloads.
    apply: (config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mapDir = path.resolve(config.root, SOURCE_MAP_DIR);
    },
    closeBundle(error) {
      // A failed build has no output to finish; returning keeps its own error the one reported.
      if (error) return;
      rmSync(mapDir, { recursive: true, force: true });
      for (const file of walk(outDir).filter((name) => name.endsWith('.map'))) {
        const target = path.join(mapDir, path.relative(outDir, file));
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(file, target);
      }
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

/**
 * Puts the script that holds presses made before the app has taken a server-drawn page over
 * at the top of `<head>`, inline: it must run before any of the page can be pressed, and a file would
 * cost a request before the page shows. The server allows it by its hash (apps/server/src/app.ts).
 */
function earlyInput(): Plugin {
  const charset = '<meta charset="UTF-8" />';
  return {
    name: 'early-input',
    // Right after the charset (which must come within the first 1024 bytes) and before the
    // stylesheet, which an inline script after it would wait for.
    transformIndexHtml: (html) => {
      if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
      return html.replace(charset, () => `${charset}\n    <script>${EARLY_INPUT_SCRIPT}</script>`);
    },
  };
}

const apiTarget = `http://localhost:${process.env['API_PORT'] ?? '3000'}`;

export default defineConfig(({ isSsrBuild }) => ({
  // The server's build (entry-server.tsx) needs none of the files the browser is sent.
  ...(isSsrBuild ? { publicDir: false } : {}),
  plugins: [react(), tailwindcss(), earlyInput(), finishBuild()],
  resolve: {
    alias: {
      '@shop/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
    },
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
    // Every browser the es2022 build runs in but Safari before 17 knows modulepreload; there a
    // page's chunks load as they are imported instead. Leaving out Vite's polyfill keeps 0.3 KB
    // gzip off every first load (the home page's budget, docs/performance.md).
    modulePreload: { polyfill: false },
    // Maps for debugging and for the page-weight check, but not published (finishBuild).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the chunk graph that scripts/check-budget.mjs weighs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone, in lower-case letters and digits: the home page's
        // bundle lists every chunk a lazy page preloads, and these names are shorter and
        // compress better than `name-Hash` (0.8 KB gzip of the home page's budget).
        chunkFileNames: 'assets/[hash].js',
        hashCharacters: 'base36',
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
