// `npm run bench`: performance measurements. The load benchmarks and the Lighthouse run arrive
// with the hardening work (issue 6); until then this reports the web app's bundle weight.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
execSync('node scripts/ensure-built.mjs', { cwd: root, stdio: 'inherit' });

const dist = path.join(root, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const kb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

console.log('JavaScript chunks (gzip):');
for (const file of assets.sort((a, b) => kb(`assets/${b}`) - kb(`assets/${a}`))) {
  const tag = entry.includes(`assets/${file}`) ? ' (loaded by index.html)' : '';
  console.log(`  ${kb(`assets/${file}`).toFixed(1).padStart(7)} KB  ${file}${tag}`);
}
const total = entry.reduce((sum, file) => sum + kb(file), 0);
console.log(`Loaded by index.html before any route: ${total.toFixed(1)} KB gzip`);
