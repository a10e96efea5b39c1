// Makes sure the shop is built before `npm start`, `npm run db:migrate` and the test scripts run it.
// Outside production it builds when a build output is missing or older than its sources, so they
// always run what the working tree says, without rebuilding every time. In production
// (NODE_ENV=production, from the environment or `.env`) it never builds: a deployment runs what
// `npm run build` made (the build tools may not even be installed), and a missing build stops the
// start with one line saying what to run.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

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

/** NODE_ENV as the server will see it: the environment first, then `.env` (config.ts's order). */
function nodeEnv() {
  if (process.env.NODE_ENV !== undefined) return process.env.NODE_ENV;
  const file = path.resolve('.env');
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')).NODE_ENV : undefined;
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
/** What the server cannot run without; a missing web build only makes it serve the API alone. */
const serverOutputs = [r('packages/shared/dist/index.js'), r('apps/server/dist/main.js')];
const outputs = [...serverOutputs, r('apps/web/dist/index.html')];

if (nodeEnv() === 'production') {
  const missing = serverOutputs.filter((file) => !existsSync(file));
  if (missing.length) {
    console.error(
      `The shop is not built (${missing.map((file) => path.relative(root, file)).join(', ')} missing): run \`npm run build\` first; with NODE_ENV=production \`npm start\` runs what was built and does not build.`,
    );
    process.exit(1);
  }
} else {
  const sourceTime = Math.max(...sources.map(newest));
  const missing = outputs.filter((file) => !existsSync(file));
  const outputTime = missing.length
    ? 0
    : Math.min(...outputs.map((file) => statSync(file).mtimeMs));

  if (missing.length || outputTime < sourceTime) {
    console.log(
      missing.length ? 'Building the shop…' : 'Sources changed since the last build: rebuilding…',
    );
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
}
