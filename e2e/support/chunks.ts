import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const manifestPath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist/.vite/manifest.json',
);

/**
 * The address of the built chunk that holds a web source file, e.g.
 * `chunkAddress('src/app/routes/blogs.tsx')` is `/assets/mcop5mqk.js`. Chunks are named by their
 * hash alone (docs/decisions/2026-11-26-chunk-names-by-hash.md), so a walk that makes one fail to
 * load finds it in Vite's manifest of the build it runs against.
 */
export function chunkAddress(source: string): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string } | undefined
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`No chunk holds ${source} in ${manifestPath}`);
  return `/${entry.file}`;
}
