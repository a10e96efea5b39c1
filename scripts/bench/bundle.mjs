// The web app's JavaScript weight (gzip), chunk by chunk, and what index.html loads before any
// route: the bundle report `npm run bench` has always printed.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Prints the report and returns its figures.
 * @param {string} root The repository.
 * @returns {{ chunks: { file: string, kb: number, entry: boolean }[], entryKb: number }}
 */
export function reportBundle(root) {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const kb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

  const chunks = assets
    .map((file) => ({
      file,
      kb: kb(`assets/${file}`),
      entry: entry.includes(`assets/${file}`),
    }))
    .sort((a, b) => b.kb - a.kb);
  console.log('JavaScript chunks (gzip):');
  for (const chunk of chunks) {
    const tag = chunk.entry ? ' (loaded by index.html)' : '';
    console.log(`  ${chunk.kb.toFixed(1).padStart(7)} KB  ${chunk.file}${tag}`);
  }
  const entryKb = entry.reduce((sum, file) => sum + kb(file), 0);
  console.log(`Loaded by index.html before any route: ${entryKb.toFixed(1)} KB gzip`);
  return { chunks, entryKb };
}
