import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Auth } from './auth.js';
import { createBootstrapAdminRepository } from './bootstrap-admin.repository.js';

/**
 * The generated admin's address: a random part nobody can guess (finding 18: the fixed
 * `admin@caseforge.example` was a known target for guessing and lock-outs), on a domain reserved
 * for examples, so no mail ever leaves for it. Logged once with the password.
 */
export function generatedAdminEmail(): string {
  return `admin-${randomBytes(8).toString('hex')}@caseforge.example`;
}

/** Why the shop refuses to start rather than hand an unproven identity the admin role. */
export class AdminBootstrapError extends ConfigError {}

/**
 * Makes sure the shop has an admin. ADMIN_EMAIL/ADMIN_PASSWORD create that account, or make it
 * admin when it exists and ADMIN_PASSWORD is its password: an identity someone else registered
 * first under that address is never promoted (the start is refused instead). Without them, an
 * empty shop gets one admin whose generated password is logged once.
 */
export async function bootstrapAdmin({
  auth,
  db,
  config,
  log,
}: {
  auth: Auth;
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<void> {
  const repository = createBootstrapAdminRepository(db);
  await repository.exclusively(async () => {
    let email: string;
    let password: string;
    if (config.admin) {
      email = config.admin.email.toLowerCase();
      password = config.admin.password;
    } else {
      if (await repository.hasAdmin()) return;
      email = generatedAdminEmail();
      password = randomBytes(12).toString('base64url');
    }

    const existing = await repository.findIdentity(email);
    // The admin's own account, whose password may have changed since: nothing to prove.
    if (existing?.isAdmin) return;
    if (existing) {
      const { password: hasher } = await auth.$context;
      const proven =
        existing.passwordHash !== null &&
        (await hasher.verify({ hash: existing.passwordHash, password }).catch(() => false));
      if (!proven) throw new AdminBootstrapError(refusal(email, config.admin !== undefined));
      await repository.promote(existing, email);
      log.info({ email }, 'existing account made admin: ADMIN_PASSWORD matches its password');
      return;
    }

    const result = await auth.api.signUpEmail({ body: { email, password, name: 'Admin' } });
    // Sign-up answers a taken address with a made-up user (finding 8): only the identity it
    // really created may be promoted.
    const created = await repository.findIdentity(email);
    if (created?.id !== result.user.id) {
      throw new AdminBootstrapError(refusal(email, config.admin !== undefined));
    }
    await repository.promote({ id: created.id, name: created.name }, email);
    if (config.admin) {
      log.info({ email }, 'admin account created from ADMIN_EMAIL');
    } else {
      // Shown once: the next start finds an admin and says nothing.
      log.warn(
        { email, password },
        'Created the first admin. Sign in with this email and password and keep them safe: the password is not shown again. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
      );
    }
  });
}

function refusal(email: string, chosen: boolean): string {
  return chosen
    ? `Refusing to start: an account for ADMIN_EMAIL ${email} already exists and ADMIN_PASSWORD is not its password, so it is not made admin (someone may have registered it first). Set ADMIN_PASSWORD to that account's password, or choose another ADMIN_EMAIL.`
    : `Refusing to start: the shop has no admin and an account for ${email} already exists that the shop did not create, so it is not made admin. Set ADMIN_EMAIL and ADMIN_PASSWORD to an admin account of your own.`;
}
