import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';

/** The config tests run with: quiet logs, no web app unless a test gives one. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    ...overrides,
  });
}

export async function buildTestApp(
  db: Db,
  overrides: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db });
  await app.ready();
  return app;
}
