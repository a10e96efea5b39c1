// `npm run dev`: the API server (rebuilt and restarted on change) and Vite's dev server with
// the API proxied, in one terminal. Stop both with Ctrl+C.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';

const children = [
  spawn(
    'npx',
    ['tsc', '-p', 'apps/server/tsconfig.build.json', '--watch', '--preserveWatchOutput'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn(
    'node',
    ['--watch-path=apps/server/dist', '--enable-source-maps', 'apps/server/dist/main.js'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
