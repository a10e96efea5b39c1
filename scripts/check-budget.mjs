// Page-weight budget, run by `npm test` after the web build (`npm run test:budget`).
//
// 1. The JavaScript the home page loads before the user does anything is at most BUDGET_KB
//    gzip. That is the scripts and modulepreloads of dist/index.html, plus the static imports
//    of the home route's chunk as the router loads it at `/`, following Vite's manifest
//    (dist/.vite/manifest.json): static `imports` only, never `dynamicImports`.
// 2. The dashboard, admin and payment code (their pages, their feature folders, Stripe) lives in
//    chunks outside that set. Which source modules a chunk holds comes from its source map.
// 3. The build publishes no source maps: none in dist (they are written to
//    apps/web/dist-sourcemaps instead), and no file in dist names one (`sourceMappingURL`).
//
// Exits 1 with the figure and the largest contributors when either fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * 1 KB = 1024 bytes of gzip (level 6, as `npm run bench` reports). 120 until issue 13 put the
 * order list's link (with its count, read from storage) and each card's trade terms (category,
 * SKU, pack size, volume prices) on the home page: 120.1 KB with zod, the add-to-list form and
 * the product form's texts kept out of it. 122 leaves room for a fix, not for a feature.
 * 122.5 since issue 33 (122.08 KB): holding presses made before the page is taken over, on every
 * page (docs/decisions/2026-11-28-page-weight-budget-122-5-kb.md).
 */
const BUDGET_KB = 122.5;

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
/** The build's source maps, kept out of dist so that they are never served. */
const sourceMaps = path.join(web, 'dist-sourcemaps');
const manifestFile = path.join(dist, '.vite/manifest.json');

/** The home route's module, as the manifest and the source maps name it (relative to apps/web). */
const HOME_ROUTE = 'src/app/routes/home.tsx';

/**
 * Code the home page must not load. Each rule must match at least one module of the build, so
 * that a rename cannot turn the check into one that always passes.
 */
const SEPARATE = [
  {
    what: 'dashboard pages',
    modules: [
      'src/app/routes/dashboard-layout.tsx',
      'src/app/routes/profile.tsx',
      'src/app/routes/my-review.tsx',
      'src/features/orders/components/my-orders.tsx',
    ],
  },
  {
    what: 'admin pages',
    modules: [
      'src/app/routes/users.tsx',
      'src/app/routes/manage-products.tsx',
      'src/app/routes/manage-orders.tsx',
      'src/app/routes/add-product.tsx',
      'src/features/admin/',
    ],
  },
  {
    what: 'payment code',
    modules: ['src/app/routes/payment.tsx', 'src/features/payments/'],
  },
  { what: 'Stripe', modules: ['node_modules/@stripe/'] },
];

const fail = (message) => {
  console.error(`Page-weight budget: FAILED\n${message}`);
  process.exit(1);
};

