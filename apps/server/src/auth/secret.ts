import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createSecretRepository } from './secret.repository.js';

/** The secret an older release generated into DATA_DIR, so its sessions stay valid. */
function legacySecret(config: Config): string | undefined {
  try {
    const stored = readFileSync(path.join(config.dataDir, 'auth-secret'), 'utf8').trim();
    return stored.length >= 32 ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The secret that signs sessions and API tokens: AUTH_SECRET when set (required in production),
 * otherwise one generated once and kept in the database, so restarts keep everyone signed in
 * and every instance on the same database accepts every other's tokens.
 */
export async function resolveAuthSecret(config: Config, db: Db): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const candidate = legacySecret(config) ?? randomBytes(32).toString('base64url');
  return createSecretRepository(db.kysely).keepFirst(candidate);
}
