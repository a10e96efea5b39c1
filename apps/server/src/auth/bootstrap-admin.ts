import { randomBytes } from 'node:crypto';
import { EMAIL_PASSWORD_PROVIDER } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { nowIso } from '../db/time.js';
import type { Auth } from './auth.js';

const GENERATED_ADMIN_EMAIL = 'admin@caseforge.example';

/**
 * Makes sure the shop has an admin. ADMIN_EMAIL/ADMIN_PASSWORD create that account (or make it
 * admin); without them, an empty shop gets one admin whose generated password is logged once.
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
  let email: string;
  let password: string | undefined;
  if (config.admin) {
    email = config.admin.email.toLowerCase();
    password = config.admin.password;
  } else {
    const admin = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirst();
    if (admin) return;
    email = GENERATED_ADMIN_EMAIL;
    password = randomBytes(12).toString('base64url');
  }

  let identity = await db.kysely
    .selectFrom('auth_user')
    .select(['id', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
  let created = false;
  if (!identity) {
    const result = await auth.api.signUpEmail({ body: { email, password, name: 'Admin' } });
    identity = { id: result.user.id, name: result.user.name };
    created = true;
  }
  // The operator chose this address: no verification mail round trip for it.
  await db.kysely
    .updateTable('auth_user')
    .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
    .where('id', '=', identity.id)
    .execute();

  const now = nowIso();
  await db.kysely
    .insertInto('users')
    .values({
      id: newId(),
      email,
      uid: identity.id,
      display_name: identity.name,
      provider_id: EMAIL_PASSWORD_PROVIDER,
      role: 'admin',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doUpdateSet({ role: 'admin', updated_at: now }))
    .execute();

  if (!config.admin && created) {
    // Shown once: the next start finds an admin and says nothing.
    log.warn(
      { email, password },
      'Created the first admin. Sign in with this email and password and keep them safe: the password is not shown again. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
    );
  } else if (created) {
    log.info({ email }, 'admin account created from ADMIN_EMAIL');
  }
}