if (!existsSync(manifestFile)) {
  fail(`${path.relative(root, manifestFile)} is missing: build the web app first (npm run build).`);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const readMap = (file) => {
  const mapFile = path.join(sourceMaps, `${file}.map`);
  return existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : null;
};

/**
 * Source modules of a built chunk, relative to apps/web, from its source map. Only generated
 * code (the bundler's runtime) comes without a map; the entry always has one.
 */
function modulesOf(file) {
  const map = readMap(file);
  if (!map) return [];
  const base = path.dirname(path.join(dist, file));
  return map.sources.map((source) =>
    path.relative(web, path.resolve(base, map.sourceRoot ?? '', source)).replaceAll(path.sep, '/'),
  );
}

/** A chunk and everything it imports statically. */
function withStaticImports(key, into) {
  const chunk = manifest[key];
  if (!chunk) fail(`The manifest has no chunk ${key}.`);
  if (into.has(chunk.file)) return into;
  into.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

// What dist/index.html loads: its module scripts and modulepreloads.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlFiles = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
  .map((match) => match[0])
  .filter((tag) => tag.startsWith('<script') || /\brel="modulepreload"/.test(tag))
  .map((tag) => /\b(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1])
  .filter(Boolean);
if (!htmlFiles.length) fail('dist/index.html loads no JavaScript: is this the Vite build?');
if (!readMap(htmlFiles[0]))
  fail(
    `${htmlFiles[0]} has no source map in apps/web/dist-sourcemaps: keep build.sourcemap 'hidden' and the finish-build plugin.`,
  );

/** file -> manifest key of every chunk the home page loads. */
const home = new Map();
for (const file of htmlFiles) {
  const key = byFile.get(file);
  if (!key) fail(`dist/index.html loads ${file}, which the manifest does not list.`);
  withStaticImports(key, home);
}
// The home route: either inside what index.html loads, or its own lazy chunk that the router
// fetches at `/` before the page shows, with its static imports.
if (manifest[HOME_ROUTE]) withStaticImports(HOME_ROUTE, home);
/** source module -> the chunks that hold it */
const owners = new Map();
for (const file of new Set(Object.values(manifest).map((chunk) => chunk.file))) {
  if (!file.endsWith('.js')) continue;
  for (const module of modulesOf(file)) owners.set(module, [...(owners.get(module) ?? []), file]);
}
if (!(owners.get(HOME_ROUTE) ?? []).some((file) => home.has(file))) {
  fail(`${HOME_ROUTE} is in no chunk the home page loads: update HOME_ROUTE in this script.`);
}

// 1. The weight.
const rows = [...home.keys()]
  .map((file) => ({
    file,
    kb: gzipSync(readFileSync(path.join(dist, file))).length / 1024,
    modules: modulesOf(file),
  }))
  .sort((a, b) => b.kb - a.kb);
const totalKb = rows.reduce((sum, row) => sum + row.kb, 0);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Minified bytes of a chunk per source index, from its source map's mappings. */
function bytesPerSource(file, map) {
  const lines = readFileSync(path.join(dist, file), 'utf8').split('\n');
  const bytes = new Array(map.sources.length).fill(0);
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const length = lines[lineIndex]?.length ?? 0;
    let column = 0;
    let previous = null; // [column, source] of the segment before
    for (const segment of line.split(',').filter(Boolean)) {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        shift += 5;
        if (!(digit & 32)) {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (previous && previous[1] !== null) bytes[previous[1]] += column - previous[0];
      if (fields.length > 1) source += fields[1];
      previous = [column, fields.length > 1 ? source : null];
    }
    if (previous && previous[1] !== null) bytes[previous[1]] += length - previous[0];
  });
  return bytes;
}

/** The biggest packages (grouped) and app files inside the home chunks, in minified bytes. */
function contributors() {
  const bytes = new Map();
  for (const row of rows) {
    const map = readMap(row.file);
    if (!map) continue;
    bytesPerSource(row.file, map).forEach((size, index) => {
      const module = row.modules[index];
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1] ?? module;
      bytes.set(name, (bytes.get(name) ?? 0) + size);
    });
  }
  return [...bytes.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, size]) => `    ${(size / 1024).toFixed(1).padStart(7)} KB minified  ${name}`)
    .join('\n');
}

const table = (indent) =>
  rows.map((row) => `${indent}${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`).join('\n');
const problems = [];
if (totalKb > BUDGET_KB) {
  problems.push(
    `the home page loads ${totalKb.toFixed(1)} KB gzip of JavaScript, over the ${BUDGET_KB} KB budget.\n` +
      `  Chunks (gzip):\n${table('    ')}\n  Largest contributors to those chunks:\n${contributors()}`,
  );
}

// 2. Dashboard, admin and payment code outside the home chunks.
for (const rule of SEPARATE) {
  for (const pattern of rule.modules) {
    const matches = [...owners.keys()].filter((module) => module.includes(pattern));
    if (!matches.length) {
      problems.push(`no module of the build matches ${pattern} (${rule.what}): update this script`);
    }
    for (const module of matches) {
      for (const file of owners.get(module).filter((owner) => home.has(owner))) {
        problems.push(`${module} (${rule.what}) is in ${file}, which the home page loads`);
      }
    }
  }
}
// 3. No source map published.
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
for (const file of walk(dist)) {
  const name = path.relative(dist, file);
  if (/\.map(\.(gz|br))?$/.test(name)) problems.push(`${name}: a source map inside dist is served`);
  if (/\.(js|css|html)$/.test(name) && readFileSync(file, 'utf8').includes('sourceMappingURL')) {
    problems.push(`${name} names a source map (sourceMappingURL): keep build.sourcemap 'hidden'`);
  }
}
if (problems.length) fail(`${problems.map((problem) => `  - ${problem}`).join('\n')}`);

console.log(
  `Page-weight budget: OK, the home page loads ${totalKb.toFixed(1)} KB gzip of JavaScript ` +
    `(budget ${BUDGET_KB} KB)\n${table('  ')}\n` +
    `Dashboard, admin, payment and Stripe code: in chunks the home page does not load.\n` +
    `No source map is published (they are in apps/web/dist-sourcemaps).`,
);
