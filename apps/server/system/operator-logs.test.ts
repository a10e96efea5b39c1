import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  removeDir,
  serverMain,
  startShop,
  stopAllShops,
  tempDir,
} from './support/shop.js';

/** What an operator reads: the log format, and stack traces that name the TypeScript sources. */
describe('operator logs of the built server', () => {
  afterAll(() => stopAllShops());

  it('writes readable lines with LOG_FORMAT=pretty, JSON lines otherwise', async () => {
    const pretty = await startShop({ name: 'pretty', env: { LOG_FORMAT: 'pretty' } });
    await fetch(`${pretty.url}/api/health`);
    await pretty.waitForOutput(/request completed/);
    expect(await pretty.stop(), pretty.tail()).toEqual({ code: 0, signal: null });
    const lines = pretty.output().split('\n').filter(Boolean);
    expect(
      lines.some((line) => /INFO.*request completed/.test(line)),
      pretty.tail(),
    ).toBe(true);
    expect(lines.filter((line) => line.startsWith('{"level"'))).toEqual([]);

    // Not a terminal, no LOG_FORMAT: JSON lines for whatever collects them.
    const json = await startShop({ name: 'json' });
    expect(await json.stop(), json.tail()).toEqual({ code: 0, signal: null });
    const first = json.output().split('\n')[0] ?? '';
    expect(JSON.parse(first)).toMatchObject({ level: 30 });
  });

  it('names the TypeScript sources in the stack trace of a failed start', async () => {
    const dataDir = tempDir('source-maps');
    try {
      const port = await freePort();
      // A database "in" a plain file: opening it throws from our code (db/database.ts).
      writeFileSync(path.join(dataDir, 'not-a-directory'), '');
      const child = spawn(process.execPath, [serverMain], {
        cwd: dataDir,
        env: {
          PATH: process.env['PATH'] ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: `file:${dataDir}/not-a-directory/shop.db`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(killer);
      expect(code, stderr).toBe(1);
      expect(stderr).toContain('The shop could not start');
      expect(stderr, stderr).toMatch(/apps\/server\/src\/db\/database\.ts:\d+:\d+/);
      expect(stderr).not.toMatch(/dist\/db\/database\.js/);
    } finally {
      removeDir(dataDir);
    }
  });
});
