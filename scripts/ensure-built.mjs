// Builds the shop when a build output is missing or older than its sources, so `npm start`
// and the browser tests always run what the working tree says, without rebuilding every time.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const r = (...parts) => path.join(root, ...parts);

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const sources = [
  r('package-lock.json'),
  r('tsconfig.base.json'),
  r('packages/shared'),
  r('apps/server/src'),
  r('apps/server/tsconfig.json'),
  r('apps/server/tsconfig.build.json'),
  r('apps/web/src'),
  r('apps/web/public'),
  r('apps/web/index.html'),
  r('apps/web/vite.config.ts'),
];
const outputs = [
  r('packages/shared/dist/index.js'),
  r('apps/server/dist/main.js'),
  r('apps/web/dist/index.html'),
];

const sourceTime = Math.max(...sources.map(newest));
const missing = outputs.filter((file) => !existsSync(file));
const outputTime = missing.length ? 0 : Math.min(...outputs.map((file) => statSync(file).mtimeMs));

if (missing.length || outputTime < sourceTime) {
  console.log(
    missing.length ? 'Building the shop…' : 'Sources changed since the last build: rebuilding…',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
