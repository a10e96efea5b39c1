import { apiErrorSchema, messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-app.js';
import { testDatabases, type TestDb } from '../test/databases.js';
import { bearer, registerAccount, type TestAccount } from '../test/factories.js';
import { createSessionsRepository } from './sessions.repository.js';

describe.each(testDatabases)('the sessions behind API tokens on $name', (kind) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await kind.open();
    app = await buildTestApp(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** The account's shop user id and its identity session id, as its token carries them. */
  async function idsOf(account: TestAccount): Promise<{ userId: string; sessionId: string }> {
    const row = await db.kysely
      .selectFrom('users')
      .innerJoin('auth_session', 'auth_session.userId', 'users.uid')
      .select(['users.id as userId', 'auth_session.id as sessionId'])
      .where('users.email', '=', account.email)
      .executeTakeFirstOrThrow();
    return row;
  }

  const profile = (account: TestAccount) =>
    app.inject({
      method: 'GET',
      url: `/api/user/${encodeURIComponent(account.email)}`,
      headers: bearer(account.token),
    });

  it("finds a token's user with its role and whether its email is confirmed, only through that user's own session", async () => {
    const me = await registerAccount(app);
    const other = await registerAccount(app);
    const mine = await idsOf(me);
    const theirs = await idsOf(other);
    const sessions = createSessionsRepository(db.kysely);

    const found = await sessions.findTokenSession(mine.userId, mine.sessionId);
    expect(found?.user).toEqual({
      id: mine.userId,
      email: me.email,
      displayName: me.name,
      role: 'user',
      emailVerified: false,
    });
    expect(new Date(found!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    await db.kysely
      .updateTable('auth_user')
      .set({ emailVerified: db.dialect === 'postgres' ? true : 1 })
      .where('email', '=', me.email)
      .execute();
    expect((await sessions.findTokenSession(mine.userId, mine.sessionId))?.user.emailVerified).toBe(
      true,
    );
    // Another user's session does not vouch for this user, nor an id that was never issued.
    expect(await sessions.findTokenSession(mine.userId, theirs.sessionId)).toBeUndefined();
    expect(await sessions.findTokenSession(mine.userId, 'no-such-session')).toBeUndefined();
  });

  it('refuses a valid token once its session has expired in the database', async () => {
    const me = await registerAccount(app);
    expect((await profile(me)).statusCode).toBe(200);
    const { sessionId } = await idsOf(me);
    await db.kysely
      .updateTable('auth_session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionId)
      .execute();

    const res = await profile(me);
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).error).toEqual({
      code: 'unauthorized',
      message: messages.signedOutExpired,
    });
  });
});
